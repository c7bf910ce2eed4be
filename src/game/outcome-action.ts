/**
 * Actions written outcome-style: dice-free context (legality) → plan → outcome of one roll → effects. Odds and
 * resolution share the one `outcome` function, run over every multiset of the plan for the odds, so every outcome
 * `resolve` can give is one the odds list.
 */
import type { Static, TSchema } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import type { Dist } from "../odds/distribution.ts";
import { oddsOverPlan } from "../odds/plan-odds.ts";
import { type ActionHandler, type DiceGroups, type Outcome, oddsOfDist } from "./action-handler.ts";
import { fail, ok, type Result } from "./result.ts";
import { parseWith } from "./schema.ts";
import type { Action, ActionDef, DieMark, FollowUp, GameEvent, Odds, TableState } from "./types.ts";

/**
 * An action written as: dice-free context (legality) → plan → outcome of one roll → effects. `outcome` is the one
 * function both `resolve` and `odds` use.
 */
export interface OutcomeActionSpec<S extends TableState, T extends TSchema, C, O extends Outcome> {
  readonly def: ActionDef;
  readonly schema: T;
  /** Looks up ships and checks legality; errors are `ship.unknown`, `rules.illegal`, `rules.out-of-range` … */
  prepare(state: S, action: Static<T>): Result<C>;
  plan(ctx: C, state: S): DicePlan;
  outcome(ctx: C, dice: DiceGroups, state: S): O;
  effects(
    ctx: C,
    outcome: O,
    state: S,
    dice: DiceGroups,
  ): { readonly events: readonly GameEvent[]; readonly followUps: readonly FollowUp[] };
  /** A faster exact distribution of outcomes than enumerating the plan (must equal it); may throw a RangeError. */
  dist?(ctx: C, plan: DicePlan, state: S): Dist<O>;
  summary?(ctx: C, dist: Dist<O>, state: S): Record<string, unknown>;
  /**
   * Exact odds computed by the action itself, for joint spaces too large to list (its summary must cover the whole
   * distribution; a shortened list says `truncated`). Takes precedence over `dist`.
   */
  odds?(ctx: C, plan: DicePlan, state: S): Odds;
  describe?(state: S, action: Action, outcome: O): string;
  /** Which dice hit or missed, per plan entry, for the display. */
  marks?(ctx: C, dice: DiceGroups, state: S): DieMark[][];
  /** false: `parse` checks the schema only and legality waits for plan/odds/resolve (default true). */
  readonly prepareOnParse?: boolean;
}

/** A handler from an outcome-style spec. `resolve` refuses dice that do not match the plan (`dice.count`). */
export function outcomeAction<S extends TableState, T extends TSchema, C, O extends Outcome>(
  spec: OutcomeActionSpec<S, T, C, O>,
): ActionHandler<S> {
  const prepare = (state: S, raw: unknown): Result<{ action: Static<T>; ctx: C }> => {
    const parsed = parseWith(spec.schema, raw, "action");
    if (!parsed.ok) return parsed;
    const ctx = spec.prepare(state, parsed.value);
    return ctx.ok ? ok({ action: parsed.value, ctx: ctx.value }) : ctx;
  };
  return {
    def: spec.def,
    parse(state, raw) {
      if (spec.prepareOnParse === false) return parseWith(spec.schema, raw, "action") as Result<Action>;
      const p = prepare(state, raw);
      return p.ok ? ok(p.value.action as Action) : p;
    },
    plan(state, action) {
      const p = prepare(state, action);
      return p.ok ? ok(spec.plan(p.value.ctx, state)) : p;
    },
    resolve(state, action, dice) {
      const p = prepare(state, action);
      if (!p.ok) return p;
      const plan = spec.plan(p.value.ctx, state);
      if (dice.length !== plan.length || plan.some((e, i) => dice[i]?.length !== e.count)) {
        return fail("dice.count", `This roll needs ${plan.map((e) => `${e.count} ${e.die}`).join(" + ") || "no dice"}.`, "dice");
      }
      const outcome = spec.outcome(p.value.ctx, dice, state);
      const { events, followUps } = spec.effects(p.value.ctx, outcome, state, dice);
      return ok({ outcome, events, followUps });
    },
    odds(state, action) {
      const p = prepare(state, action);
      if (!p.ok) return p;
      const { ctx } = p.value;
      const plan = spec.plan(ctx, state);
      if (spec.odds) return ok(spec.odds(ctx, plan, state));
      const dist = spec.dist ? spec.dist(ctx, plan, state) : oddsOverPlan(plan, (g) => spec.outcome(ctx, g, state));
      return ok(oddsOfDist(dist, spec.summary ? spec.summary(ctx, dist, state) : {}));
    },
    describe: spec.describe && ((state, action, outcome) => spec.describe?.(state, action, outcome as O) ?? action.type),
    marks:
      spec.marks &&
      ((state, action, dice) => {
        const p = prepare(state, action);
        return p.ok && spec.marks ? spec.marks(p.value.ctx, dice, state) : dice.map((g) => g.map(() => null));
      }),
  };
}
