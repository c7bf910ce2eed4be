/**
 * Odds by brute force, independent of the odds kernel: every ordered roll of the plan's physical dice (a d3 is a d6
 * marked 1,1,2,2,3,3) is resolved by the rule set itself and counted, each roll weighing 1/faces^dice. Used to check
 * that a rule set's `odds` (factorised, over totals, over multisets …) is the distribution its `resolve` really has.
 */
import { expect } from "vitest";
import { DIE_FACES } from "../../../src/dice/kinds.ts";
import type { DicePlan } from "../../../src/dice/plan.ts";
import type { Action, Odds, RuleSet, TableState } from "../../../src/game/types.ts";
import { canonicalKey } from "../../../src/odds/distribution.ts";

/** Ordered rolls enumerated at most (6^4): beyond that the check is skipped. */
export const BRUTE_LIMIT = 1296;

/** The number of ordered rolls of a plan's physical dice. */
export const rollCount = (plan: DicePlan): number => plan.reduce((n, e) => n * DIE_FACES[e.die].length ** e.count, 1);

type Outcome = Readonly<Record<string, unknown>>;

/**
 * Whether a listed odds outcome stands for a resolved one: equal, or the resolved outcome with only the listed fields
 * (a rule set's odds may list the part of an outcome a player is shown, e.g. 1666 initiative lists the order without
 * every squadron's roll, which is what lets it factorise).
 */
export function standsFor(listed: Outcome, resolved: Outcome): boolean {
  const keys = Object.keys(listed);
  if (keys.length === 0) return Object.keys(resolved).length === 0;
  return keys.every((k) => canonicalKey(listed[k]) === canonicalKey(resolved[k]));
}

/** A resolved outcome as the odds count it: a refused roll is `{ error: code }`. */
export const resolvedOutcome = (r: ReturnType<RuleSet["resolve"]>): Outcome => (r.ok ? r.value.outcome : { error: r.error.code });

/**
 * The distribution of resolved outcomes (merged by canonical key) over every ordered roll, or null when there are
 * more than `limit` rolls.
 */
export function bruteForceOdds<S extends TableState>(
  rs: RuleSet<S>,
  state: S,
  action: Action,
  plan: DicePlan,
  limit = BRUTE_LIMIT,
): Map<string, { outcome: Outcome; p: number }> | null {
  if (rollCount(plan) > limit) return null;
  const slots = plan.flatMap((e, g) => Array.from({ length: e.count }, () => ({ g, faces: DIE_FACES[e.die] })));
  const weight = 1 / rollCount(plan);
  const out = new Map<string, { outcome: Outcome; p: number }>();
  const groups: number[][] = plan.map(() => []);
  const walk = (i: number): void => {
    const slot = slots[i];
    if (!slot) {
      const outcome = resolvedOutcome(
        rs.resolve(
          state,
          action,
          groups.map((g) => [...g]),
        ),
      );
      const key = canonicalKey(outcome);
      const seen = out.get(key);
      if (seen) seen.p += weight;
      else out.set(key, { outcome, p: weight });
      return;
    }
    for (const v of slot.faces) {
      (groups[slot.g] as number[]).push(v);
      walk(i + 1);
      (groups[slot.g] as number[]).pop();
    }
  };
  walk(0);
  return out;
}

/**
 * Expects `odds` to be the brute-force distribution: every resolved outcome stands for exactly one listed outcome
 * (see {@link standsFor}), and each listed probability is the sum of those it stands for (1e-9). A shortened
 * (`truncated`) list may leave resolved outcomes out.
 */
export function expectOddsMatch(odds: Odds, brute: ReadonlyMap<string, { outcome: Outcome; p: number }>, where: string): void {
  const sums = odds.outcomes.map(() => 0);
  for (const [key, { outcome, p }] of brute) {
    const exact = odds.outcomes.findIndex((o) => canonicalKey(o.outcome) === key);
    const matched = exact >= 0 ? [exact] : odds.outcomes.flatMap((o, i) => (standsFor(o.outcome, outcome) ? [i] : []));
    if (matched.length > 1) throw new Error(`${where}: rolls resolve to ${key}, which ${matched.length} listed outcomes stand for`);
    const at = matched[0];
    if (at === undefined) {
      if (odds.truncated) continue;
      throw new Error(`${where}: rolls resolve to ${key} (p ${p}), which the odds do not list`);
    }
    sums[at] = (sums[at] ?? 0) + p;
  }
  odds.outcomes.forEach((o, i) => {
    if (!((sums[i] ?? 0) > 0)) throw new Error(`${where}: odds list ${canonicalKey(o.outcome)} (p ${o.p}), which no roll resolves to`);
    expect(o.p, `${where}: p of ${canonicalKey(o.outcome)}`).toBeCloseTo(sums[i] ?? 0, 9);
  });
}
