/**
 * The shapes a rule set's state, actions and resolutions are made of: table state, actions, events, follow-ups,
 * outcomes, resolutions and odds. A leaf of the kernel (it imports nothing of src/game), so the kernel's modules that
 * the rule-set interface (types.ts) names can read these shapes without an import loop.
 */
import type { BaseSize } from "../geometry/base.ts";
import type { SummaryFigure } from "../odds/figures.ts";
import type { Headline } from "../odds/headline.ts";
import type { Result } from "../result.ts";

/** Fields every rule set's ship has (docs/reference/request-result.md); rule sets add their own. */
export interface ShipBase {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** The model's base in mm (ship field `base`); absent: the rule set's `defaultBase` (docs/rules/<id>.md). */
  readonly base?: BaseSize;
}

/** Values of a rule set's named settings (interpretations of unstated values, optional rules). */
export type Settings = Readonly<Record<string, boolean | number | string>>;

/**
 * Everything a rule set needs to know about the table. `game` holds rule-set state that is neither a ship
 * nor the wind (turn, phase, pending fire ships …), passed back in the next request like `wind`.
 */
export interface TableState<Ship extends ShipBase = ShipBase, Wind = unknown> {
  readonly ships: readonly Ship[];
  readonly wind: Wind;
  readonly game: Readonly<Record<string, unknown>>;
  readonly settings: Settings;
  /** The rule set's loaded data file (a club's chart or tables), or its built-in default; null if it has none. */
  readonly data: unknown;
}

/**
 * A rule set's replaceable data file (quickfire's combat chart, wsim's base fire/critical tables). The host and
 * CLI read the file (YAML or JSON, `--data FILE`) and hand its parsed value to `parse`; errors carry a JSON path
 * inside the file, which the reader turns into file:line.
 */
export interface DataFileDef {
  readonly description: string;
  parse(raw: unknown): Result<unknown>;
}

/** An action as sent in a request: `type` plus action fields. */
export interface Action {
  readonly type: string;
  readonly [field: string]: unknown;
}

/**
 * A change of state. Applying a resolution's events to the state before it gives the state after, so
 * undo and replay are a fold over events.
 */
export interface GameEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** A choice a person must make before the next action can be sent. */
export interface Choice {
  /** The action field the chosen value(s) go into. */
  readonly field: string;
  readonly options: ReadonlyArray<{ readonly value: unknown; readonly label: string }>;
  /** How many options may be chosen (1 and 1 for a single choice). */
  readonly min: number;
  readonly max: number;
}

/** A roll or choice the rules now require, carrying the action to send next (docs/reference/request-result.md). */
export type FollowUp =
  | { readonly kind: "roll"; readonly purpose: string; readonly action: Action }
  | { readonly kind: "choose"; readonly purpose: string; readonly action: Action; readonly choice: Choice };

/** How one die counted in a result, for the display: a hit, a miss, or neither (a total, a location die …). */
export type DieMark = "hit" | "miss" | null;

/**
 * An outcome with its type erased, as the host and the pages hold it. Inside a rule set every outcome has its
 * schema's type (`Static` of the action's `outcomeSchema`, see define-action.ts); only the kernel erases it.
 */
export type Outcome = Readonly<Record<string, unknown>>;

/** What a rule set's resolution returns; the engine folds `events` into the state. `O`: the action's outcome type. */
export interface Resolution<O extends object = Outcome> {
  readonly outcome: O;
  readonly events: readonly GameEvent[];
  readonly followUps: readonly FollowUp[];
}

/** Exact odds of an action: outcomes with probabilities and a rule-set summary (hit distribution, drops …). */
export interface Odds<O extends object = Outcome> {
  readonly outcomes: ReadonlyArray<{ readonly outcome: O; readonly p: number }>;
  readonly summary: Readonly<Record<string, unknown>>;
  /** The summary's figures for players, each with its label and kind (src/odds/figures.ts), in the summary's order. */
  readonly figures: readonly SummaryFigure[];
  /** Set when `outcomes` lists only the most likely outcomes of a larger joint distribution (docs/reference/request-result.md). */
  readonly truncated?: true;
  /** What a player is shown before the roll, over the whole distribution (docs/reference/request-result.md), when the rule set gives one. */
  readonly headline?: Headline;
}
