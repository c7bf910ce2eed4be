/**
 * The session's vocabulary: what a table session is built from, the inputs and effects of its steps
 * (`step.ts`), and what it tells its listeners.
 */
import type { DeviceHealth, Reading } from "../../devices/readings.ts";
import type { RuleSet, TableState, WindView } from "../../src/game/types.ts";
import type { Result } from "../../src/result.ts";
import type { TableSetup } from "../config/load.ts";
import type { Binding } from "../config/schema.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { DiceMode, GameStore, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import type { Assigning } from "./assigning.ts";
import type { Draft, DraftStatus, OddsCache } from "./draft.ts";
import type { Notice } from "./notice.ts";
import type { TurnShape } from "./turn.ts";

export type { Notice };

export interface SessionDeps {
  readonly setup: TableSetup;
  readonly store: GameStore;
  readonly now: () => number;
  /** A uniformly random face 1..sides, for players on software dice. */
  readonly randomFace: (sides: number) => number;
  /** Current device health (dice colours, how many dice are at hand). */
  readonly deviceHealth: () => readonly DeviceHealth[];
  /** The game file began refusing writes (the store's message, for the log). */
  readonly onStoreProblem?: (detail: string) => void;
}

/** What happened, for the live feed and the dial. */
export type SessionEvent =
  | { readonly type: "result"; readonly record: ResolvedRecord }
  | { readonly type: "undo"; readonly seq: number; readonly description: string }
  | { readonly type: "wind"; readonly wind: WindView | null }
  | { readonly type: "notice"; readonly notice: Notice }
  | { readonly type: "focus"; readonly ship: string }
  /** The pad's Log button was pressed: the display's night's log goes a page older (opening, and closing after the oldest). */
  | { readonly type: "log" };

export type SessionListener = (events: readonly SessionEvent[]) => void;

/** What comes into the session: a device reading, or a request from /control, the API or a button. */
export type SessionInput =
  | { readonly type: "reading"; readonly reading: Reading }
  | { readonly type: "tap"; readonly ship: string }
  | { readonly type: "edit"; readonly actionType: string | undefined; readonly values: Readonly<Record<string, unknown>> }
  | { readonly type: "start"; readonly action: unknown }
  | { readonly type: "dice"; readonly values: readonly unknown[] }
  | { readonly type: "software-roll" }
  | { readonly type: "choose"; readonly value: unknown }
  | { readonly type: "confirm" }
  | { readonly type: "cancel" }
  | { readonly type: "undo" }
  | { readonly type: "next-phase" }
  /** The pad's `next-choice` (`back`: `prev-choice`): the choice field it is on takes its next value. */
  | { readonly type: "next-choice"; readonly back?: boolean }
  /** The pad's `log`: the night's log on the display a page older (opened on the newest, closed after the oldest). */
  | { readonly type: "log" }
  | { readonly type: "player"; readonly side: string; readonly mode: DiceMode }
  | { readonly type: "bind"; readonly binding: Binding }
  | { readonly type: "unbind"; readonly die: string }
  | { readonly type: "announce"; readonly text: string; readonly device?: string }
  /** Set-up by touch: wait for a ship's tag or a die to bind (null: stop waiting). */
  | { readonly type: "assign"; readonly assigning: Assigning | null };

/** What a step asks the interpreter to do, in order. Snapshots are the working state after the step. */
export type Effect =
  | {
      readonly kind: "commit-action";
      readonly record: ResolvedRecord;
      readonly state: TableState;
      readonly snapshot: SessionSnapshot;
      /** The draft resolved, with its dice: kept on the table when the commit fails, so nothing rolled is lost. */
      readonly draft: Draft | null;
    }
  | {
      readonly kind: "commit-undo";
      readonly seq: number;
      readonly at: number;
      readonly description: string;
      readonly state: TableState;
      readonly snapshot: SessionSnapshot;
    }
  | { readonly kind: "save"; readonly snapshot: SessionSnapshot }
  /** The wind changed: turn the dial (and tell the live feed). */
  | { readonly kind: "dial"; readonly wind: WindView | null }
  | { readonly kind: "notice"; readonly notice: Notice }
  /** A ship was tapped: show its log. */
  | { readonly kind: "focus"; readonly ship: string }
  /** The pad's Log button: page the display's night's log (the server keeps which page the display shows). */
  | { readonly kind: "log" }
  /** A tag was given to a ship at the table: keep it with the game. */
  | { readonly kind: "tag"; readonly uid: string; readonly ship: string }
  /** A ship marker was given to a ship at the table (shown to the camera): keep it with the game. */
  | { readonly kind: "marker"; readonly marker: number; readonly ship: string }
  /** Tell listeners of the change (they push the view). */
  | { readonly kind: "push" };

/** The game so far: the starting state, the resolved records in effect and the state they fold to. */
export interface GameSoFar {
  readonly initial: TableState;
  readonly records: readonly ResolvedRecord[];
  readonly state: TableState;
}

/** What a step reads besides the working state. */
export interface StepEnv {
  readonly rs: RuleSet;
  /** The table's tag UIDs (upper-case hex) → ship ids. */
  readonly tags: Readonly<Record<string, string>>;
  /** Ship ids → the ship markers given them at the table (the others carry theirs by roster order). */
  readonly markers?: Readonly<Record<string, number>>;
  readonly game: GameSoFar;
  /** The status the last step left for `work` (computed again only if the draft, its context or the game changed). */
  readonly status: DraftStatus | null;
  /** The devices' health when the step began (dice at hand, which dice exist). */
  readonly health: readonly DeviceHealth[];
  readonly odds: OddsCache;
  readonly now: () => number;
  readonly nextSeq: () => number;
  /** A uniformly random face 1..sides, for players on software dice. */
  readonly randomFace: (sides: number) => number;
  /** The playing area (the table file's or scenario's `table`), for geometry measured to its edges. */
  readonly layout?: TableLayout;
  /** The turn's shape, read from the rule set once per session (`turn.ts`). */
  readonly turn: TurnShape;
}

export interface StepResult {
  readonly work: SessionSnapshot;
  /** The status of `work.draft` against the game after the step. */
  readonly status: DraftStatus | null;
  readonly effects: readonly Effect[];
  /** The answer to the caller: null, or why the input was refused. */
  readonly result: Result<null>;
}
