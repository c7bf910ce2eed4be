import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIE_KINDS } from "../../../src/dice/kinds.ts";
import { entry } from "../../../src/dice/plan.ts";
import { canonicalKey } from "../../../src/odds/distribution.ts";
import { oddsOverDistinctTotals, oddsOverPlan } from "../../../src/odds/plan-odds.ts";

describe("odds over distinct totals", () => {
  it("equal every multiset's enumeration for an outcome that reports the totals", () => {
    const planArb = fc.array(fc.record({ die: fc.constantFrom(...DIE_KINDS), count: fc.integer({ min: 0, max: 3 }) }), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(planArb, (shape) => {
        const plan = shape.map((e, i) => entry(`g${i}`, e.die, e.count, "test"));
        const outcome = (totals: readonly number[]) => ({ totals: [...totals], high: Math.max(0, ...totals) > 7 });
        const fast = oddsOverDistinctTotals(plan, outcome);
        const brute = oddsOverPlan(plan, (g) => outcome(g.map((d) => d.reduce((s, v) => s + v, 0))));
        expect(fast.entries.length).toBe(brute.entries.length);
        const byKey = new Map(brute.entries.map((e) => [canonicalKey(e.value), e.p]));
        for (const e of fast.entries) expect(e.p).toBeCloseTo(byKey.get(canonicalKey(e.value)) ?? -1, 12);
      }),
      { numRuns: 60 },
    );
  });
});
