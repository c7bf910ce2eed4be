/**
 * A reusable fast-check property harness for any rule set. For each generated request it checks that
 * - the exact odds sum to 1 within 1e-9 and every listed probability is in (0, 1];
 * - resolving the plan with any legal dice succeeds, and the resolved outcome is one the odds list with p > 0;
 * - where the plan has at most 36 rolls, the odds are the distribution of resolving every roll (brute force; the odds
 *   corpus test, test/src/odds/corpus-odds.test.ts, goes to 6^4 over every action type);
 * - the rule set's own invariants hold (a hook that receives request, plan, odds, dice and the transition).
 * Requests the rule set refuses (an illegal or out-of-range action the generator produced) are counted, and the
 * run fails if too few were accepted to mean anything.
 */
import fc from "fast-check";
import { DIE_FACES } from "../../../src/dice/kinds.ts";
import type { DicePlan } from "../../../src/dice/plan.ts";
import { oddsOf, parseRequest, type Transition, transition } from "../../../src/game/engine.ts";
import type { Action, Odds, RuleSet, TableState } from "../../../src/game/types.ts";
import { canonicalKey } from "../../../src/odds/distribution.ts";
import { bruteForceOdds, expectOddsMatch, listingOf } from "../odds/brute-force.ts";

/** Everything an invariant hook may look at. */
export interface PropertyContext<S extends TableState> {
  readonly request: unknown;
  readonly state: S;
  readonly action: Action;
  readonly plan: DicePlan;
  readonly odds: Odds;
  readonly dice: readonly number[];
  readonly transition: Transition<S>;
}

export interface RuleSetPropertyOptions<S extends TableState> {
  /** Requests without dice (docs/reference/request-result.md JSON). */
  readonly requests: fc.Arbitrary<unknown>;
  /** Rule-set specific checks; throw (or use expect) to fail. */
  readonly invariants?: (ctx: PropertyContext<S>) => void;
  readonly numRuns?: number;
  /** The rule set's parsed data file, if it takes one. */
  readonly data?: unknown;
  /** Smallest share of generated requests that must be accepted (default 0.25). */
  readonly minAcceptedShare?: number;
  /** Error codes a generated request may be refused with (default: rules.illegal, rules.out-of-range). */
  readonly refusals?: readonly string[];
  readonly seed?: number;
}

export interface PropertyStats {
  /** Resolved outcomes not in a shortened (truncated) odds list. */
  leftOff: number;
  accepted: number;
  refused: number;
  outcomesChecked: number;
  /** Requests whose odds were compared with every roll resolved one by one. */
  bruteForced: number;
}

/** Dice for a plan from seeds: each entry's values are faces of its die kind. */
export function diceFor(plan: DicePlan, seeds: readonly number[]): number[] {
  const out: number[] = [];
  for (const e of plan) {
    const faces = DIE_FACES[e.die];
    for (let k = 0; k < e.count; k++) {
      const seed = seeds[out.length % seeds.length] ?? 0;
      out.push(faces[(seed + Math.floor(out.length / seeds.length)) % faces.length] as number);
    }
  }
  return out;
}

/** Runs the properties; throws on the first counterexample (fast-check shrinks it). Returns what it saw. */
export function checkRuleSetProperties<S extends TableState>(rs: RuleSet<S>, options: RuleSetPropertyOptions<S>): PropertyStats {
  const stats: PropertyStats = { leftOff: 0, accepted: 0, refused: 0, outcomesChecked: 0, bruteForced: 0 };
  const refusals = options.refusals ?? ["rules.illegal", "rules.out-of-range"];
  const refuse = (code: string, where: string, raw: unknown) => {
    if (!refusals.includes(code)) throw new Error(`${where} failed with ${code} for ${JSON.stringify(raw)}`);
    stats.refused++;
  };
  fc.assert(
    fc.property(options.requests, fc.array(fc.nat({ max: 1_000_000 }), { minLength: 64, maxLength: 64 }), (raw, seeds) => {
      const req = parseRequest(rs, raw, options.data);
      if (!req.ok) return refuse(req.error.code, "parse", raw);
      const { state, action } = req.value;
      const odds = oddsOf(rs, state, action);
      if (!odds.ok) return refuse(odds.error.code, "odds", raw);
      stats.accepted++;
      const { plan, odds: o } = odds.value;
      const total = o.outcomes.reduce((s, x) => s + x.p, 0);
      // A shortened list (docs/reference/request-result.md, `truncated`) holds the likeliest outcomes: at most 1 in all.
      if (o.truncated ? total > 1 + 1e-9 : Math.abs(total - 1) > 1e-9) throw new Error(`odds sum to ${total}, not 1`);
      const bad = o.outcomes.find((x) => !(x.p > 0 && x.p <= 1 + 1e-12));
      if (bad) throw new Error(`outcome listed with probability ${bad.p}`);
      const brute = bruteForceOdds(rs, state, action, plan, { maxRolls: 36 });
      if (brute) {
        expectOddsMatch(o, brute, `${action.type} ${JSON.stringify(action)}`);
        stats.bruteForced++;
      }
      const dice = diceFor(plan, seeds);
      const t = transition(rs, state, action, dice);
      if (!t.ok) throw new Error(`resolve with legal dice ${JSON.stringify(dice)} failed: ${JSON.stringify(t.error)}`);
      const key = canonicalKey(t.value.outcome);
      // A listed outcome may give only the fields a player is shown (see standsFor).
      const listed = o.outcomes[listingOf(o).indexOf(key, t.value.outcome)];
      if (!listed && o.truncated) stats.leftOff++;
      else if (!listed || !(listed.p > 0)) throw new Error(`resolved outcome ${key} is not in the odds with p > 0`);
      stats.outcomesChecked++;
      options.invariants?.({ request: raw, state, action, plan, odds: o, dice, transition: t.value });
    }),
    { numRuns: options.numRuns ?? 200, ...(options.seed === undefined ? {} : { seed: options.seed }) },
  );
  const share = stats.accepted / Math.max(1, stats.accepted + stats.refused);
  if (share < (options.minAcceptedShare ?? 0.25)) {
    throw new Error(
      `only ${stats.accepted} of ${stats.accepted + stats.refused} generated requests were accepted: the generator is too loose`,
    );
  }
  return stats;
}
