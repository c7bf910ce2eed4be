/**
 * Independent dice groups (one die per ship, one roll per squadron …) as separate distributions, combined without
 * enumerating more than is listed: the full product when it is small, else its most likely joint outcomes found
 * best-first (every listed probability exact), so the joint space may be astronomically large.
 */

import type { Weighted } from "./distribution.ts";
import { MinHeap } from "./heap.ts";

/** The most outcomes one odds answer lists (a display shows a handful; a script gets plenty). */
export const MAX_LISTED = 256;

/** A joint listing: outcomes with exact probabilities; `truncated` when the product had more than were listed. */
export interface JointListing<O> {
  readonly entries: Weighted<O>[];
  readonly truncated: boolean;
}

/** The number of joint outcomes of independent factors (may be Infinity). */
export function productSize(factors: readonly (readonly unknown[])[]): number {
  return factors.reduce((n, f) => n * f.length, 1);
}

/**
 * The joint outcomes of independent factors, `combine` mapping one value of each factor to an outcome. `combine`
 * must be one-to-one (distinct value vectors give distinct outcomes), so each listed outcome's probability is the
 * product of its factors' and exact. At most `max` outcomes, the most likely first when the product is larger.
 */
export function jointOutcomes<T, O>(
  factors: readonly (readonly Weighted<T>[])[],
  combine: (values: readonly T[]) => O,
  max = MAX_LISTED,
): JointListing<O> {
  const sorted = factors.map((f) => [...f].filter((e) => e.p > 0).sort((a, b) => b.p - a.p));
  if (productSize(sorted) <= max) {
    const entries: Weighted<O>[] = [];
    const pick: T[] = [];
    const walk = (i: number, p: number): void => {
      const f = sorted[i];
      if (!f) {
        entries.push({ value: combine([...pick]), p });
        return;
      }
      for (const e of f) {
        pick[i] = e.value;
        walk(i + 1, p * e.p);
      }
      pick.length = i;
    };
    walk(0, 1);
    return { entries, truncated: false };
  }
  // Best-first over index vectors: a vector's successors raise one index at or after the last one raised, so every
  // vector is reached exactly once, and never before a more likely one. A node keeps only its raise and its parent.
  interface Node {
    readonly parent: Node | null;
    readonly at: number;
    readonly p: number;
  }
  const indexOf = (node: Node): number[] => {
    const idx = sorted.map(() => 0);
    for (let n: Node | null = node; n?.parent; n = n.parent) idx[n.at] = (idx[n.at] ?? 0) + 1;
    return idx;
  };
  const heap = new MinHeap<Node>((a, b) => b.p - a.p);
  heap.push({ parent: null, at: 0, p: sorted.reduce((p, f) => p * (f[0]?.p ?? 0), 1) });
  const entries: Weighted<O>[] = [];
  while (entries.length < max && heap.size > 0) {
    const top = heap.pop() as Node;
    const idx = indexOf(top);
    entries.push({ value: combine(idx.map((k, i) => sorted[i]?.[k]?.value as T)), p: top.p });
    for (let j = top.at; j < sorted.length; j++) {
      const f = sorted[j] as Weighted<T>[];
      const k = idx[j] as number;
      if (k + 1 >= f.length) continue;
      heap.push({ parent: top, at: j, p: (top.p / (f[k] as Weighted<T>).p) * (f[k + 1] as Weighted<T>).p });
    }
  }
  return { entries, truncated: true };
}
