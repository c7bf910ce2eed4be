import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  initiativeOdds,
  type OddsGroup,
  orderCount,
  tierLabel,
  tiersOf,
} from "../../../../src/rulesets/anglo-dutch-1666/initiative-odds.ts";

/** Squadrons with a modifier, a nation and maybe ships out of command (a second group one lower). */
const groupsArb = (max: number) =>
  fc
    .array(fc.record({ modifier: fc.integer({ min: -2, max: 1 }), dutch: fc.boolean(), split: fc.boolean() }), {
      minLength: 1,
      maxLength: max,
    })
    .map((sqs) =>
      sqs.flatMap((q, index): OddsGroup[] => {
        const squadron = `q${index}`;
        const inside = { index, squadron, modifier: q.modifier, dutch: q.dutch, outOfCommand: false, label: squadron };
        return q.split ? [inside, { ...inside, modifier: q.modifier - 1, outOfCommand: true, label: `${squadron} (out)` }] : [inside];
      }),
    );

/** Every roll vector, the slow way. */
function bruteForce(groups: readonly OddsGroup[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  const rolls = Array<number>(n).fill(1);
  for (;;) {
    const key = tiersOf(groups, rolls)
      .map((t) => tierLabel(groups, t))
      .join("|");
    out.set(key, (out.get(key) ?? 0) + 6 ** -n);
    let k = 0;
    while (k < n && rolls[k] === 6) rolls[k++] = 1;
    if (k === n) break;
    rolls[k] = (rolls[k] ?? 1) + 1;
  }
  return out;
}

describe("1666 initiative odds kernel", () => {
  it("agrees with enumerating every roll vector (orders, counts, who moves first, draws)", () => {
    fc.assert(
      fc.property(groupsArb(5), (groups) => {
        const n = Math.max(...groups.map((g) => g.index)) + 1;
        const brute = bruteForce(groups, n);
        // The count of every order agrees with enumeration.
        for (const [key, p] of brute) {
          const labels = key.split("|");
          const byLabel = new Map(groups.map((g, i) => [g.label, i]));
          const t = labels.map((l) => l.split(" = ").map((x) => byLabel.get(x) as number));
          expect(orderCount(groups, t) * 6 ** -n).toBeCloseTo(p, 12);
        }
        const odds = initiativeOdds(groups, n, []);
        let first = 0;
        const alone: Record<string, number> = {};
        for (const [key, p] of brute) {
          const head = key.split("|")[0] as string;
          if (head.includes(" = ")) first += p;
          else {
            const sq = groups.find((g) => g.label === head)?.squadron as string;
            alone[sq] = (alone[sq] ?? 0) + p;
          }
        }
        expect(odds.summary.drawFirst).toBeCloseTo(first, 12);
        for (const [sq, p] of Object.entries(alone)) expect((odds.summary.movesFirst as Record<string, number>)[sq]).toBeCloseTo(p, 12);
        for (const o of odds.outcomes) expect(o.p).toBeCloseTo(brute.get((o.outcome.order as string[]).join("|")) ?? -1, 12);
      }),
      { numRuns: 60 },
    );
  });
});
