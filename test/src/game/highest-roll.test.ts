import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { highestRoll } from "../../../src/game/highest-roll.ts";

describe("highestRoll: the single highest roll wins, the sides tied on the highest roll again", () => {
  it("two sides: the higher wins, a tie names both", () => {
    expect(
      highestRoll([
        { side: "GB", roll: 5 },
        { side: "FR", roll: 2 },
      ]),
    ).toEqual({ winner: "GB", tied: [] });
    expect(
      highestRoll([
        { side: "GB", roll: 1 },
        { side: "FR", roll: 6 },
      ]),
    ).toEqual({ winner: "FR", tied: [] });
    expect(
      highestRoll([
        { side: "GB", roll: 4 },
        { side: "FR", roll: 4 },
      ]),
    ).toEqual({ winner: null, tied: ["GB", "FR"] });
  });
  it("three sides: only the sides tied on the top roll again", () => {
    const r = highestRoll([
      { side: "A", roll: 6 },
      { side: "B", roll: 3 },
      { side: "C", roll: 6 },
    ]);
    expect(r).toEqual({ winner: null, tied: ["A", "C"] });
  });
  it("the winner's roll beats every other; a winner and a tie never come together", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 5 }), (dice) => {
        const r = highestRoll(dice.map((roll, side) => ({ side, roll })));
        if (r.winner === null) {
          expect(r.tied.length).toBeGreaterThan(1);
          expect(r.tied.every((s) => dice[s] === Math.max(...dice))).toBe(true);
        } else {
          expect(r.tied).toEqual([]);
          expect(dice.every((d, i) => i === r.winner || d < (dice[r.winner ?? 0] ?? 0))).toBe(true);
        }
      }),
    );
  });
});
