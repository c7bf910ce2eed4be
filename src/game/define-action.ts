/**
 * The one shape every action of every rule set is written in: a schema, then functions of one context
 * `{ state, action, prepared }` (like boardgame.io's single move signature). `prepare` checks legality and computes
 * what does not depend on the dice; `plan` names the dice; then either `resolve` gives the whole resolution, or
 * `outcome` (the outcome of one roll) and `effects` (its events and follow-ups) do. The exact odds run that same
 * function over every multiset of the plan, so every outcome `resolve` can give is one the odds list; an action may
 * give a cheaper exact `dist` or its own `odds` instead. The form's fields come from the schema ({@link fieldsOf}).
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { DicePlan } from "../dice/plan.ts";
import { Dist } from "../odds/distribution.ts";
import type { Summary } from "../odds/figures.ts";
import type { Headline } from "../odds/headline.ts";
import { oddsOverPlan } from "../odds/plan-odds.ts";
import { fail, ok, type Result } from "../result.ts";
import { type ActionHandler, type DiceGroups, oddsOfDist } from "./action-handler.ts";
import { fieldsOf } from "./fields.ts";
import type { ActionMeasures, FieldsOf } from "./measure.ts";
import { factsOf } from "./outcome-facts.ts";
import { parseWith } from "./schema.ts";
import type { Action, DieMark, FollowUp, GameEvent, Odds, Outcome, Resolution, TableState } from "./types.ts";

/** What every function of an action is given: the table state, the parsed action, and what `prepare` returned. */
export interface ActionContext<S extends TableState, A = Action, P = unknown> {
  readonly state: S;
  readonly action: A;
  readonly prepared: P;
}

/** The context of `describe`: the state may be the one before or after the action, so nothing is prepared. */
export type DescribeContext<S extends TableState, A = Action> = Omit<ActionContext<S, A>, "prepared">;

/**
 * The outcome an action's outcome schema declares: every function of the action that gives or reads an outcome
 * (`resolve`, `outcome`, `effects`, `dist`, `summary`, `headline`, `describe`) has this type, so a field is read as
 * its schema says and never cast.
 */
export type OutcomeOf<OS extends TObject> = Frozen<Static<OS>>;

/** A value read only, all the way down: an outcome is given once and never changed. */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** The parts every action has, whichever way it resolves. `OS`: the outcome schema, `O` the outcome it declares. */
interface ActionSpecBase<S extends TableState, T extends TObject, P, OS extends TObject, O extends object = OutcomeOf<OS>> {
  /** The action type, as its schema's `type` literal says it. */
  readonly type: string;
  /** The action's name for players, in its rule text's words ("Broadside", "Fire fighting"): 1–4 words. */
  readonly title: string;
  /** One sentence for menus and help. */
  readonly description: string;
  /** The action's fields (unknown keys are errors); labels and ship inputs are annotations (see {@link fieldsOf}). */
  readonly schema: T;
  /**
   * The outcome's fields, each built with `fact` (outcome.ts): its label, kind, unit and words, so the pages show the
   * result as typed facts ({@link factsOf}) and never read a key. Every outcome the action gives must match it.
   */
  readonly outcomeSchema: OS;
  /**
   * Legality and what does not depend on the dice: ships exist, the action is allowed now. Errors are
   * `ship.unknown`, `rules.illegal`, `rules.out-of-range` … Default: legal, nothing prepared.
   */
  prepare?(ctx: DescribeContext<S, Static<T> & Action>): Result<P>;
  /** false: parsing checks the schema only; legality waits for plan, odds and resolve (default true). */
  readonly prepareOnParse?: boolean;
  /** The dice the action needs (a plain plan, or a refusal). */
  plan(ctx: ActionContext<S, Static<T> & Action, P>): DicePlan | Result<DicePlan>;
  /** The exact outcome distribution computed more cheaply than by enumerating the plan; must agree with it. May throw a RangeError. */
  dist?(ctx: ActionContext<S, Static<T> & Action, P>, plan: DicePlan): Dist<O> | Result<Dist<O>>;
  /**
   * Exact odds computed by the action itself, for joint spaces too large to list (its summary must cover the whole
   * distribution; a shortened list says `truncated`). Takes precedence over `dist`.
   */
  odds?(ctx: ActionContext<S, Static<T> & Action, P>, plan: DicePlan): Odds<O> | Result<Odds<O>>;
  /**
   * A summary of the exact odds (chance of fire, hits to expect …), each key a typed entry with its label
   * (`chance`, `mean`, `count`, `chances`, `detail` of odds/figures.ts).
   */
  summary?(dist: Dist<O>, ctx: ActionContext<S, Static<T> & Action, P>): Summary;
  /**
   * What a player is shown before the roll (docs/reference/request-result.md `headline`), from the whole
   * distribution: `odds` is the action's own answer, before its outcome list is shortened. Absent or null: one bar
   * per outcome in the action's own sentences, titled by its title.
   */
  headline?(ctx: ActionContext<S, Static<T> & Action, P>, odds: Odds<O>): Headline | null;
  /**
   * The action's sentence for one outcome, for the display, the log and screen readers ("3 hits on Royal James"):
   * required, so every action speaks for itself; the default headline's bars are these sentences too.
   */
  describe(ctx: DescribeContext<S, Static<T> & Action>, outcome: O): string;
  /** How the action's geometric fields are measured from the table's positions (see measure.ts), by its schema's keys. */
  readonly measure?: ActionMeasures<S, FieldsOf<Static<T>>>;
  /** Which dice hit or missed, per plan entry, for the display. */
  marks?(ctx: ActionContext<S, Static<T> & Action, P>, dice: DiceGroups): DieMark[][];
}

/** An action whose `resolve` gives the whole resolution (a refused roll counts as `{ error: code }` in the odds). */
export interface ResolvingActionSpec<S extends TableState, T extends TObject = TObject, P = unknown, OS extends TObject = TObject>
  extends ActionSpecBase<S, T, P, OS> {
  resolve(ctx: ActionContext<S, Static<T> & Action, P>, dice: readonly number[][]): Result<Resolution<OutcomeOf<OS>>>;
  readonly outcome?: never;
  readonly effects?: never;
}

/**
 * An action split into the outcome of one roll and its effects (events, and follow-ups if any); the odds run `outcome`
 * only. Dice must match the plan.
 */
export interface OutcomeActionSpec<S extends TableState, T extends TObject = TObject, P = unknown, OS extends TObject = TObject>
  extends ActionSpecBase<S, T, P, OS> {
  outcome(ctx: ActionContext<S, Static<T> & Action, P>, dice: DiceGroups): OutcomeOf<OS>;
  effects(
    ctx: ActionContext<S, Static<T> & Action, P>,
    outcome: OutcomeOf<OS>,
    dice: DiceGroups,
  ): { readonly events: readonly GameEvent[]; readonly followUps?: readonly FollowUp[] };
  readonly resolve?: never;
}

/** An action of a rule set whose state is `S`. */
export type ActionSpec<S extends TableState, T extends TObject = TObject, P = unknown, OS extends TObject = TObject> =
  | ResolvingActionSpec<S, T, P, OS>
  | OutcomeActionSpec<S, T, P, OS>;

/**
 * One roll's outcome as the odds count it: the resolution's, or a refusal as `{ error: code }` (the kernel's own
 * enumeration counts a refused roll so; an action's `dist` that resolves each roll itself does the same with this).
 */
export const outcomeOrRefusal = <O extends object>(r: Result<Resolution<O>>): O =>
  r.ok ? r.value.outcome : ({ error: r.error.code } as Outcome as O);

const asPlan = (p: DicePlan | Result<DicePlan>): Result<DicePlan> => (Array.isArray(p) ? ok(p) : (p as Result<DicePlan>));

/**
 * The definer of a rule set's actions: `defineAction<MyState>()({ type, title, description, schema, prepare, plan, … })`
 * gives the handler {@link ruleSetFromHandlers} dispatches to. (Curried so the state type is named once while the
 * schema, prepared context and outcome types are inferred.)
 */
export function defineAction<S extends TableState>() {
  return <T extends TObject, P, OS extends TObject>(spec: ActionSpec<S, T, P, OS>): ActionHandler<S> => handlerOf(spec);
}

function handlerOf<S extends TableState, T extends TObject, P, OS extends TObject>(spec: ActionSpec<S, T, P, OS>): ActionHandler<S> {
  type A = Static<T> & Action;
  type O = OutcomeOf<OS>;
  type Ctx = ActionContext<S, A, P>;
  const prepare = (state: S, raw: unknown): Result<Ctx> => {
    const parsed = parseWith(spec.schema, raw, "action");
    if (!parsed.ok) return parsed;
    const action = parsed.value as A;
    const prepared = spec.prepare ? spec.prepare({ state, action }) : ok(undefined as P);
    return prepared.ok ? ok({ state, action, prepared: prepared.value }) : prepared;
  };
  const planned = (state: S, raw: unknown): Result<{ ctx: Ctx; plan: DicePlan }> => {
    const ctx = prepare(state, raw);
    if (!ctx.ok) return ctx;
    const plan = asPlan(spec.plan(ctx.value));
    return plan.ok ? ok({ ctx: ctx.value, plan: plan.value }) : plan;
  };
  // One roll's outcome, as the odds count it: the action's own outcome, or its resolution's (a refusal as its code).
  // (A refusal is not one of the action's outcomes; a `summary` of an action that can refuse a roll reads it as such.)
  const outcomeOf = (ctx: Ctx, dice: DiceGroups): O => {
    if (spec.outcome) return spec.outcome(ctx, dice);
    return outcomeOrRefusal(spec.resolve(ctx, dice as number[][]));
  };
  // The exact odds: the action's own, its cheaper distribution, or every multiset of the plan enumerated.
  const oddsOf = (ctx: Ctx, plan: DicePlan): Result<Odds<O>> => {
    if (spec.odds) {
      const odds = spec.odds(ctx, plan);
      return "ok" in odds ? odds : ok(odds);
    }
    const direct = spec.dist?.(ctx, plan);
    if (direct && !(direct instanceof Dist) && !direct.ok) return direct;
    const dist = (
      direct ? (direct instanceof Dist ? direct : direct.ok && direct.value) : oddsOverPlan(plan, (g) => outcomeOf(ctx, g))
    ) as Dist<O>;
    return ok(oddsOfDist(dist, spec.summary ? spec.summary(dist, ctx) : {}));
  };
  return {
    def: { type: spec.type, title: spec.title, description: spec.description, fields: fieldsOf(spec.schema) },
    schema: spec.schema,
    outcomeSchema: spec.outcomeSchema,
    ...(spec.measure ? { measure: spec.measure } : {}),
    parse(state, raw) {
      if (spec.prepareOnParse === false) return parseWith(spec.schema, raw, "action") as Result<Action>;
      const ctx = prepare(state, raw);
      return ctx.ok ? ok(ctx.value.action) : ctx;
    },
    plan(state, action) {
      const p = planned(state, action);
      return p.ok ? ok(p.value.plan) : p;
    },
    resolve(state, action, dice) {
      const p = planned(state, action);
      if (!p.ok) return p;
      const { ctx, plan } = p.value;
      if (spec.resolve) return spec.resolve(ctx, dice);
      if (dice.length !== plan.length || plan.some((e, i) => dice[i]?.length !== e.count)) {
        return fail("dice.count", `This roll needs ${plan.map((e) => `${e.count} ${e.die}`).join(" + ") || "no dice"}.`, "dice");
      }
      const outcome = spec.outcome(ctx, dice);
      const { events, followUps = [] } = spec.effects(ctx, outcome, dice);
      return ok({ outcome, events, followUps });
    },
    odds(state, action) {
      const p = planned(state, action);
      if (!p.ok) return p;
      const { ctx, plan } = p.value;
      const odds = oddsOf(ctx, plan);
      if (!odds.ok || !spec.headline) return odds;
      const told = spec.headline(ctx, odds.value);
      return told ? ok({ ...odds.value, headline: told }) : odds;
    },
    facts: (state, outcome) => factsOf(spec.outcomeSchema, outcome, state),
    // The action as its schema reads it (defaults filled); a record's action that no longer parses is described as stored.
    // The outcome is the one this action gave (a record's, or one the odds listed): its type is restored here, once.
    describe: (state, action, outcome) => {
      const parsed = parseWith(spec.schema, action, "action");
      return spec.describe({ state, action: (parsed.ok ? parsed.value : action) as A }, outcome as O);
    },
    marks:
      spec.marks &&
      ((state, action, dice) => {
        const ctx = prepare(state, action);
        return ctx.ok && spec.marks ? spec.marks(ctx.value, dice) : dice.map((g) => g.map(() => null));
      }),
  };
}
