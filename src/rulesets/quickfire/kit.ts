/**
 * The shape of one quickfire action: its form, schema, the dice-free context (legality), plan, outcome of a roll
 * (shared by resolve and exact odds, so every resolved outcome is one the odds list) and its effects.
 */
import type { TSchema } from "@sinclair/typebox";
import type { DicePlan } from "../../dice/plan.ts";
import type { Result } from "../../game/result.ts";
import type { Action, ActionDef, FollowUp } from "../../game/types.ts";
import type { Dist } from "../../odds/distribution.ts";
import type { QuickfireEvent } from "./events.ts";
import type { QuickfireState } from "./ship.ts";

export type Outcome = Readonly<Record<string, unknown>>;

export interface QfAction<C> {
  readonly def: ActionDef;
  readonly schema: TSchema;
  /** Everything that does not depend on the dice, or why the action is not allowed now. */
  context(state: QuickfireState, action: Action): Result<C>;
  plan(state: QuickfireState, ctx: C): DicePlan;
  /** The outcome of one set of dice (grouped by plan entry). */
  outcome(state: QuickfireState, ctx: C, groups: readonly (readonly number[])[]): Outcome;
  effects(
    state: QuickfireState,
    ctx: C,
    outcome: Outcome,
    groups: readonly (readonly number[])[],
  ): { events: QuickfireEvent[]; followUps: FollowUp[] };
  /** A summary of the exact odds (the chance of each result that matters at the table). */
  summary(dist: Dist<Outcome>): Record<string, unknown>;
  describe(state: QuickfireState, action: Action, outcome: Outcome): string;
}

/** Erases an action's context type so actions can sit in one table. */
export function defineAction<C>(a: QfAction<C>): QfAction<unknown> {
  return a as unknown as QfAction<unknown>;
}

/** A ship's name by id (for sentences). */
export function nameOf(state: QuickfireState, id: unknown): string {
  return state.ships.find((s) => s.id === id)?.name ?? String(id);
}

/** Sum of dice. */
export const total = (dice: readonly number[] | undefined): number => (dice ?? []).reduce((a, b) => a + b, 0);

/** The ", house default — not the official chart" tail of sentences and results while the house chart is loaded. */
export function chartNote(state: QuickfireState): string {
  return ` (chart: ${state.data.label})`;
}
