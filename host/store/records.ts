/**
 * What the store keeps: resolved actions (with their dice and provenance, outcome and events), undos, and
 * the session's working state (the action being set up with the dice gathered so far, follow-ups waiting,
 * phase, players' dice modes, bindings). The port is synchronous: SQLite commits before the call returns.
 */
import type { DicePlan } from "../../src/dice/plan.ts";
import type { Action, FollowUp, GameEvent } from "../../src/game/types.ts";
import type { Binding } from "../config/schema.ts";
import type { PlacedDie } from "../session/dice-gather.ts";
import type { Draft } from "../session/draft.ts";

/** One resolved action: the unit of the event log and of undo. */
export interface ResolvedRecord {
  readonly seq: number;
  readonly at: number;
  readonly action: Action;
  readonly plan: DicePlan;
  readonly dice: readonly PlacedDie[];
  readonly outcome: Readonly<Record<string, unknown>>;
  readonly events: readonly GameEvent[];
  readonly followUps: readonly FollowUp[];
  readonly description: string;
  /** The follow-ups that were waiting when it was resolved (its own demand first, if it answered one): undo restores them. */
  readonly waiting?: readonly FollowUp[];
}

export type DiceMode = "electronic" | "manual" | "software";

/** The session's working state, saved on every change. */
export interface SessionSnapshot {
  readonly draft: Draft | null;
  readonly followUps: readonly FollowUp[];
  readonly phase: number;
  readonly players: Readonly<Record<string, DiceMode>>;
  readonly bindings: readonly Binding[];
  readonly focus: string | null;
}

/** A row of the log as replay reads it. */
export type LogRow =
  | { readonly seq: number; readonly kind: "action"; readonly at: number; readonly record: ResolvedRecord }
  | { readonly seq: number; readonly kind: "undo"; readonly at: number; readonly undoes: number };

/** The table's identity in the store: the rule set and the starting state. */
export interface GameSetup {
  readonly ruleset: string;
  readonly title: string;
  readonly start: unknown;
  readonly data: unknown;
}

/** What a game store holds when the session opens. */
export interface StoreLoad {
  readonly records: ResolvedRecord[];
  readonly snapshot: SessionSnapshot | null;
  /** Set when a snapshot was stored but could not be read: the session rebuilds from the log and says so. */
  readonly snapshotProblem?: string;
}

/** The store of one game. Every method commits before it returns. */
export interface GameStore {
  /** Resolved actions still in effect (undone ones removed), in order, and the last snapshot. */
  load(): StoreLoad;
  /** The next sequence number a record will get. */
  nextSeq(): number;
  /** One transaction: the resolved action and the snapshot after it. */
  commitAction(record: ResolvedRecord, snapshot: SessionSnapshot): void;
  /** One transaction: the undo of `seq` and the snapshot after it. */
  commitUndo(seq: number, at: number, snapshot: SessionSnapshot): void;
  saveSnapshot(snapshot: SessionSnapshot): void;
}
