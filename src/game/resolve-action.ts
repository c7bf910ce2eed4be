/**
 * Actions written resolve-style: schema → check → plan → resolve. Their odds run `resolve` itself over every multiset
 * of the plan, so every outcome `resolve` can give is one the odds list.
 */
import type { TSchema } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import type { Dist } from "../odds/distribution.ts";
import { oddsOverPlan } from "../odds/plan-odds.ts";
import { type ActionHandler, type DiceGroups, type Outcome, oddsOfDist } from "./action-handler.ts";
import { ok, type Result } from "./result.ts";
import { parseWith } from "./schema.ts";
import type { Action, ActionDef, DieMark, Odds, Resolution, TableState } from "./types.ts";

/**
 * An action written as schema → check → plan → resolve. Odds run `resolve` itself over the plan (a refused roll
 * counts as `{ error: code }`), unless the action gives a cheaper exact `outcomes` distribution or its own `odds`.
 */
export interface ResolveActionSpec<S extends TableState> {
  readonly def: ActionDef;
  readonly schema: TSchema;
  /** Checks beyond the schema (ships exist, the action is legal now); runs on parse and again before plan/odds/resolve. */
  check?(state: S, action: Action): Result<Action>;
  plan(state: S, action: Action): Result<DicePlan>;
  resolve(state: S, action: Action, dice: readonly number[][]): Result<Resolution>;
  /** The exact outcome distribution computed more cheaply than by enumerating the plan; must agree with `resolve`. */
  outcomes?(state: S, action: Action): Result<Dist<Outcome>>;
  /** Exact odds computed entirely by the action (when even `outcomes` would be too big). */
  odds?(state: S, action: Action): Result<Odds>;
  /** A summary of the exact odds (hit distribution, chance of fire …). */
  summary?(dist: Dist<Outcome>, state: S, action: Action): Record<string, unknown>;
  describe?(state: S, action: Action, outcome: Outcome): string;
  /** Which dice hit or missed, per plan entry, for the display. */
  marks?(state: S, action: Action, dice: DiceGroups): DieMark[][];
}

/** A handler from a resolve-style spec. */
export function resolveAction<S extends TableState>(spec: ResolveActionSpec<S>): ActionHandler<S> {
  // The check again, so plan/odds/resolve never see an action that is illegal in this state.
  const checked = (state: S, action: Action): Result<Action> => (spec.check ? spec.check(state, action) : ok(action));
  return {
    def: spec.def,
    parse(state, raw) {
      const parsed = parseWith(spec.schema, raw, "action");
      if (!parsed.ok) return parsed;
      return checked(state, parsed.value as Action);
    },
    plan(state, action) {
      const c = checked(state, action);
      return c.ok ? spec.plan(state, action) : c;
    },
    resolve(state, action, dice) {
      const c = checked(state, action);
      return c.ok ? spec.resolve(state, action, dice) : c;
    },
    odds(state, action) {
      const c = checked(state, action);
      if (!c.ok) return c;
      if (spec.odds) return spec.odds(state, action);
      const plan = spec.plan(state, action);
      if (!plan.ok) return plan;
      const direct = spec.outcomes?.(state, action);
      if (direct && !direct.ok) return direct;
      const dist = direct
        ? direct.value
        : oddsOverPlan(plan.value, (groups): Outcome => {
            const r = spec.resolve(state, action, groups);
            return r.ok ? r.value.outcome : { error: r.error.code };
          });
      return ok(oddsOfDist(dist, spec.summary ? spec.summary(dist, state, action) : {}));
    },
    describe: spec.describe,
    marks: spec.marks,
  };
}
