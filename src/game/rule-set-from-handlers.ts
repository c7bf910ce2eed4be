/** A {@link RuleSet} assembled from a table of action handlers: dispatch by action type, odds limits as errors. */

import type { ErrorCode } from "../error-codes.ts";
import { outcomeHeadline } from "../odds/headline.ts";
import { fail, ok, type Result } from "../result.ts";
import type { ActionHandler } from "./action-handler.ts";
import type { ActionMeasures } from "./measure.ts";
import { capOdds } from "./odds-listing.ts";
import { OddsMemo } from "./odds-memo.ts";
import type { RuleSet, TableState } from "./types.ts";

/**
 * The handler of an action type, or `input.invalid` naming the types there are: an action the rule set does not
 * have is bad input (docs/reference/cli.md), not a legal-but-refused move.
 */
export function handlerOf<S extends TableState>(
  id: string,
  handlers: readonly ActionHandler<S>[],
  type: unknown,
): Result<ActionHandler<S>> {
  const h = handlers.find((x) => x.def.type === type);
  if (h) return ok(h);
  return fail(
    "input.invalid",
    `${id} has no action "${String(type)}" (it has: ${handlers.map((x) => x.def.type).join(", ")}).`,
    "action.type",
  );
}

/** What a rule set says besides its handlers; the action functions are made from the handlers. */
export type RuleSetSpec<S extends TableState> = Omit<
  RuleSet<S>,
  "actions" | "parseAction" | "plan" | "odds" | "resolve" | "describe" | "facts" | "outcomeSchemas" | "measures" | "phases"
> & {
  readonly handlers: readonly ActionHandler<S>[];
  /** The sentences of actions that give none of their own (`describe` on the action wins); else the action type. */
  readonly describe?: RuleSet<S>["describe"];
  /** The error for odds whose dice space is too large to list (default `odds.too-large`). */
  readonly oddsTooLarge?: { readonly code: ErrorCode; message(detail: string): string };
};

const TOO_LARGE: NonNullable<RuleSetSpec<TableState>["oddsTooLarge"]> = {
  code: "odds.too-large",
  message: (detail: string) => `The exact odds of this roll are too large to list (${detail}).`,
};

/**
 * Assembles a {@link RuleSet}: dispatch by action type to the handlers, odds limits as errors. Odds are memoised per
 * action state (see {@link OddsMemo}) and their outcome lists capped (see {@link capOdds}).
 */
export function ruleSetFromHandlers<S extends TableState>(spec: RuleSetSpec<S>): RuleSet<S> {
  const { handlers, oddsTooLarge = TOO_LARGE, describe, ...rest } = spec;
  const memo = new OddsMemo();
  const withHandler = <T>(type: unknown, run: (h: ActionHandler<S>) => Result<T>): Result<T> => {
    const h = handlerOf(spec.id, handlers, type);
    return h.ok ? run(h.value) : h;
  };
  const ruleSet: RuleSet<S> = {
    ...rest,
    phases: rest.turn.phases.map((p) => p.name),
    actions: handlers.map((h) => h.def),
    // each action's `measure`, declared next to its schema
    measures: Object.fromEntries(handlers.flatMap((h) => (h.measure ? [[h.def.type, h.measure as unknown as ActionMeasures]] : []))),
    outcomeSchemas: Object.fromEntries(handlers.map((h) => [h.def.type, h.outcomeSchema])),
    parseAction: (state, raw) => withHandler((raw as { type?: unknown } | null)?.type, (h) => h.parse(state, raw)),
    plan: (state, action) => withHandler(action.type, (h) => h.plan(state, action)),
    resolve: (state, action, dice) => withHandler(action.type, (h) => h.resolve(state, action, dice)),
    odds: (state, action) =>
      withHandler(action.type, (h) =>
        memo.get(state, action, () => {
          try {
            const odds = h.odds(state, action);
            if (!odds.ok) return odds;
            // the action's own headline (its `headline`), else one bar per outcome in the rule set's sentences
            const sentence = (o: Readonly<Record<string, unknown>>) => ruleSet.describe(state, action, o);
            const shown = odds.value.headline ?? outcomeHeadline(h.def.title, odds.value.outcomes, sentence);
            return ok(capOdds({ ...odds.value, headline: shown }));
          } catch (e) {
            if (e instanceof RangeError) return fail(oddsTooLarge.code, oddsTooLarge.message(e.message), "action");
            throw e;
          }
        }),
      ),
    // the action's own sentence, else the rule set's, else its type
    describe: (state, action, outcome) =>
      handlers.find((h) => h.def.type === action.type)?.describe(state, action, outcome) ??
      describe?.(state, action, outcome) ??
      action.type,
    facts: (state, action, outcome) => handlers.find((h) => h.def.type === action.type)?.facts(state, outcome) ?? [],
    markDice: (state, action, dice) => {
      const h = handlers.find((x) => x.def.type === action.type);
      return h?.marks ? h.marks(state, action, dice) : dice.map((g) => g.map(() => null));
    },
  };
  return ruleSet;
}
