/**
 * Exact initiative odds at any number of squadrons. The outcome is the move order with draws shown as the roll shows
 * them: groups of one nation on the same initiative are one entry, "blue = red" (the text does not settle them);
 * across nations the Dutch win the draw (move second).
 * - Up to {@link ENUMERATED} squadrons every roll vector is enumerated (6^4 = 1,296).
 * - Beyond, the summary is a product over squadrons, and the listed orders are the likeliest among the orders of
 *   {@link CANDIDATES} fixed candidate rolls, each with its exact probability counted by {@link orderCount} (so the
 *   list is `truncated`; the summary covers the whole distribution).
 */

import { oddsOfEntries } from "../../game/action-handler.ts";
import { chance, chances } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import { MAX_LISTED } from "../../odds/product.ts";

/** A group that moves together, as the odds need it. */
export interface OddsGroup {
  /** Which squadron's roll (index into the roll vector). */
  readonly index: number;
  readonly squadron: string;
  readonly modifier: number;
  readonly dutch: boolean;
  readonly outOfCommand: boolean;
  readonly label: string;
}

const ENUMERATED = 4;
const CANDIDATES = 400;

/** Order on equal initiative: non-Dutch before Dutch, then squadron name, a squadron's out-of-command ships first. */
export function drawOrder(first: OddsGroup, second: OddsGroup): number {
  return (
    Number(first.dutch) - Number(second.dutch) ||
    (first.squadron < second.squadron ? -1 : first.squadron > second.squadron ? 1 : 0) ||
    Number(second.outOfCommand) - Number(first.outOfCommand)
  );
}

/** The tiers of a roll vector: group indices moving together (same initiative and nation), first to move first. */
export function tiersOf(groups: readonly OddsGroup[], rolls: readonly number[]): number[][] {
  const init = groups.map((g) => (rolls[g.index] ?? 0) + g.modifier);
  const idx = groups
    .map((_, i) => i)
    .sort((a, b) => (init[a] ?? 0) - (init[b] ?? 0) || drawOrder(groups[a] as OddsGroup, groups[b] as OddsGroup));
  const tiers: number[][] = [];
  for (const i of idx) {
    const last = tiers[tiers.length - 1];
    const j = last?.[0];
    if (last && j !== undefined && init[j] === init[i] && groups[j]?.dutch === groups[i]?.dutch) last.push(i);
    else tiers.push([i]);
  }
  return tiers;
}

/** One tier's entry in the order: its labels, a draw joined by " = ". */
export const tierLabel = (groups: readonly OddsGroup[], tier: readonly number[]): string =>
  tier.map((i) => groups[i]?.label ?? "").join(" = ");

/**
 * The number of roll vectors giving these tiers: tier initiatives rise strictly, except that a non-Dutch tier may
 * share its initiative with the Dutch tier after it; a squadron's in-command group is one above its out-of-command one.
 */
export function orderCount(groups: readonly OddsGroup[], tiers: readonly (readonly number[])[]): number {
  const lo: number[] = [];
  const hi: number[] = [];
  for (const tier of tiers) {
    lo.push(Math.max(...tier.map((i) => 1 + (groups[i]?.modifier ?? 0))));
    hi.push(Math.min(...tier.map((i) => 6 + (groups[i]?.modifier ?? 0))));
  }
  const memo = new Map<string, number>();
  // pending: squadron index → the initiative its in-command group must have (its out-of-command group is placed).
  const count = (t: number, prev: number, pending: ReadonlyMap<number, number>): number => {
    if (t === tiers.length) return pending.size === 0 ? 1 : 0;
    const key = `${t}|${prev}|${[...pending].sort((a, b) => a[0] - b[0]).join(";")}`;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    const tier = tiers[t] as readonly number[];
    const before = t > 0 ? groups[(tiers[t - 1] as readonly number[])[0] as number] : undefined;
    const mayEqual = before !== undefined && !before.dutch && groups[tier[0] as number]?.dutch === true;
    let total = 0;
    for (let x = Math.max(lo[t] as number, mayEqual ? prev : prev + 1); x <= (hi[t] as number); x++) {
      if ([...pending.values()].some((need) => need < x)) break;
      const next = new Map(pending);
      let fits = true;
      for (const i of tier) {
        const g = groups[i] as OddsGroup;
        if (g.outOfCommand) next.set(g.index, x + 1);
        else if (next.has(g.index)) {
          if (next.get(g.index) !== x) fits = false;
          next.delete(g.index);
        }
      }
      if (fits) total += count(t + 1, x, next);
    }
    memo.set(key, total);
    return total;
  };
  return count(0, Number.NEGATIVE_INFINITY, new Map());
}

/** P(this group moves first on its own), by squadron: a product over the other squadrons for each of its rolls. */
function firstAlone(groups: readonly OddsGroup[], n: number, g: OddsGroup): number {
  let p = 0;
  for (let r = 1; r <= 6; r++) {
    const v = r + g.modifier;
    let q = 1 / 6;
    for (let j = 0; j < n && q > 0; j++) {
      const mine = groups.filter((o) => o.index === j && o !== g);
      let ok = 0;
      for (let rj = 1; rj <= 6; rj++) {
        if (j === g.index && rj !== r) continue;
        // Another group before or level with this one of the same nation, or before it across nations, beats it.
        const beaten = mine.some((o) => {
          const w = rj + o.modifier;
          return w < v || (w === v && (o.dutch === g.dutch || !o.dutch));
        });
        if (!beaten) ok++;
      }
      q *= j === g.index ? ok : ok / 6;
    }
    p += q;
  }
  return p;
}

/** Exact initiative odds: the orders (listed or the likeliest), who moves first and the chance of a draw for first. */
export function initiativeOdds(
  groups: readonly OddsGroup[],
  n: number,
  lead: readonly string[],
): Odds<{ readonly order: readonly string[] }> {
  const movesFirst: Record<string, number> = {};
  for (const g of groups) movesFirst[g.squadron] = (movesFirst[g.squadron] ?? 0) + firstAlone(groups, n, g);
  const drawFirst = Math.max(0, 1 - Object.values(movesFirst).reduce((s, p) => s + p, 0));
  const byOrder = new Map<string, { order: string[]; p: number }>();
  const add = (rolls: readonly number[], p: (tiers: number[][]) => number) => {
    const tiers = tiersOf(groups, rolls);
    const order = [...lead, ...tiers.map((t) => tierLabel(groups, t))];
    const key = order.join("\n");
    const seen = byOrder.get(key);
    if (seen && n <= ENUMERATED) seen.p += p(tiers);
    else if (!seen) byOrder.set(key, { order, p: p(tiers) });
  };
  const rolls = Array<number>(n).fill(1);
  if (n <= ENUMERATED) {
    const each = 6 ** -n;
    for (;;) {
      add(rolls, () => each);
      let k = 0;
      while (k < n && rolls[k] === 6) rolls[k++] = 1;
      if (k === n) break;
      rolls[k] = (rolls[k] ?? 1) + 1;
    }
  } else {
    // Fixed candidate rolls (a linear congruential sequence, the same every time); each order's p is counted exactly.
    let seed = 12345;
    for (let c = 0; c < CANDIDATES; c++) {
      for (let k = 0; k < n; k++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        rolls[k] = 1 + (seed % 6);
      }
      add(rolls, (tiers) => orderCount(groups, tiers) * 6 ** -n);
    }
  }
  const entries = [...byOrder.values()].sort((a, b) => b.p - a.p);
  const truncated = n > ENUMERATED || entries.length > MAX_LISTED;
  const summary = {
    movesFirst: chances(movesFirst, (squadron) => (squadron === "" ? "A squadron moves first" : `${squadron} moves first`)),
    drawFirst: chance("A draw for first move", drawFirst),
  };
  return oddsOfEntries(
    entries.slice(0, MAX_LISTED).map(({ order, p }) => ({ value: { order }, p })),
    summary,
    truncated,
  );
}
