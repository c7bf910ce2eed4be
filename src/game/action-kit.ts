/**
 * The pieces every rule set is assembled from: action handlers (an {@link ActionDef} with its schema, legality
 * check, dice plan, resolution and exact odds), dispatch by action type, settings parsed from the
 * {@link SettingDef} list, and {@link ruleSetFromHandlers}, which turns a handler table into a {@link RuleSet}.
 *
 * Odds and resolution share one outcome function: either an action's own `outcome(ctx, dice)`
 * ({@link outcomeAction}) or its `resolve` ({@link resolveAction}) is run over every multiset of the plan, so every
 * outcome `resolve` can give is one the odds list.
 */
import { type Static, type TObject, type TSchema, Type } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import type { Dist } from "../odds/distribution.ts";
import { oddsOverPlan } from "../odds/plan-odds.ts";
import { findShip } from "./engine.ts";
import { fail, ok, type Result } from "./result.ts";
import { parseWith } from "./schema.ts";
import type {
  Action,
  ActionDef,
  DieMark,
  FollowUp,
  GameEvent,
  Odds,
  Resolution,
  RuleSet,
  SettingDef,
  Settings,
  ShipBase,
  TableState,
} from "./types.ts";

/** An outcome as a resolution returns it. */
export type Outcome = Readonly<Record<string, unknown>>;
/** Dice grouped by plan entry. */
export type DiceGroups = readonly (readonly number[])[];

/** One action type with its types erased, as a rule set dispatches it. */
export interface ActionHandler<S extends TableState> {
  readonly def: ActionDef;
  /** Schema (unknown keys are errors), then legality in this state. */
  parse(state: S, raw: unknown): Result<Action>;
  plan(state: S, action: Action): Result<DicePlan>;
  resolve(state: S, action: Action, dice: readonly number[][]): Result<Resolution>;
  /** Exact odds; may throw a RangeError when the dice space is too large (the rule set turns it into an error). */
  odds(state: S, action: Action): Result<Odds>;
  describe?(state: S, action: Action, outcome: Outcome): string;
  /** Which dice hit or missed, per plan entry (see {@link RuleSet.markDice}). */
  marks?(state: S, action: Action, dice: DiceGroups): DieMark[][];
}

const oddsOf = <O>(dist: Dist<O>, summary: Record<string, unknown>): Odds => ({
  outcomes: dist.entries.map(({ value, p }) => ({ outcome: value as Outcome, p })),
  summary,
});

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
      const dist = spec.dist ? spec.dist(ctx, plan, state) : oddsOverPlan(plan, (g) => spec.outcome(ctx, g, state));
      return ok(oddsOf(dist, spec.summary ? spec.summary(ctx, dist, state) : {}));
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
      return ok(oddsOf(dist, spec.summary ? spec.summary(dist, state, action) : {}));
    },
    describe: spec.describe,
    marks: spec.marks,
  };
}

/** The handler of an action type, or `rules.illegal` naming the types there are. */
export function handlerOf<S extends TableState>(
  id: string,
  handlers: readonly ActionHandler<S>[],
  type: unknown,
): Result<ActionHandler<S>> {
  const h = handlers.find((x) => x.def.type === type);
  if (h) return ok(h);
  return fail(
    "rules.illegal",
    `${id} has no action "${String(type)}" (it has: ${handlers.map((x) => x.def.type).join(", ")}).`,
    "action.type",
  );
}

/** What a rule set says besides its handlers; the action functions are made from the handlers. */
export type RuleSetSpec<S extends TableState> = Omit<RuleSet<S>, "actions" | "parseAction" | "plan" | "odds" | "resolve" | "describe"> & {
  readonly handlers: readonly ActionHandler<S>[];
  /** Default: the handler's own `describe`, else the action type. */
  readonly describe?: RuleSet<S>["describe"];
  /** The error for odds whose dice space is too large to list (default `odds.too-large`). */
  readonly oddsTooLarge?: { readonly code: string; message(detail: string): string };
};

const TOO_LARGE = {
  code: "odds.too-large",
  message: (detail: string) => `The exact odds of this roll are too large to list (${detail}).`,
};

/** Assembles a {@link RuleSet}: dispatch by action type to the handlers, odds limits as errors. */
export function ruleSetFromHandlers<S extends TableState>(spec: RuleSetSpec<S>): RuleSet<S> {
  const { handlers, oddsTooLarge = TOO_LARGE, describe, ...rest } = spec;
  const withHandler = <T>(type: unknown, run: (h: ActionHandler<S>) => Result<T>): Result<T> => {
    const h = handlerOf(spec.id, handlers, type);
    return h.ok ? run(h.value) : h;
  };
  return {
    ...rest,
    actions: handlers.map((h) => h.def),
    parseAction: (state, raw) => withHandler((raw as { type?: unknown } | null)?.type, (h) => h.parse(state, raw)),
    plan: (state, action) => withHandler(action.type, (h) => h.plan(state, action)),
    resolve: (state, action, dice) => withHandler(action.type, (h) => h.resolve(state, action, dice)),
    odds: (state, action) =>
      withHandler(action.type, (h) => {
        try {
          return h.odds(state, action);
        } catch (e) {
          if (e instanceof RangeError) return fail(oddsTooLarge.code, oddsTooLarge.message(e.message), "action");
          throw e;
        }
      }),
    describe:
      describe ??
      ((state, action, outcome) => handlers.find((h) => h.def.type === action.type)?.describe?.(state, action, outcome) ?? action.type),
    markDice: (state, action, dice) => {
      const h = handlers.find((x) => x.def.type === action.type);
      return h?.marks ? h.marks(state, action, dice) : dice.map((g) => g.map(() => null));
    },
  };
}

/** Bounds of a numeric setting (a {@link SettingDef} carries none, and its JSON shape is public). */
export interface SettingLimits {
  readonly integer?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
}

/** The settings object schema: one field a definition with its default; unknown settings are errors. */
export function settingsSchema(defs: readonly SettingDef[], limits: Readonly<Record<string, SettingLimits>> = {}): TObject {
  const fieldOf = (d: SettingDef): TSchema => {
    if (d.values)
      return Type.Union(
        d.values.map((v) => Type.Literal(v)),
        { default: d.default },
      );
    if (typeof d.default === "boolean") return Type.Boolean({ default: d.default });
    if (typeof d.default === "string") return Type.String({ default: d.default });
    const { integer, ...bounds } = limits[d.name] ?? {};
    return integer ? Type.Integer({ ...bounds, default: d.default }) : Type.Number({ ...bounds, default: d.default });
  };
  return Type.Object(Object.fromEntries(defs.map((d) => [d.name, fieldOf(d)])), { additionalProperties: false, default: {} });
}

/** Validates a request's `settings` against the definitions and fills defaults; errors name `settings.<name>`. */
export function parseSettings(
  defs: readonly SettingDef[],
  raw: unknown,
  limits: Readonly<Record<string, SettingLimits>> = {},
): Result<Settings> {
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    return fail("input.invalid", "settings must be an object of named settings.", "settings");
  }
  return parseWith(settingsSchema(defs, limits), raw, "settings") as Result<Settings>;
}

/** A setting's value, typed by the caller (settings were validated by {@link parseSettings}). */
export const setting = <T extends boolean | number | string>(settings: Readonly<Record<string, unknown>>, name: string): T =>
  settings[name] as T;

/**
 * The ship an action field names (`ship.unknown` at `action.<field>`), refused as `rules.illegal` when `unable` gives
 * the reason it cannot act (sunk, captured …).
 */
export function actingShip<Ship extends ShipBase>(
  ships: readonly Ship[],
  id: unknown,
  field: string,
  unable: (ship: Ship) => string | null = () => null,
): Result<Ship> {
  const found = findShip(ships, id, `action.${field}`);
  if (!found.ok) return found;
  const why = unable(found.value);
  return why === null ? found : fail("rules.illegal", why, `action.${field}`);
}

/** Refuses two ships with the same id (`input.invalid` at the second one's id). */
export function uniqueShipIds<Ship extends { readonly id: string }>(ships: readonly Ship[]): Result<readonly Ship[]> {
  const seen = new Set<string>();
  for (const [i, s] of ships.entries()) {
    if (seen.has(s.id))
      return fail("input.invalid", `ships[${i}].id "${s.id}" is used by two ships; ids must be unique.`, `ships[${i}].id`);
    seen.add(s.id);
  }
  return ok(ships);
}

/** Parses a request's wind and game against the rule set's schemas (defaults filled) and its settings. */
export function parseWindGameSettings<W extends TSchema, G extends TSchema>(
  raw: { wind?: unknown; game?: unknown; settings?: unknown },
  schemas: { wind: W; game: G; settings: readonly SettingDef[]; limits?: Readonly<Record<string, SettingLimits>> },
): Result<{ wind: Static<W>; game: Static<G>; settings: Settings }> {
  const wind = parseWith(schemas.wind, raw.wind, "wind");
  if (!wind.ok) return wind;
  const game = parseWith(schemas.game, raw.game, "game");
  if (!game.ok) return game;
  const settings = parseSettings(schemas.settings, raw.settings, schemas.limits);
  if (!settings.ok) return settings;
  return ok({ wind: wind.value, game: game.value, settings: settings.value });
}

/**
 * Folds a patch event into the state: events carry the values after them — `set` (fields of ship `ship`), `wind`
 * and `game` (fields merged) — so replay and undo are a plain fold. `normalize` re-derives a patched ship's fields.
 */
export function applyPatch<S extends TableState>(state: S, event: GameEvent, normalize = (ship: S["ships"][number]) => ship): S {
  const isPatch = (v: unknown): v is object => typeof v === "object" && v !== null;
  let next = state;
  const { ship, set, wind, game } = event;
  if (typeof ship === "string" && isPatch(set)) {
    next = { ...next, ships: next.ships.map((x) => (x.id === ship ? normalize({ ...x, ...set }) : x)) };
  }
  if (isPatch(wind)) next = { ...next, wind: { ...(next.wind as object), ...wind } };
  if (isPatch(game)) next = { ...next, game: { ...next.game, ...game } };
  return next;
}

/** The distribution of one outcome field as `{ value: p }`. */
export function fieldDistribution(dist: Dist<Outcome>, field: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { value, p } of dist.entries) {
    const k = String(value[field]);
    out[k] = (out[k] ?? 0) + p;
  }
  return out;
}

/** A resolution (no follow-ups unless given). */
export function resolution(outcome: Outcome, events: Resolution["events"], followUps: Resolution["followUps"] = []): Result<Resolution> {
  return ok({ outcome, events, followUps });
}

/** A roll follow-up. */
export const roll = (purpose: string, action: Action): FollowUp => ({ kind: "roll", purpose, action });

/** A ship's display name by id, tolerant of ids no longer present (sentences may use the state before or after). */
export const nameOf = (state: TableState, id: unknown): string => state.ships.find((s) => s.id === id)?.name ?? String(id);
