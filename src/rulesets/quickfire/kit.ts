/**
 * The shape one quickfire action is written in — its form, schema, dice-free context (legality), plan, outcome of a
 * roll and effects — compiled into the kernel's outcome-style handler, so `resolve` and the exact odds share the
 * outcome function. Quickfire's `parseAction` checks the schema only; legality is checked when planning.
 */
import type { TSchema } from "@sinclair/typebox";
import type { DicePlan } from "../../dice/plan.ts";
import { type ActionHandler, type DiceGroups, type Outcome, outcomeAction } from "../../game/action-kit.ts";
import type { Result } from "../../game/result.ts";
import type { Action, ActionDef, DieMark, FollowUp } from "../../game/types.ts";
import type { Dist } from "../../odds/distribution.ts";
import type { QuickfireEvent } from "./events.ts";
import type { QuickfireState } from "./ship.ts";

export interface QfAction<C> {
  readonly def: ActionDef;
  readonly schema: TSchema;
  /** Everything that does not depend on the dice, or why the action is not allowed now. */
  context(state: QuickfireState, action: Action): Result<C>;
  plan(state: QuickfireState, ctx: C): DicePlan;
  /** The outcome of one set of dice (grouped by plan entry). */
  outcome(state: QuickfireState, ctx: C, groups: DiceGroups): Outcome;
  effects(state: QuickfireState, ctx: C, outcome: Outcome, groups: DiceGroups): { events: QuickfireEvent[]; followUps: FollowUp[] };
  /** The exact outcome distribution computed faster than enumerating the plan (must equal it). */
  dist?(state: QuickfireState, ctx: C): Dist<Outcome>;
  /** A summary of the exact odds (the chance of each result that matters at the table); the chart label is added. */
  summary(dist: Dist<Outcome>): Record<string, unknown>;
  describe(state: QuickfireState, action: Action, outcome: Outcome): string;
  /** Which dice hit or missed, per plan entry, for the display (null: the die did not count either way). */
  marks?(state: QuickfireState, ctx: C, groups: DiceGroups): DieMark[][];
}

/** A quickfire action as a kernel handler. */
export function defineAction<C>(a: QfAction<C>): ActionHandler<QuickfireState> {
  return outcomeAction<QuickfireState, TSchema, C, Outcome>({
    def: a.def,
    schema: a.schema,
    prepareOnParse: false,
    prepare: (state, action) => a.context(state, action as Action),
    plan: (ctx, state) => a.plan(state, ctx),
    outcome: (ctx, groups, state) => a.outcome(state, ctx, groups),
    effects: (ctx, outcome, state, groups) => a.effects(state, ctx, outcome, groups),
    summary: (_ctx, dist, state) => ({ ...a.summary(dist), chart: state.data.label }),
    describe: (state, action, outcome) => a.describe(state, action, outcome),
    ...(a.dist ? { dist: (ctx: C, _plan: DicePlan, state: QuickfireState) => a.dist?.(state, ctx) as Dist<Outcome> } : {}),
    ...(a.marks ? { marks: (ctx: C, groups: DiceGroups, state: QuickfireState) => a.marks?.(state, ctx, groups) ?? [] } : {}),
  });
}

/** Sum of dice. */
export const total = (dice: readonly number[] | undefined): number => (dice ?? []).reduce((a, b) => a + b, 0);

/** The ", house default — not the official chart" tail of sentences and results while the house chart is loaded. */
export function chartNote(state: QuickfireState): string {
  return ` (chart: ${state.data.label})`;
}
