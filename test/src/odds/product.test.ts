import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entry } from "../../../src/dice/plan.ts";
import { canonicalKey, Dist } from "../../../src/odds/distribution.ts";
import { planSpace } from "../../../src/odds/plan-odds.ts";
import { jointOutcomes } from "../../../src/odds/product.ts";

/** Small factors: each a few values with positive weights summing to 1. */
const factorsArb = fc.array(
  fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }).map((ws) => {
    const total = ws.reduce((a, b) => a + b, 0);
    return ws.map((w, v) => ({ value: v, p: w / total }));
  }),
  { minLength: 0, maxLength: 5 },
);

/** Every joint vector, the slow way. */
function brute(factors: { value: number; p: number }[][]): Map<string, number> {
  let acc: { v: number[]; p: number }[] = [{ v: [], p: 1 }];
  for (const f of factors) acc = acc.flatMap((a) => f.map((e) => ({ v: [...a.v, e.value], p: a.p * e.p })));
  return new Map(acc.map((a) => [a.v.join(","), a.p]));
}

describe("odds kernel: independent factors", () => {
  it("the full product equals brute-force enumeration; a shortened one lists exactly the likeliest, each p exact", () => {
    fc.assert(
      fc.property(factorsArb, fc.integer({ min: 1, max: 40 }), (factors, max) => {
        const all = brute(factors);
        const full = jointOutcomes(factors, (v) => v.join(","), 10_000);
        expect(full.truncated).toBe(false);
        expect(full.entries).toHaveLength(all.size);
        for (const e of full.entries) expect(e.p).toBeCloseTo(all.get(e.value) ?? -1, 12);
        const short = jointOutcomes(factors, (v) => v.join(","), max);
        expect(short.truncated).toBe(all.size > max);
        expect(short.entries).toHaveLength(Math.min(max, all.size));
        for (const e of short.entries) expect(e.p).toBeCloseTo(all.get(e.value) ?? -1, 12);
        const best = [...all.values()].sort((a, b) => b - a).slice(0, max);
        const got = short.entries.map((e) => e.p).sort((a, b) => b - a);
        for (const [i, p] of got.entries()) expect(p).toBeCloseTo(best[i] ?? -1, 12);
        expect(new Set(short.entries.map((e) => e.value)).size).toBe(short.entries.length);
      }),
      { numRuns: 150 },
    );
  });
  it("a total of n dice by convolution equals the multisets' totals", () => {
    fc.assert(
      fc.property(fc.constantFrom("d6", "d3", "d8", "dave" as const), fc.integer({ min: 0, max: 6 }), (die, n) => {
        const byConvolution = Dist.sum(die, n);
        const byMultisets = planSpace([entry("x", die, n, "")]).map((g) => (g[0] ?? []).reduce((a, b) => a + b, 0));
        expect(byConvolution.entries.length).toBe(byMultisets.entries.length);
        for (const e of byMultisets.entries) expect(byConvolution.probability((t) => t === e.value)).toBeCloseTo(e.p, 12);
      }),
      { numRuns: 60 },
    );
  });
  it("canonical keys read back as the value and ignore the order of object keys", () => {
    const reversed = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversed)
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.keys(v)
                .reverse()
                .map((k) => [k, reversed((v as Record<string, unknown>)[k])]),
            )
          : v;
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const v = JSON.parse(JSON.stringify(raw)) as unknown;
        expect(JSON.parse(canonicalKey(v))).toEqual(v);
        expect(canonicalKey(reversed(v))).toBe(canonicalKey(v));
      }),
      { numRuns: 300 },
    );
  });
});
