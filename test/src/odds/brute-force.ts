/**
 * Odds by brute force, independent of the odds kernel: every ordered roll of the plan's physical dice (a d3 is a d6
 * marked 1,1,2,2,3,3) is resolved by the rule set itself and counted, each roll weighing 1/faces^dice; past 6^4 rolls,
 * every combination of multisets with its multinomial weight. Used to check that a rule set's `odds` (factorised,
 * over totals, over multisets …) is the distribution its `resolve` really has.
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

/** Multiset combinations a caller may allow when the ordered rolls are too many (8d6 in two groups is 15,876). */
export const MULTISET_LIMIT = 20_000;

/** How far a brute force may go: ordered rolls, then (if allowed) combinations of each entry's multisets. */
export interface BruteLimits {
  readonly maxRolls?: number;
  readonly maxMultisets?: number;
}

/** One die's values with their chances, counted from its physical faces. */
function faceChances(faces: readonly number[]): { value: number; p: number }[] {
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([value, n]) => ({ value, p: n / faces.length }));
}

/** Every multiset (ascending) of `n` dice with the given value chances, with its multinomial probability. */
function multisets(chances: readonly { value: number; p: number }[], n: number): { dice: number[]; p: number }[] {
  const out: { dice: number[]; p: number }[] = [];
  const walk = (i: number, left: number, dice: number[], p: number, ways: number): void => {
    const c = chances[i];
    if (!c) {
      if (left === 0) out.push({ dice, p: p * ways });
      return;
    }
    let choose = 1;
    for (let k = 0; k <= left; k++) {
      walk(i + 1, left - k, [...dice, ...Array<number>(k).fill(c.value)], p * c.p ** k, ways * choose);
      choose = (choose * (left - k)) / (k + 1);
    }
  };
  walk(0, n, [], 1, 1);
  return out;
}

/**
 * The distribution of resolved outcomes (merged by canonical key): over every ordered roll when there are at most
 * `maxRolls` (default 6^4), else over every combination of each entry's multisets (weighed by multinomials) when there
 * are at most `maxMultisets` (default none); null beyond.
 */
export function bruteForceOdds<S extends TableState>(
  rs: RuleSet<S>,
  state: S,
  action: Action,
  plan: DicePlan,
  { maxRolls = BRUTE_LIMIT, maxMultisets = 0 }: BruteLimits = {},
): Map<string, { outcome: Outcome; p: number }> | null {
  const out = new Map<string, { outcome: Outcome; p: number }>();
  const count = (groups: readonly (readonly number[])[], p: number) => {
    const outcome = resolvedOutcome(
      rs.resolve(
        state,
        action,
        groups.map((g) => [...g]),
      ),
    );
    const key = canonicalKey(outcome);
    const seen = out.get(key);
    if (seen) seen.p += p;
    else out.set(key, { outcome, p });
  };
  if (rollCount(plan) <= maxRolls) {
    const slots = plan.flatMap((e, g) => Array.from({ length: e.count }, () => ({ g, faces: DIE_FACES[e.die] })));
    const weight = 1 / rollCount(plan);
    const groups: number[][] = plan.map(() => []);
    const walk = (i: number): void => {
      const slot = slots[i];
      if (!slot) {
        count(groups, weight);
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
  const perEntry = plan.map((e) => multisets(faceChances(DIE_FACES[e.die]), e.count));
  if (perEntry.reduce((n, m) => n * m.length, 1) > maxMultisets) return null;
  const walk = (i: number, groups: number[][], p: number): void => {
    const entry = perEntry[i];
    if (!entry) {
      count(groups, p);
      return;
    }
    for (const m of entry) walk(i + 1, [...groups, m.dice], p * m.p);
  };
  walk(0, [], 1);
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
