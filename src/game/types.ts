/**
 * The rule-set interface every `src/rulesets/<id>` implements, with its turn, views and the shapes it answers in;
 * the state, action and resolution shapes it is made of are table-state.ts's, exported here too.
 */

import type { TObject } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import type { DiceDef } from "../dice/roles.ts";
import type { BaseSize } from "../geometry/base.ts";
import type { Result } from "../result.ts";
import type { ActionMeasures } from "./measure.ts";
import type { OutcomeFact } from "./outcome-facts.ts";
import type { Severity } from "./ship-status.ts";
import type { Action, DataFileDef, DieMark, FollowUp, GameEvent, Odds, Outcome, Resolution, TableState } from "./table-state.ts";

export type {
  Action,
  Choice,
  DataFileDef,
  DieMark,
  FollowUp,
  GameEvent,
  Odds,
  Outcome,
  Resolution,
  Settings,
  ShipBase,
  TableState,
} from "./table-state.ts";

/** How the rules ended a game: the winning side (null when the text names none) and why, in the text's words. */
export interface GameEnd {
  readonly winner: string | null;
  readonly reason: string;
}

/** A named setting: an optional rule or a value the text leaves unstated, with the sentence it reads. */
export interface SettingDef {
  readonly name: string;
  /** The option's name as players read it on /games/new ("Aim at the hull up to (hexes)"), never its key. */
  readonly label: string;
  readonly default: boolean | number | string;
  readonly description: string;
  /** Allowed values for string settings. */
  readonly values?: readonly string[];
}

/**
 * One input of an action, so the host can build its forms and tap flows without knowing the rule set. Read off the
 * action's schema by `fieldsOf` (fields.ts); never written by hand.
 */
export interface ActionField {
  readonly name: string;
  readonly label: string;
  /** `ship` fields are filled by tapping ship bases, in field order (firer, then target). */
  readonly type: "ship" | "ships" | "number" | "boolean" | "enum" | "string";
  readonly values?: readonly (string | number)[];
  /** What players call each of `values`, by the value (the rule set's words); a value without one is shown as it is. */
  readonly valueLabels?: Readonly<Record<string, string>>;
  readonly default?: unknown;
  readonly optional?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** An action type a rule set accepts, described for menus, forms and help. */
export interface ActionDef {
  readonly type: string;
  /** The action's name for players, in its rule text's words ("Broadside", "Wind change"): 1–4 words, no id. */
  readonly title: string;
  readonly description: string;
  readonly fields: readonly ActionField[];
}

/**
 * The wind as the dial and display show it, whatever the rule set's own wind fields are.
 * `fromDegrees` is the bearing the wind blows FROM (0 = north, clockwise), like a weather vane.
 */
export interface WindView {
  readonly system: "compass8" | "compass16" | "hex6" | "edge4";
  readonly fromDegrees: number;
  /** What players read: "wind from the W", "windward edge N", "NE, strong". */
  readonly label: string;
  /** Strength or speed in the rule set's words, if it has one. */
  readonly strength?: string;
  /** A change announced but not yet in effect (wsim-battle-v3 warns a turn ahead). */
  readonly pending?: string;
}

/** A ship drawn like its paper log: tracks of boxes, status words and facts. */
export interface ShipView {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Condition words for the display: `worn`, `on fire`, `destroyed`, `captured`, … */
  readonly status: readonly string[];
  /** How bad each status word is (same order as `status`); `out` marks a ship out of the fight. */
  readonly severity: readonly Severity[];
  /** Rows of boxes like the paper log: hull sections, speed boxes, gun decks … */
  readonly tracks: ReadonlyArray<{ readonly label: string; readonly boxes: number; readonly marked: number }>;
  readonly facts: ReadonlyArray<{ readonly label: string; readonly value: string }>;
}

/** Who wins by the rule set's own victory condition, in the state given, and why (with the text's words). */
export interface Victory {
  /** The winning side, or null when the condition names no one yet (no damage, a tie). */
  readonly winner: string | null;
  readonly reason: string;
}

/**
 * A set-up the rules accept but that costs a side something the players may not expect (a 1666 squadron with no
 * flagship marked rolls initiative at −1): said at set-up and when the game opens, never refused.
 */
export interface SetupWarning {
  /** Stable dotted code (`setup.no-flagship`). */
  readonly code: string;
  /** The sentence, in the text's words, with what to do about it. */
  readonly message: string;
  /** The ships concerned. */
  readonly ships: readonly string[];
}

/** A group of ships with a breakpoint in the rules (Sole Bay's squadrons): its losses against its share. */
export interface Breakpoint {
  readonly side: string;
  /** The group's name (the squadron). */
  readonly group: string;
  /** Ships that count for the breakpoint, and how many of them are lost. */
  readonly counted: number;
  readonly lost: number;
  /** Whether its losses have reached the share that calls for a test. */
  readonly reached: boolean;
  /** Whether it failed a test and broke off. */
  readonly broken: boolean;
}

/** An action the text plays at the end of a phase or of the turn, prompted like a roll the rules demand. */
export interface TurnStep {
  /** The action type: one needing no dice is resolved at once (its rolls come as its follow-ups); one with dice is asked for. */
  readonly action: string;
  /** What the table shows while it waits ("End of round: roll for the wind"). */
  readonly purpose: string;
}

/** One phase of the turn as the text plays it. */
export interface PhaseDef {
  readonly name: string;
  /**
   * What the phase is for, in the text's words, shown while nothing is set up in it ("Both sides move their ships").
   * Absent: the titles of its actions.
   */
  readonly purpose?: string;
  /**
   * The action types the text plays in this phase, so the table can note an action started outside them (it stays
   * allowed). An action in no phase's list (set-up such as `set-wind`, bookkeeping, rolls the rules demand as
   * follow-ups) belongs to no phase and is never noted.
   */
  readonly actions: readonly string[];
  /** The roll the phase opens with, set up when the table enters it (initiative, wind). */
  readonly opens?: string;
  /**
   * The action ships tapped mean in this phase: its ship fields filled in the order tapped (firer, then target).
   * Absent: the rule set's firing action (the first with a firer and a target) if the phase plays it, else none — a
   * tap only shows the ship, and the display says what the phase is for.
   */
  readonly taps?: string;
  /** What the text plays when the phase ends (Sole Bay: fires and fireships after movement). */
  readonly ends?: TurnStep;
  /**
   * Whether ships are moved on the table in this phase, so the table watches each move (issue 43). Absent: when the
   * phase plays a movement action (one whose measures judge a move). WS&IM's movement plotting plays its plot, which
   * judges a move made, but the ships move in the movement phase after it: false.
   */
  readonly moves?: boolean;
  /**
   * The rolls the text makes due as the table enters the phase, from the state then (Age of Sail's fire removal
   * stage: each burning ship of the side whose stage it is): asked for in order, before the phase's opening roll.
   * A method, so a rule set declares it over its own state.
   */
  due?(state: TableState): readonly FollowUp[];
}

/** The turn as the text plays it: its phases in order, and what ends the turn (after the last phase's own end). */
export interface TurnDef {
  readonly phases: readonly PhaseDef[];
  /** The action that ends the turn (and advances `turnOf`): 1666's end of move, WS&IM's next turn, Age of Sail's wind. */
  readonly ends?: TurnStep;
}

/**
 * A rule set. Every function is pure: dice come in as values, nothing reads a clock or does I/O.
 * `parseState` validates a request's ships/wind/game against the rule set's fields and fills defaults.
 */
export interface RuleSet<S extends TableState = TableState> {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly settings: readonly SettingDef[];
  /**
   * The fields of a ship's set-up, for set-up forms and roster columns (after side, id, name and tag): labels,
   * choices, bounds, defaults (`shipFieldsOf`). Absent: a form asks only for id and name.
   */
  readonly shipFields?: readonly ActionField[];
  /**
   * The roles its dice play and the colours its rules tell dice apart by, in words (`src/dice/roles.ts`): what a die
   * may be bound to, offered as choices on /games/new and /devices. Every role and colour its plans use is here.
   */
  readonly dice: DiceDef;
  /**
   * The action types this rule set accepts. Rule sets with wind offer `set-wind` (a person or scenario sets
   * it, no dice) and, when the rules roll for it, `wind`.
   */
  readonly actions: readonly ActionDef[];
  /** The turn sequence's phases' names in order, for the display: `turn.phases`' names (filled in from `turn`). */
  readonly phases: readonly string[];
  /**
   * The turn as the text plays it, declared once: its phases (what each plays, opens with, means by a tap, ends
   * with) and what ends the turn. The table walks it with next-phase and never needs to know which rule set it runs.
   */
  readonly turn: TurnDef;
  /** The phases as players read them in this state ("Royal Navy: move" once the move order is known); default `phases`. */
  phaseNames?(state: S): readonly string[];
  /**
   * The game turn, for rule sets whose state counts turns (`game.turn`); absent: the table counts its phase order.
   * When it is given, the turn's end (`turn.ends`) is what advances it, and the table's phase follows it round.
   */
  turnOf?(state: S): number;
  /**
   * The phase (index into `phases`) as the state records it, for rule sets whose rules read the phase (Quickfire's
   * `game.phase`); null while the state does not track it. Absent: only the table knows the phase.
   */
  phaseOf?(state: S): number | null;
  /** The data file this rule set accepts, if any. */
  readonly dataFile?: DataFileDef;
  /** Validates a request's ships/wind/game/settings and fills defaults; `data` is a parsed data file or undefined (use the default). */
  parseState(raw: { ships?: unknown; wind?: unknown; game?: unknown; settings?: unknown }, data?: unknown): Result<S>;
  parseAction(state: S, raw: unknown): Result<Action>;
  plan(state: S, action: Action): Result<DicePlan>;
  odds(state: S, action: Action): Result<Odds>;
  resolve(state: S, action: Action, dice: readonly number[][]): Result<Resolution>;
  /** Folds one event into the state (a reducer; no dice, no decisions). */
  applyEvent(state: S, event: GameEvent): S;
  /** The wind for the dial and display, or null when the rule set has none. */
  windView(state: S): WindView | null;
  /** Every ship as its log is drawn. */
  shipViews(state: S): ShipView[];
  /** One sentence for the display and screen readers: "3 hits on Royal James — now Worn". */
  describe(state: S, action: Action, outcome: Outcome): string;
  /**
   * The outcome as typed facts (label, kind, value in words, unit) read off the action's outcome schema, for the
   * pages and the report to render without reading keys (docs/reference/request-result.md).
   */
  facts(state: S, action: Action, outcome: Outcome): readonly OutcomeFact[];
  /** Each action type's outcome schema (src/game/outcome.ts), by action type: what `facts` reads. */
  readonly outcomeSchemas?: Readonly<Record<string, TObject>>;
  /**
   * Optional: which dice hit and which missed, per plan entry, so the display can mark the faces that made a
   * result. Takes the state before the action. Rule sets without a per-die reading leave it out.
   */
  markDice?(state: S, action: Action, dice: readonly (readonly number[])[]): DieMark[][];
  /** Optional: the winner by the text's own victory condition; left out where the text has none. */
  victory?(state: S): Victory;
  /** Optional: each group's breakpoint, where the text has breakpoints. */
  breakpoints?(state: S): readonly Breakpoint[];
  /**
   * Optional: the text's own end of the game besides "a side with no ship afloat", which every rule set has
   * (`gameEndOf` in `game-end.ts`): 1666's gale, Sole Bay's squadrons all broken. Null while the game goes on.
   */
  gameEnd?(state: S): GameEnd | null;
  /** Optional: what the set-up costs a side that the players may not expect (see {@link SetupWarning}). */
  setupWarnings?(state: S): readonly SetupWarning[];
  /**
   * A ship's base when its `base` field is not given (docs/reference/request-result.md), in mm; documented in docs/rules/<id>.md.
   * Absent: the rule set measures nothing from positions.
   */
  readonly defaultBase?: BaseSize;
  /**
   * How each action type's geometric fields are measured from positions (`measureAction`), by action type. Typed
   * over any state (each action's measurers are written for its own rule set's state, which is the one they get).
   */
  readonly measures?: Readonly<Record<string, ActionMeasures>>;
  /**
   * The range bands of a firing action, by action type, as the table's map draws them: rings round the firer at each
   * band's outer edge (mm, base to base) with the band's name in the text's words.
   */
  readonly rangeRings?: Readonly<Record<string, readonly { readonly label: string; readonly mm: number }[]>>;
  /**
   * Rings that depend on the action (an explosion's rolled radius), by action type, as the table's map draws them
   * round the action's first ship (mm, base to base).
   */
  readonly actionRings?: Readonly<Record<string, (action: Action) => readonly { readonly label: string; readonly mm: number }[]>>;
}
