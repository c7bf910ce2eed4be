/**
 * The handler of one action type, as a rule set dispatches it, and the shapes its resolution and odds share.
 * Handlers are built by {@link defineAction} and assembled by {@link ruleSetFromHandlers}.
 */
import type { TObject } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import type { Dist, Weighted } from "../odds/distribution.ts";
import { type Summary, summaryFigures, summaryValues } from "../odds/figures.ts";
import type { Result } from "../result.ts";
import type { ActionMeasures } from "./measure.ts";
import type { OutcomeFact } from "./outcome-facts.ts";
import type { Action, ActionDef, DieMark, Odds, Outcome, Resolution, TableState } from "./types.ts";

export type { Outcome } from "./types.ts";
/** Dice grouped by plan entry. */
export type DiceGroups = readonly (readonly number[])[];

/** One action type with its types erased, as a rule set dispatches it. */
export interface ActionHandler<S extends TableState> {
  /** Type, description and form fields (read off the schema). */
  readonly def: ActionDef;
  /** The action's schema. */
  readonly schema?: TObject;
  /** The outcome's schema, every field with its fact (outcome.ts). */
  readonly outcomeSchema: TObject;
  /** The outcome as typed facts for the pages (outcome-facts.ts). */
  facts(state: S, outcome: Outcome): OutcomeFact[];
  /** Schema (unknown keys are errors), then legality in this state. */
  parse(state: S, raw: unknown): Result<Action>;
  plan(state: S, action: Action): Result<DicePlan>;
  resolve(state: S, action: Action, dice: readonly number[][]): Result<Resolution>;
  /** Exact odds; may throw a RangeError when the dice space is too large (the rule set turns it into an error). */
  odds(state: S, action: Action): Result<Odds>;
  /** The action's own sentence for one of its outcomes. */
  describe(state: S, action: Action, outcome: Outcome): string;
  /** How the action's geometric fields are measured from positions. */
  readonly measure?: ActionMeasures<S>;
  /** Which dice hit or missed, per plan entry (see {@link RuleSet.markDice}). */
  marks?(state: S, action: Action, dice: DiceGroups): DieMark[][];
}

/** Odds as a rule set reports them: every outcome of the distribution with its probability, and a typed summary. */
export const oddsOfDist = <O extends object>(dist: Dist<O>, summary: Summary): Odds<O> => oddsOfEntries(dist.entries, summary);

/**
 * Odds from listed outcomes (`truncated` when they are only the most likely of a larger distribution): the summary's
 * values by key, and its figures for players.
 */
export const oddsOfEntries = <O extends object>(entries: readonly Weighted<O>[], summary: Summary, truncated = false): Odds<O> => ({
  outcomes: entries.map(({ value, p }) => ({ outcome: value, p })),
  summary: summaryValues(summary),
  figures: summaryFigures(summary),
  ...(truncated ? { truncated: true as const } : {}),
});
