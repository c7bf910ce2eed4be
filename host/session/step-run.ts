/**
 * What the step's concerns (`step-phase.ts`, `step-tap.ts`, `step-dice.ts`, `step-setup.ts`, `step-pad.ts`) see of the step
 * that runs them: the working state being changed, the effects so far, the game as the step has left it, and the
 * few moves every concern ends with (store the draft, resolve when the dice are in, save and push, say something).
 * The step itself (`step.ts`) implements it.
 */
import type { TableState } from "../../src/game/types.ts";
import type { Result } from "../../src/result.ts";
import type { SessionSnapshot } from "../store/records.ts";
import type { Draft, DraftStatus } from "./draft.ts";
import type { DieRefusal } from "./refused-dice.ts";
import type { Effect, GameSoFar, Notice, SessionInput, StepEnv } from "./session-types.ts";

/** The working state, writable while the step runs. */
export type WorkingState = { -readonly [K in keyof SessionSnapshot]: SessionSnapshot[K] };

/** A draft's status with what it was computed from (the step computes it again only when one of them changed). */
export interface StatusMemo {
  draft: Draft | null;
  game: TableState;
  players: unknown;
  bindings: unknown;
  phase: number;
  positions: unknown;
  /** Where the ships' moves began (a movement phase): the move made is measured from there. */
  starts: unknown;
  status: DraftStatus | null;
}

/** One step while it runs, as its concerns use it. */
export interface StepRun {
  readonly work: WorkingState;
  readonly effects: Effect[];
  readonly env: StepEnv;
  /** The game as this step has left it so far. */
  readonly game: GameSoFar;
  /** Turn steps played on their own in this step (a bound, should a rule set's turn loop). */
  playedOn: number;
  /** The game as this step leaves it (a result resolved or undone). */
  played(game: GameSoFar): void;
  /** The action ships tapped set up in the phase the table is in (`turn.ts`' `tapAction`, read once per session). */
  taps(): string | null;
  /** The dial turns when the step changed the wind from `before`'s, as the rule set shows it. */
  windAfter(before: TableState): void;
  /** The draft's status, computed once per draft and context. */
  status(draft: Draft | null): DraftStatus | null;
  /**
   * Raises another input (a button's command, a tag's tap, Confirm's software roll): played after the current one
   * has finished, within this step. `refusal`: said as a notice, or the step's answer (`raise` then answers ok).
   */
  raise(i: SessionInput, refusal: "notice" | "answer"): Result<null>;
  /** Stores the draft (or passes the refusal on), then resolves it if its dice are in. */
  setDraft(draft: Result<Draft>): Result<null>;
  /** After the draft changed: resolve when the dice are in, else save and push. */
  afterDraftChange(force?: boolean): Result<null>;
  /** The phase's roll set aside by a tap comes back (after the action it made way for, or when that is cancelled). */
  restoreAside(): void;
  /** Resolves the draft whose dice are in: commit the record, the follow-ups it demands next. */
  resolve(st: DraftStatus): Result<null>;
  /** The option the pad showed belongs to the choice at the head: gone with it. */
  unpick(): void;
  /** Save the snapshot and push the view. */
  changed(): Result<null>;
  notice(level: Notice["level"], text: string, device?: string): void;
  /** A die not counted: a notice that later dice refused for the same reason join (refused-dice.ts). */
  refused(level: Notice["level"], r: DieRefusal): void;
}
