import { describe, expect, it } from "vitest";
import { GUNNERY_PLAN } from "../../../../src/rulesets/quickfire/gunnery.ts";
import { borodino, mikasa, run, table } from "./helpers.ts";

const FIRE = { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" } as const;

/**
 * Quickfire reads no die as a hit on its own (issue 38 item 4): the ROF die says whether the guns fire, the two white
 * dice hit by their total, a torpedo check's three dice by theirs. So no die is marked hit or miss (one G hit once
 * showed "✔ 3 hit ✖ 0 missed", the ROF die marked "hit"); the plan declares the totals, which the display shows.
 */
describe("quickfire's dice are read by the ROF die and by totals, never marked one by one", () => {
  const state = table([mikasa(), borodino()]);
  it("the gunnery plan: the black ROF die on its own, the white dice by their total", () => {
    expect(GUNNERY_PLAN.map((e) => e.reads)).toEqual([undefined, "total"]);
  });
  it("4,1,3: one G hit, and no die marked", () => {
    const t = run(state, FIRE, [4, 1, 3]);
    expect(t.outcome.hit).toBe("G");
    expect((t.marks ?? []).flat().every((m) => m === null)).toBe(true);
  });
  it("a torpedo check's three dice are read by their total (static, rating 2 → 8 or less), no die marked", () => {
    const s = table([mikasa(), borodino()], { game: { phase: "second-gunnery" } });
    const t = run(s, { type: "torpedo", firer: "borodino", targets: ["mikasa"] }, [2, 3, 3]);
    expect(t.outcome.hits).toBe(1);
    expect((t.marks ?? []).flat().every((m) => m === null)).toBe(true);
  });
});
