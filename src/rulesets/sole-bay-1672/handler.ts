/**
 * The shape every sole-bay-1672 action is written in: validate, prepare a context, plan dice, compute the
 * outcome from dice (one pure function used by both `resolve` and `odds`, so every resolved outcome is one the
 * odds list), then the events and follow-ups. Damage follow-ups are derived by comparing before and after.
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { DicePlan } from "../../dice/plan.ts";
import { fail, ok, type Result } from "../../game/result.ts";
import { parseWith } from "../../game/schema.ts";
import type { Action, ActionDef, FollowUp, Odds, Resolution } from "../../game/types.ts";
import type { Dist } from "../../odds/distribution.ts";
import { oddsOverPlan } from "../../odds/plan-odds.ts";
import { consequences } from "./damage.ts";
import { applyAll, type DamageCause, type SoleBayEvent } from "./events.ts";
import type { SoleBayState } from "./state.ts";

export type Outcome = Record<string, unknown>;
export type Dice = readonly (readonly number[])[];

/** What an outcome does: events, the follow-ups this action itself demands, and the damage cause (if boxes were marked). */
export interface Effects {
  readonly events: readonly SoleBayEvent[];
  readonly followUps?: readonly FollowUp[];
  readonly cause?: DamageCause;
  /** Ships whose flag officer rolls once more regardless of levels lost (caught in an explosion). */
  readonly extraRisk?: readonly string[];
}

export interface ActionSpec<T extends TObject, C, O extends Outcome> {
  readonly def: ActionDef;
  readonly schema: T;
  /** Looks up ships and checks legality; errors are `ship.unknown`, `rules.illegal`, `rules.out-of-range` … */
  prepare(state: SoleBayState, action: Static<T>): Result<C>;
  plan(ctx: C, state: SoleBayState): DicePlan;
  outcome(ctx: C, dice: Dice, state: SoleBayState): O;
  effects(ctx: C, outcome: O, state: SoleBayState): Effects;
  /** A faster exact distribution of outcomes than enumerating the plan (must equal it). */
  dist?(ctx: C, plan: DicePlan, state: SoleBayState): Dist<O>;
  summary?(ctx: C, dist: Dist<O>, state: SoleBayState): Outcome;
  /** One sentence; `state` may be the state before or after the action, so look names up tolerantly. */
  describe(outcome: O, state: SoleBayState): string;
}

/** An action with its types erased, as the rule set dispatches it. */
export interface ActionHandler {
  readonly def: ActionDef;
  parse(state: SoleBayState, raw: unknown): Result<Action>;
  plan(state: SoleBayState, action: Action): Result<DicePlan>;
  resolve(state: SoleBayState, action: Action, dice: Dice): Result<Resolution>;
  odds(state: SoleBayState, action: Action): Result<Odds>;
  describe(state: SoleBayState, outcome: Outcome): string;
}

export function defineAction<T extends TObject, C, O extends Outcome>(spec: ActionSpec<T, C, O>): ActionHandler {
  const prepare = (state: SoleBayState, raw: unknown): Result<{ action: Static<T>; ctx: C }> => {
    const parsed = parseWith(spec.schema, raw, "action");
    if (!parsed.ok) return parsed;
    const ctx = spec.prepare(state, parsed.value);
    return ctx.ok ? ok({ action: parsed.value, ctx: ctx.value }) : ctx;
  };
  return {
    def: spec.def,
    parse(state, raw) {
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
      const fx = spec.effects(p.value.ctx, outcome, state);
      const after = applyAll(state, fx.events);
      const derived = fx.cause ? consequences(state, after, fx.cause, fx.extraRisk) : [];
      return ok({ outcome, events: fx.events, followUps: [...derived, ...(fx.followUps ?? [])] });
    },
    odds(state, action) {
      const p = prepare(state, action);
      if (!p.ok) return p;
      const { ctx } = p.value;
      const plan = spec.plan(ctx, state);
      let dist: Dist<O>;
      try {
        dist = spec.dist ? spec.dist(ctx, plan, state) : oddsOverPlan(plan, (g) => spec.outcome(ctx, g, state));
      } catch (e) {
        return fail("odds.too-large", `The exact odds of this roll are too large to list (${(e as Error).message}).`, "action");
      }
      return ok({
        outcomes: dist.entries.map((e) => ({ outcome: e.value, p: e.p })),
        summary: spec.summary ? spec.summary(ctx, dist, state) : {},
      });
    },
    describe(state, outcome) {
      return spec.describe(outcome as O, state);
    },
  };
}

/** A roll follow-up. */
export const roll = (purpose: string, action: Action): FollowUp => ({ kind: "roll", purpose, action });

/** A ship's display name, tolerant of ids no longer present. */
export const nameOf = (state: SoleBayState, id: unknown): string => state.ships.find((s) => s.id === id)?.name ?? String(id);
