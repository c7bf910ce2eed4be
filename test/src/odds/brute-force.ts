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
 * A list of odds outcomes with their canonical keys, and each one's fields' keys, worked out once: finding what a
 * resolved outcome stands for is then a look-up and a few string comparisons, not a canonical key of every listed
 * outcome for every roll (1,296 rolls against 256 listed outcomes took seconds).
 */
export class Listing {
  readonly #first = new Map<string, number>();
  readonly #fields: (readonly (readonly [string, string])[])[];

  constructor(outcomes: readonly { readonly outcome: Outcome }[]) {
    outcomes.forEach((o, i) => {
      const key = canonicalKey(o.outcome);
      if (!this.#first.has(key)) this.#first.set(key, i);
    });
    this.#fields = outcomes.map((o) => Object.keys(o.outcome).map((k) => [k, canonicalKey(o.outcome[k])] as const));
  }

  /** The index of the first listed outcome whose key is `key`, or -1. */
  exact(key: string): number {
    return this.#first.get(key) ?? -1;
  }

  /** The indices of the listed outcomes that stand for `resolved` (as {@link standsFor}), in order. */
  standingFor(resolved: Outcome): number[] {
    const keys = new Map<string, string>();
    const keyOf = (k: string): string => {
      const seen = keys.get(k);
      if (seen !== undefined) return seen;
      const v = canonicalKey(resolved[k]);
      keys.set(k, v);
      return v;
    };
    const empty = Object.keys(resolved).length === 0;
    const out: number[] = [];
    this.#fields.forEach((fields, i) => {
      if (fields.length === 0 ? empty : fields.every(([k, v]) => keyOf(k) === v)) out.push(i);
    });
    return out;
  }

  /** The index of the listed outcome a resolved one (of canonical key `key`) is counted under: equal, else the first that stands for it; -1 if none. */
  indexOf(key: string, resolved: Outcome): number {
    const exact = this.exact(key);
    return exact >= 0 ? exact : (this.standingFor(resolved)[0] ?? -1);
  }
}

const listings = new WeakMap<object, Listing>();

/** The {@link Listing} of an odds' outcomes, made once per odds object. */
export function listingOf(odds: Odds): Listing {
  const seen = listings.get(odds);
  if (seen) return seen;
  const l = new Listing(odds.outcomes);
  listings.set(odds, l);
  return l;
}

/**
 * Expects `odds` to be the brute-force distribution: every resolved outcome stands for exactly one listed outcome
 * (see {@link standsFor}), and each listed probability is the sum of those it stands for (1e-9). A shortened
 * (`truncated`) list may leave resolved outcomes out.
 */
export function expectOddsMatch(odds: Odds, brute: ReadonlyMap<string, { outcome: Outcome; p: number }>, where: string): void {
  const sums = odds.outcomes.map(() => 0);
  const listing = listingOf(odds);
  for (const [key, { outcome, p }] of brute) {
    const exact = listing.exact(key);
    const matched = exact >= 0 ? [exact] : listing.standingFor(outcome);
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
