import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RuleSet } from "../../../../src/game/types.ts";
import { fail } from "../../../../src/result.ts";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { conditionOf, totalBoxes } from "../../../../src/rulesets/sole-bay-1672/ship.ts";
import type { SoleBayState } from "../../../../src/rulesets/sole-bay-1672/state.ts";
import { checkRuleSetProperties, type PropertyContext } from "../rule-set-properties.ts";

const HULLS = ["stout", "average", "weak"] as const;
const BOXES = { stout: 20, average: 16, weak: 12 } as const;

const shipArb = (id: string, side: string, squadron: string) =>
  fc.constantFrom(...HULLS).chain((hull) =>
    fc.record({
      id: fc.constant(id),
      side: fc.constant(side),
      squadron: fc.constant(squadron),
      hull: fc.constant(hull),
      rating: fc.integer({ min: 1, max: 4 }),
      speed: fc.constantFrom("medium", "slow"),
      crew: fc.constantFrom("elite", "regular", "poor"),
      damage: fc.oneof(fc.integer({ min: 0, max: BOXES[hull] }), fc.constant(BOXES[hull] - 1)),
      flagship: fc.boolean(),
      fullSail: fc.boolean(),
      firstBroadsideUsed: fc.boolean(),
      fireTurns: fc.integer({ min: 0, max: 3 }),
    }),
  );

const fleetArb = fc.tuple(
  shipArb("e1", "english", "red"),
  shipArb("d1", "dutch", "zeeland"),
  shipArb("e2", "english", "red"),
  shipArb("d2", "dutch", "zeeland"),
);

const actionArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant("broadside"),
      firer: fc.constantFrom("e1", "e2"),
      target: fc.constantFrom("d1", "d2"),
      rangeInches: fc.double({ min: 0, max: 14, noNaN: true }),
      rake: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("explosion-hits"),
      ship: fc.constant("d2"),
      radius: fc.integer({ min: 1, max: 6 }),
      ships: fc.subarray(["e1", "d1", "e2"]),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("boarding-round"), attacker: fc.constant("e1"), defender: fc.constant("d1") }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("collision-damage"),
      mover: fc.constant("e1"),
      other: fc.constant("d1"),
      severity: fc.constantFrom("full", "half"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("movement"),
      ship: fc.constant("e1"),
      strategic: fc.boolean(),
      windward: fc.constantFrom("stern", "bow", "neither"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("fire-damage"), ship: fc.constantFrom("e1", "d1") }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom("flag-officer-risk", "fire-fighting", "backing-sail", "tacking"),
      ship: fc.constantFrom("e1", "d1"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom("breakpoint"), squadron: fc.constantFrom("red", "zeeland") }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("initiative") }) },
);

const settingsArb = fc.record({
  explosionHitsRoll: fc.constantFrom("each", "one"),
  weakBoardingDice: fc.constantFrom("1d3", "1d6"),
  collisionHalfRounding: fc.constantFrom("up", "down"),
  deathDice: fc.boolean(),
});

const requests = fc.tuple(fleetArb, actionArb, settingsArb).map(([ships, action, settings]) => ({
  ships: ships.map((s) => (s.id === "d2" && action.type === "explosion-hits" ? { ...s, damage: BOXES[s.hull] } : s)),
  game: {
    removed: action.type === "explosion-hits" ? ["d2"] : [],
    grappled: action.type === "boarding-round" ? [{ a: "e1", b: "d1" }] : [],
  },
  settings,
  action,
}));

/** Sole Bay's own invariants: hits never exceed dice; damage never exceeds the boxes; boxes only ever fill. */
function invariants({ state, action, dice, transition: t }: PropertyContext<SoleBayState>) {
  const sentence = soleBay1672.describe(state, action, t.outcome);
  expect(sentence).toMatch(/\w/);
  expect(sentence).not.toMatch(/undefined|NaN|\[object/);
  for (const s of t.state.ships) {
    expect(s.damage).toBeGreaterThanOrEqual(0);
    expect(s.damage).toBeLessThanOrEqual(totalBoxes(s.hull));
    expect(s.condition).toBe(conditionOf(s.hull, s.damage));
    expect(s.destroyed).toBe(s.damage === totalBoxes(s.hull));
    const before = state.ships.find((x) => x.id === s.id);
    expect(s.damage).toBeGreaterThanOrEqual(before?.damage ?? 0);
  }
  if (action.type === "broadside") {
    const o = t.outcome as { hits: number; dice: number; needed: number; marked: number; wasted: number };
    expect(o.hits).toBeLessThanOrEqual(o.dice);
    expect(o.dice).toBe(dice.length);
    expect(o.hits).toBe(dice.filter((v) => v === 6 || v >= o.needed).length);
    const target = state.ships.find((x) => x.id === action.target);
    expect(o.marked).toBe(Math.min(o.hits, totalBoxes(target?.hull ?? "weak") - (target?.damage ?? 0)));
    expect(o.marked + o.wasted).toBe(o.hits);
  }
}

describe("sole-bay-1672 properties (fast-check)", () => {
  it("odds sum to 1, every resolved outcome has p > 0 in the odds, hits ≤ dice, damage ≤ boxes", () => {
    const stats = checkRuleSetProperties(soleBay1672, { requests, invariants, numRuns: 300 });
    expect(stats.outcomesChecked).toBeGreaterThan(100);
  });
  it("the harness catches a rule set whose odds miss an outcome", () => {
    const broken: RuleSet<SoleBayState> = {
      ...soleBay1672,
      odds: (state, action) => {
        const o = soleBay1672.odds(state, action);
        if (!o.ok) return o;
        const [first, ...rest] = o.value.outcomes;
        if (!first) return fail("internal", "no outcomes");
        return { ok: true, value: { ...o.value, outcomes: [{ ...first, p: first.p + rest.reduce((s, x) => s + x.p, 0) }] } };
      },
    };
    const oneBroadside = fc.constant({
      ships: [
        { id: "a", side: "x", rating: 1, speed: "medium", hull: "stout" },
        { id: "b", side: "y", rating: 1, speed: "medium", hull: "stout" },
      ],
      action: { type: "broadside", firer: "a", target: "b", rangeInches: 3 },
    });
    let error: unknown;
    try {
      checkRuleSetProperties(broken, { requests: oneBroadside, numRuns: 20 });
    } catch (e) {
      error = e;
    }
    expect(String((error as Error | undefined)?.cause ?? error)).toMatch(/not in the odds/);
  });
});
