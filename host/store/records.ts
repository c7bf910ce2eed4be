/**
 * What the store keeps: resolved actions (with their dice and provenance, outcome and events), undos, and
 * the session's working state (the action being set up with the dice gathered so far, follow-ups waiting,
 * phase, players' dice modes, bindings). The port is synchronous: SQLite commits before the call returns.
 */
import type { DicePlan } from "../../src/dice/plan.ts";
import type { Move } from "../../src/game/move-types.ts";
import type { Action, DieMark, FollowUp, GameEvent } from "../../src/game/types.ts";
import type { StoredGameSetup } from "../config/game-table.ts";
import type { Binding } from "../config/schema.ts";

/** Where one die of a result came from (kept with every resolved action). */
export type DieProvenance =
  | {
      readonly source: "die";
      readonly dieId: string;
      readonly family: string;
      readonly dieKind: string;
      readonly face: number;
      /** The die's colour (bound or reported), when known. */
      readonly color?: string;
      readonly at: number;
    }
  | { readonly source: "manual" | "software"; readonly value: number; readonly at: number };

/** A roll with what it may stand for. `colors`/`roles` empty = any; no `side` = any side's slot. */
export interface Roll {
  readonly from: DieProvenance;
  readonly colors: readonly string[];
  readonly roles: readonly string[];
  /** The side the die is bound to (or the side whose slot a typed or host-rolled value was given for). */
  readonly side?: string;
}

/** A roll placed in a plan entry, with the value the rules read. */
export interface PlacedDie {
  readonly entry: number;
  readonly value: number;
  readonly from: DieProvenance;
  readonly color: string | null;
  /** The plan entry's role (absent in records from before dice were labelled: read it from the plan). */
  readonly role?: string;
  /** The side whose slot the die filled, in a roll several sides make (the plan entry's `side`). */
  readonly side?: string;
  /** How the rules counted this die (a hit or a miss), when the rule set marks dice; set at resolution. */
  readonly mark?: Exclude<DieMark, null>;
}

/**
 * The action being set up: its type, the fields chosen so far (ships by tapping, the rest on /control),
 * where it came from, and the rolls gathered for it.
 */
export interface Draft {
  readonly type: string;
  readonly values: Readonly<Record<string, unknown>>;
  /** `table` = set up by taps and /control; `api` = POST /api/actions; `follow-up` = demanded by the rules. */
  readonly origin: "table" | "api" | "follow-up";
  /** Why the rules demand it (follow-ups). */
  readonly purpose?: string;
  readonly rolls: readonly Roll[];
  /** The choice field the button pad is cycling (`next-choice`); Confirm keeps its value and lets it go. */
  readonly choosing?: string;
}

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
  /** The turn, counted by the phase order wrapping (1 in snapshots from before turns were counted). */
  readonly turn?: number;
  /** A phase's own roll (initiative, wind) set aside by a firing action started from the table; it comes back after. */
  readonly aside?: Draft | null;
  /** The option of the choice the rules ask (head follow-up) that the pad's next-choice shows, until Confirm answers it. */
  readonly picking?: number | null;
  /** A choice of several options: the options ticked from the pad or /control (absent: the ones the table measured). */
  readonly ticked?: readonly number[] | null;
  /** What the last undo undid, until the next action resolves: every page shows it, also one opened later. */
  /** What the last undo undid: its log `seq`, its result number in the game (`number`, absent before numbers were kept). */
  readonly lastUndo?: { readonly seq: number; readonly number?: number; readonly description: string; readonly at: number } | null;
  /** Set-up by touch: the ship waiting for the next tag read, or the binding the next die rolled takes. */
  readonly assigning?: Assigning | null;
  /** Each ship's latest position as seen on the table, by ship id (kept so a restart does not scatter the fleet). */
  readonly positions?: Readonly<Record<string, ShipPosition>>;
  /** The movement phase's moves (host/session/move-watch.ts): where each ship's move began, the one under way. */
  readonly moves?: MoveWatch | null;
}

/** A ship's place and heading on the table (mm, degrees clockwise from north). */
export interface Pose {
  readonly x: number;
  readonly y: number;
  readonly heading: number;
}

/** A move as the rules judged it, for the display (docs/reference/request-result.md "Moves": the result's `move`). */
export type JudgedMove = Move;

/**
 * The movement phase as the table watches it (host/session/move-watch.ts), kept with the game so a restart keeps it:
 * where each ship stood when her move began, the ship whose move is under way, the moves already logged, and the
 * rules' judgement of the move under way and where she may end it, as the last sighting left them.
 */
export interface MoveWatch {
  /** Where each ship stood when her move began (kept as the phase opened, or when she was tapped or first seen in it). */
  readonly starts: Readonly<Record<string, Pose>>;
  /** The ship whose move is under way (tapped, or seen moving), or null. */
  readonly moving: string | null;
  /** Ships whose move this phase is logged. */
  readonly done: readonly string[];
  /** The moving ship's move as the rules judge it now, or null (not moved yet, or her position unknown). */
  readonly judged: JudgedMove | null;
  /**
   * Where the moving ship may end her move: pieces whose union is the area, each in table mm, anticlockwise; null when
   * the rules draw none. (A game kept before 2026-12-08 may hold `polygon`, one hull: the view reads it as one piece.)
   */
  readonly reach: { readonly ship: string; readonly polygons: readonly (readonly (readonly [number, number])[])[] } | null;
  /** The last record's seq as the phase opened: her movement action resolved after it belongs to this move. */
  readonly after?: number;
  /** Why the rules refused to judge the move under way (a move of metres): said once, kept until it changes. */
  readonly refused?: string;
}

/** A ship's latest position (docs/reference/request-result.md table coordinates), with when it was seen, by what, and how sure. */
export interface ShipPosition {
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  /** mm. */
  readonly uncertainty: number;
  /** When it was seen (ms since the epoch). */
  readonly at: number;
  /** The source that saw it (`camera`, `table`). */
  readonly source: string;
  /** How long (ms) the sighting holds unless seen again; absent: until the ship is moved. */
  readonly holdsFor?: number;
}

/** Set-up by touch: what the table waits for (host/session/assigning.ts). */
export type Assigning =
  | { readonly kind: "tag"; readonly ship: string }
  /** The ship waiting for the next ship marker the camera sees come into view. */
  | { readonly kind: "marker"; readonly ship: string }
  /** The binding the next die rolled takes (its roles, colours, side). */
  | { readonly kind: "die"; readonly binding: Omit<Binding, "die"> };

/** A row of the log as replay reads it. */
export type LogRow =
  | { readonly seq: number; readonly kind: "action"; readonly at: number; readonly record: ResolvedRecord }
  | { readonly seq: number; readonly kind: "undo"; readonly at: number; readonly undoes: number };

/**
 * What the store keeps of a game: its identity (rule set, starting state, data), its table-file set-up when kept,
 * and the tags given at the table. Written in host/config (game-table.ts), which cannot import the store.
 */
export type GameSetup = StoredGameSetup;

/** What tells one table file's game from another's: its rule set, starting state and data (not its title). */
export const setupKey = (setup: GameSetup): string => JSON.stringify([setup.ruleset, setup.start, setup.data ?? null]);

/** Whether two set-ups start the same game. */
export const sameGame = (a: GameSetup, b: GameSetup): boolean => setupKey(a) === setupKey(b);

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
  /** Keeps a tag given to a ship at the table with the game's set-up (it wins over the table file's for that tag). */
  assignTag(uid: string, ship: string): void;
  /** Keeps a ship marker given to a ship at the table (shown to the camera) with the game's set-up: it wins over roster order. */
  assignMarker(ship: string, marker: number): void;
  /** Throws the store's error when the game file is deleted or replaced, or (`write`) does not take a write now. */
  probe(write: boolean): void;
  /** Brings every commit so far to the disk before returning (a person's write the table acknowledges). */
  sync(): void;
}
