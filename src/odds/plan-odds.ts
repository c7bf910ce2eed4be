/**
 * Exact odds of a resolution over a whole dice plan: every combination of the plan's entries is
 * enumerated as multisets (the order of dice within one entry never matters to a rule), and the
 * rule set's own resolution is run on each one, so every outcome it can produce is in the odds.
 */

import { type DieKind, valueDistribution } from "../dice/kinds.ts";
import type { DicePlan } from "../dice/plan.ts";
import { Dist, type Weighted } from "./distribution.ts";

/**
 * The dice spaces of plan shapes already built (die kinds and counts; roles and purposes do not matter). Spaces are
 * immutable, so one built for a gunnery roll serves every later one; bounded to {@link SHAPES} shapes.
 */
const spaces = new Map<string, Dist<number[][]>>();
const SHAPES = 64;

/** The dice space of a plan as per-entry multisets. Plans whose space would exceed `limit` combinations throw. */
export function planSpace(plan: DicePlan, limit = 2_000_000): Dist<number[][]> {
  const shape = plan.map((e) => `${e.count}${e.die}`).join(" ");
  const known = spaces.get(shape);
  if (known) return known;
  // Frozen: the outcome functions of every later roll of this shape see these very arrays.
  const space = buildSpace(plan, limit);
  for (const { value } of space.entries) {
    for (const g of value) Object.freeze(g);
    Object.freeze(value);
  }
  if (spaces.size >= SHAPES) spaces.delete(spaces.keys().next().value as string);
  spaces.set(shape, space);
  return space;
}

function buildSpace(plan: DicePlan, limit: number): Dist<number[][]> {
  // The size is known before the space is built: one beyond the limit is refused at once, not after building the
  // part of it that fits (ten 2d6 entries built 21^4 combinations before refusing the fifth).
  const multisets: Dist<number[]>[] = [];
  let size = 1;
  for (const e of plan) {
    const m = Dist.multiset(e.die, e.count);
    size *= m.entries.length;
    if (size > limit) throw new RangeError(`dice space of ${size} combinations is beyond the odds limit ${limit}`);
    multisets.push(m);
  }
  let acc: Dist<number[][]> = Dist.of([]);
  for (const m of multisets) acc = acc.chain((groups) => m.map((g) => [...groups, g]));
  return acc;
}

/** Exact distribution of `outcomeOf(groups)` over the plan's dice space. */
export function oddsOverPlan<O>(plan: DicePlan, outcomeOf: (groups: number[][]) => O): Dist<O> {
  return planSpace(plan).map(outcomeOf);
}

/**
 * The dice space of a plan by each entry's total: for a rule that reads only the totals, one representative group
 * per total (with the total's exact probability) stands for all the multisets with it — n d6 have 5n + 1 totals
 * against C(n + 5, 5) multisets. Die faces are whole-number runs (1–6, 2–5 …), so every total has a group.
 */
export function planTotals(plan: DicePlan): Dist<number[][]> {
  let acc: Dist<number[][]> = Dist.of([]);
  for (const e of plan) {
    const faces = valueDistribution(e.die).map((f) => f.value);
    const [lo, hi] = [Math.min(...faces), Math.max(...faces)];
    const totals = Dist.sum(e.die, e.count).map((t) => {
      let extra = t - e.count * lo;
      return Array.from({ length: e.count }, () => {
        const up = Math.min(extra, hi - lo);
        extra -= up;
        return lo + up;
      });
    });
    acc = acc.chain((groups) => totals.map((g) => [...groups, g]));
  }
  return acc;
}

/** The probabilities of `n` dice of a kind by total (index = total), built once per kind and count. */
const totalTables = new Map<string, readonly number[]>();

export function totalsTable(kind: DieKind, n: number): readonly number[] {
  const key = `${n}${kind}`;
  const known = totalTables.get(key);
  if (known) return known;
  const table: number[] = [];
  for (const { value, p } of Dist.sum(kind, n).entries) table[value] = p;
  if (totalTables.size >= SHAPES) totalTables.delete(totalTables.keys().next().value as string);
  totalTables.set(key, Object.freeze(Array.from(table, (p) => p ?? 0)));
  return totalTables.get(key) as readonly number[];
}

/**
 * Exact distribution of `outcomeOf(totals)` over the product of each entry's dice total, for an outcome that reads
 * the totals alone and reports them (so distinct totals give distinct outcomes and nothing needs merging).
 */
export function oddsOverDistinctTotals<O>(plan: DicePlan, outcomeOf: (totals: readonly number[]) => O): Dist<O> {
  const tables = plan.map((e) => totalsTable(e.die, e.count));
  const out: Weighted<O>[] = [];
  const totals: number[] = [];
  const walk = (i: number, p: number): void => {
    const table = tables[i];
    if (!table) {
      out.push({ value: outcomeOf(totals), p });
      return;
    }
    for (let t = 0; t < table.length; t++) {
      const q = table[t] as number;
      if (q === 0) continue;
      totals[i] = t;
      walk(i + 1, p * q);
    }
  };
  walk(0, 1);
  return Dist.distinct(out);
}

/** Exact distribution of `outcomeOf(groups)` when the outcome depends on each entry's total alone. */
export function oddsOverTotals<O>(plan: DicePlan, outcomeOf: (groups: number[][]) => O): Dist<O> {
  return planTotals(plan).map(outcomeOf);
}
