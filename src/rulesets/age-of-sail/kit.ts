/**
 * Small generic pieces a rule set is assembled from: action handlers (schema, plan, resolve, odds summary),
 * settings parsing, exact odds over a handler's own resolution and a patch-style event reducer.
 * Used by `age-of-sail` and `wsim-battle-v3`.
 */
import type { TSchema } from "@sinclair/typebox";
import type { DicePlan } from "../../dice/plan.ts";
import { fail, ok, type Result } from "../../game/result.ts";
import { parseWith } from "../../game/schema.ts";
import type { Action, ActionDef, Odds, Resolution, SettingDef, Settings, TableState } from "../../game/types.ts";
import type { Dist } from "../../odds/distribution.ts";
import { oddsOverPlan } from "../../odds/plan-odds.ts";

/** An outcome as a resolution returns it. */
export type Outcome = Readonly<Record<string, unknown>>;

/** Everything one action type needs. `check` runs after the schema (ships exist, the action is legal now). */
export interface Handler<S extends TableState> {
  readonly def: ActionDef;
  readonly schema: TSchema;
  check?(state: S, action: Action): Result<Action>;
  plan(state: S, action: Action): Result<DicePlan>;
  resolve(state: S, action: Action, dice: readonly number[][]): Result<Resolution>;
  /**
   * The exact outcome distribution computed more cheaply than by enumerating the plan (e.g. from dice totals); it
   * must give the same outcomes as `resolve`.
   */
  outcomes?(state: S, action: Action): Result<Dist<Outcome>>;
  /** A summary of the exact odds (hit distribution, chance of fire …). */
  summary?(dist: Dist<Outcome>, state: S, action: Action): Record<string, unknown>;
}

/** Validates `raw.settings` against the rule set's setting definitions and fills defaults. */
export function parseSettings(defs: readonly SettingDef[], raw: unknown): Result<Settings> {
  const out: Record<string, boolean | number | string> = Object.fromEntries(defs.map((d) => [d.name, d.default]));
  if (raw === undefined || raw === null) return ok(out);
  if (typeof raw !== "object" || Array.isArray(raw)) return fail("input.invalid", "settings must be an object.", "settings");
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const def = defs.find((d) => d.name === name);
    const path = `settings.${name}`;
    if (!def) return fail("input.invalid", `${path} is not a setting (known: ${defs.map((d) => d.name).join(", ")}).`, path);
    if (typeof value !== typeof def.default) return fail("input.invalid", `${path} must be a ${typeof def.default}.`, path);
    if (def.values && !def.values.includes(value as string)) {
      return fail("input.invalid", `${path} must be one of ${def.values.join(", ")}.`, path);
    }
    out[name] = value as boolean | number | string;
  }
  return ok(out);
}

/** Finds the handler of an action type. */
export function handlerOf<S extends TableState>(handlers: readonly Handler<S>[], action: Action): Result<Handler<S>> {
  const h = handlers.find((x) => x.def.type === action.type);
  return h ? ok(h) : fail("rules.illegal", `There is no action "${action.type}".`, "action.type");
}

/** The rule set's `parseAction`: schema (unknown keys are errors), then the handler's own check. */
export function parseActionWith<S extends TableState>(handlers: readonly Handler<S>[], state: S, raw: unknown): Result<Action> {
  const type = (raw as { type?: unknown } | null)?.type;
  const h = handlers.find((x) => x.def.type === type);
  if (!h) return fail("rules.illegal", `There is no action "${String(type)}".`, "action.type");
  const parsed = parseWith(h.schema, raw, "action");
  if (!parsed.ok) return parsed;
  return h.check ? h.check(state, parsed.value as Action) : ok(parsed.value as Action);
}

/** Exact odds: the handler's own resolution run over every combination of its plan. */
export function oddsWith<S extends TableState>(handlers: readonly Handler<S>[], state: S, action: Action): Result<Odds> {
  const h = handlerOf(handlers, action);
  if (!h.ok) return h;
  const plan = h.value.plan(state, action);
  if (!plan.ok) return plan;
  const direct = h.value.outcomes?.(state, action);
  if (direct && !direct.ok) return direct;
  const dist = direct
    ? direct.value
    : oddsOverPlan(plan.value, (groups): Outcome => {
        const r = h.value.resolve(state, action, groups);
        return r.ok ? r.value.outcome : { error: r.error.code };
      });
  const summary = h.value.summary ? h.value.summary(dist, state, action) : {};
  return ok({ outcomes: dist.entries.map(({ value, p }) => ({ outcome: value, p })), summary });
}

/** The distribution of one numeric outcome field as `{ value: p }`. */
export function fieldDistribution(dist: Dist<Outcome>, field: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { value, p } of dist.entries) {
    const k = String(value[field]);
    out[k] = (out[k] ?? 0) + p;
  }
  return out;
}

/** A resolution with no follow-ups. */
export function resolution(outcome: Outcome, events: Resolution["events"], followUps: Resolution["followUps"] = []): Result<Resolution> {
  return ok({ outcome, events, followUps });
}
