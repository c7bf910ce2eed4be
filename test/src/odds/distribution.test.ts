import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIE_KINDS } from "../../../src/dice/kinds.ts";
import { entry } from "../../../src/dice/plan.ts";
import { Dist } from "../../../src/odds/distribution.ts";
import { oddsOverPlan } from "../../../src/odds/plan-odds.ts";

describe("Dist", () => {
  it("2d6 totals by convolution", () => {
    const d = Dist.sum("d6", 2);
    expect(d.probability((v) => v === 7)).toBeCloseTo(6 / 36, 12);
    expect(d.probability((v) => v === 2)).toBeCloseTo(1 / 36, 12);
    expect(d.total()).toBeCloseTo(1, 12);
  });
  it("the average die is 2,3,3,4,4,5", () => {
    const d = Dist.die("dave");
    expect(d.probability((v) => v === 3)).toBeCloseTo(1 / 3, 12);
    expect(d.probability((v) => v === 1 || v === 6)).toBe(0);
  });
  it("d3 is a third each", () => expect(Dist.die("d3").probability((v) => v === 2)).toBeCloseTo(1 / 3, 12));
  it("binomial successes: 14 dice hitting on 4+", () => {
    const d = Dist.successes("d6", 14, (v) => v >= 4);
    expect(d.probability((k) => k === 7)).toBeCloseTo(3432 / 16384, 12);
  });
  it("multisets of 14 d6 number 11,628 and sum to 1", () => {
    const m = Dist.multiset("d6", 14);
    expect(m.entries.length).toBe(11628);
    expect(m.total()).toBeCloseTo(1, 9);
  });
  it("zero dice is one empty outcome", () => {
    expect(Dist.multiset("d6", 0).entries).toEqual([{ value: [], p: 1 }]);
    expect(Dist.successes("d6", 0, () => true).entries).toEqual([{ value: 0, p: 1 }]);
  });
  it("property: any small plan's odds sum to 1 and count sixes like the binomial", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DIE_KINDS), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }), (kind, n, m) => {
        const plan = [entry("a", kind, n, "test"), entry("b", "d6", m, "test")];
        const d = oddsOverPlan(plan, ([a = [], b = []]) => ({ max: Math.max(0, ...a), sixes: b.filter((v) => v === 6).length }));
        expect(d.total()).toBeCloseTo(1, 9);
        const sixes = d.map((o) => o.sixes);
        const binom = Dist.successes("d6", m, (v) => v === 6);
        for (const { value, p } of binom.entries) expect(sixes.probability((k) => k === value)).toBeCloseTo(p, 9);
      }),
      { numRuns: 60 },
    );
  });
});
