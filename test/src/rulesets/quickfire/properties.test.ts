import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planSize } from "../../../../src/dice/plan.ts";
import { transition } from "../../../../src/game/engine.ts";
import { canonicalKey } from "../../../../src/odds/distribution.ts";
import { quickfire } from "../../../../src/rulesets/quickfire/index.ts";

const log = (id: string, side: string) =>
  fc
    .record({
      size: fc.integer({ min: 1, max: 10 }),
      heavyGun: fc.integer({ min: 0, max: 15 }),
      heavyArmor: fc.integer({ min: 0, max: 15 }),
      lightGun: fc.integer({ min: 0, max: 10 }),
      lightArmor: fc.integer({ min: 0, max: 10 }),
      heavyRof: fc.integer({ min: 0, max: 6 }),
      lightRof: fc.integer({ min: 0, max: 6 }),
      blastCap: fc.constantFrom(null, 1, 2, 3),
      torpedo: fc.integer({ min: 0, max: 4 }),
      repair: fc.integer({ min: 0, max: 8 }),
      speedLost: fc.integer({ min: 0, max: 10 }),
      fires: fc.integer({ min: 0, max: 3 }),
      moved: fc.constantFrom(0, 8, 15, 30),
      lost: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
    })
    .map(({ lost, ...s }) => ({
      id,
      name: id,
      side,
      ...s,
      speedBoxes: [60, 52, 45, 38, 30, 23, 15, 8],
      heavyRofLost: lost[0] % (s.heavyRof + 1),
      lightRofLost: lost[1] % (s.lightRof + 1),
      torpedoLost: lost[2] % (s.torpedo + 1),
      repairUsed: lost[3] % (s.repair + 1),
    }));

const action = fc.oneof(
  fc.record({
    type: fc.constant("gunnery"),
    firer: fc.constant("a"),
    target: fc.constant("b"),
    battery: fc.constantFrom("heavy", "light"),
    range: fc.constantFrom("point-blank", "short", "long"),
    arc: fc.constantFrom("broadside", "fore-aft"),
  }),
  fc.record({ type: fc.constant("torpedo"), firer: fc.constant("a"), targets: fc.constant(["b"]) }),
  fc.record({
    type: fc.constant("damage-roll"),
    ship: fc.constant("b"),
    line: fc.constantFrom("blast", "explosion"),
    chain: fc.constantFrom("heavy", "light", "split"),
  }),
  fc.record({ type: fc.constant("fire"), ship: fc.constant("b") }),
  fc.record({ type: fc.constant("sinking"), ship: fc.constant("b") }),
  fc.record({ type: fc.constant("torpedo-damage"), firer: fc.constant("a"), target: fc.constant("b") }),
  fc.record({
    type: fc.constant("repair"),
    ship: fc.constant("b"),
    damage: fc.constantFrom("speed", "heavy-rof", "light-rof"),
    points: fc.integer({ min: 1, max: 3 }),
  }),
);

describe("quickfire properties", () => {
  it("odds sum to 1, every resolved outcome is in the odds, and no log column goes below zero", () => {
    let resolved = 0;
    fc.assert(
      fc.property(
        log("a", "blue"),
        log("b", "red"),
        action,
        fc.constantFrom(null, "first-gunnery", "second-gunnery", "repair"),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 12, maxLength: 12 }),
        (a, b, raw, phase, dice) => {
          const state = quickfire.parseState({ ships: [a, b], game: { phase } });
          if (!state.ok) throw new Error(state.error.message);
          const act = quickfire.parseAction(state.value, raw);
          if (!act.ok) throw new Error(act.error.message);
          const plan = quickfire.plan(state.value, act.value);
          if (!plan.ok) return; // refused: an illegal action is a returned error, nothing to check
          const odds = quickfire.odds(state.value, act.value);
          if (!odds.ok) throw new Error(odds.error.message);
          expect(Math.abs(odds.value.outcomes.reduce((s, o) => s + o.p, 0) - 1)).toBeLessThan(1e-9);
          const t = transition(quickfire, state.value, act.value, dice.slice(0, planSize(plan.value)));
          if (!t.ok) throw new Error(t.error.message);
          resolved++;
          const found = odds.value.outcomes.find((o) => canonicalKey(o.outcome) === canonicalKey(t.value.outcome));
          expect(found?.p ?? 0).toBeGreaterThan(0);
          const o = t.value.outcome;
          if (act.value.type === "gunnery") {
            // one G or S hit at most, only when the ROF die let the ship fire; blast only with a hit
            if (o.hit !== null) expect(o.fired).toBe(true);
            if ((o.blast as unknown[]).length > 0) expect(o.hit).not.toBeNull();
            // no die is read as a hit on its own: the ROF die and the whites' total decide (no marks)
            expect((t.value.marks ?? []).flat().every((m) => m === null)).toBe(true);
          }
          if (act.value.type === "torpedo") expect(o.hits).toBeLessThanOrEqual((act.value.targets as unknown[]).length);
          for (const s of t.value.state.ships) {
            expect(s.heavyRofLost + s.pending.heavyRofLost).toBeLessThanOrEqual(s.heavyRof);
            expect(s.lightRofLost + s.pending.lightRofLost).toBeLessThanOrEqual(s.lightRof);
            expect(s.torpedoLost + s.pending.torpedoLost).toBeLessThanOrEqual(s.torpedo);
            expect(s.repairUsed + s.pending.repairUsed).toBeLessThanOrEqual(s.repair);
            expect(Math.min(s.fires, s.speedLost, s.heavyRofLost, s.lightRofLost)).toBeGreaterThanOrEqual(0);
          }
          // the state after is a valid request state again
          expect(quickfire.parseState({ ships: t.value.state.ships, game: t.value.state.game }).ok).toBe(true);
          expect(quickfire.describe(t.value.state, act.value, t.value.outcome)).toMatch(/\.$/);
        },
      ),
      { numRuns: 400 },
    );
    expect(resolved).toBeGreaterThan(100);
  });
});
