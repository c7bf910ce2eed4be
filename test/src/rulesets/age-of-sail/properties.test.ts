import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import type { AosState } from "../../../../src/rulesets/age-of-sail/state.ts";
import { COMPASS_8, COMPASS_16 } from "../../../../src/wind/compass.ts";
import { checkRuleSetProperties } from "../rule-set-properties.ts";

const shipArb = (id: string, side: string) =>
  fc.constantFrom("ship-of-the-line", "frigate", "pirate").chain((cls) => {
    const decks = cls === "ship-of-the-line" ? 3 : 2;
    const main = cls === "ship-of-the-line" ? 1 : 2;
    return fc.record({
      id: fc.constant(id),
      name: fc.constant(id.toUpperCase()),
      side: fc.constant(side),
      class: fc.constant(cls),
      masts: fc.tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom(0, main), fc.integer({ min: 0, max: 1 })),
      gunDecks: fc.record({ port: fc.integer({ min: 0, max: decks }), starboard: fc.integer({ min: 0, max: decks }) }),
      hull: fc.integer({ min: 0, max: 3 }),
      heading: fc.constantFrom(...COMPASS_16),
      fire: fc.integer({ min: 0, max: 2 }),
      aground: fc.boolean(),
      entangledWith: fc.constant(id === "a" ? ["b"] : ["a"]),
    });
  });

const actionArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant("fire"),
      firer: fc.constant("a"),
      target: fc.constant("b"),
      rangeCm: fc.double({ min: 0, max: 14, noNaN: true }),
      aim: fc.constantFrom("hull", "sails"),
      side: fc.constantFrom("port", "starboard", "stern", "bow"),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: "wind" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom("shoal", "refloat", "fire-removal", "sinking-check", "repair-mast"),
      ship: fc.constantFrom("a", "b"),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "board", attacker: "a", defender: "b" }) },
  { weight: 1, arbitrary: fc.constant({ type: "separate", ship: "a", other: "b" }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("catch-fire"),
      ship: fc.constant("a"),
      from: fc.constant("b"),
      rangeCm: fc.integer({ min: 0, max: 15 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("speed"), ship: fc.constantFrom("a", "b") }) },
);

describe("age-of-sail rule-set properties", () => {
  it("odds sum to 1, resolved outcomes have p > 0, and damage only ever goes down", () => {
    const stats = checkRuleSetProperties<AosState>(ageOfSail, {
      requests: fc.record({
        ships: fc.tuple(shipArb("a", "GB"), shipArb("b", "FR")),
        wind: fc.record({ direction: fc.constantFrom(...COMPASS_8), speed: fc.integer({ min: 1, max: 7 }) }),
        action: actionArb,
      }),
      numRuns: 150,
      minAcceptedShare: 0.3,
      invariants: ({ state, action, plan, dice, transition }) => {
        // hits never exceed the dice rolled, and the display's marks count exactly the hits
        if (action.type === "fire") {
          const hits = Number(transition.outcome.hits);
          expect(hits).toBeLessThanOrEqual(dice.length);
          expect(transition.marks?.[0]?.filter((m) => m === "hit").length).toBe(hits);
          expect(transition.marks?.[0]?.length).toBe(plan[0]?.count);
        }
        // damage never exceeds the boxes: nothing goes below zero or above the damage record
        for (const s of transition.state.ships) {
          expect(Math.min(s.hull, s.gunDecks.port, s.gunDecks.starboard, ...s.masts)).toBeGreaterThanOrEqual(0);
          expect(s.hull).toBeLessThanOrEqual(3);
        }
        for (const [i, before] of state.ships.entries()) {
          const after = transition.state.ships[i];
          if (!after || before.captured || after.captured) continue;
          expect(after.hull).toBeLessThanOrEqual(before.hull);
          expect(after.gunDecks.port + after.gunDecks.starboard).toBeLessThanOrEqual(before.gunDecks.port + before.gunDecks.starboard);
        }
        expect(transition.state.wind.speed).toBeGreaterThanOrEqual(1);
        expect(transition.state.wind.speed).toBeLessThanOrEqual(7);
      },
    });
    expect(stats.outcomesChecked).toBeGreaterThan(30);
  });
});
