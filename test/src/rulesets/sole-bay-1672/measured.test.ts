/**
 * Sole Bay measured from positions, from the text's own sentences: "The firing line is measured at 90° to port or
 * starboard. If the line crosses an enemy ship model's base, then firing may take place." "Ranges are measured from
 * base of firer to base of target" (4″, 8″, 12″). "Raking bow/stern … If line of fire passes through bow & stern
 * edges of target's base." "All ships within 1D6 inches". "a line drawn from the stern of the ship crosses the
 * windward table edge". Bases are the default 25 × 60 mm.
 */
import { describe, expect, it } from "vitest";
import { parseRequest } from "../../../../src/game/engine.ts";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { ship } from "./fixtures.ts";

const IN = 25.4;
const EXACT = { mm: 0, degrees: 0 };
type Pose = { x: number; y: number; heading: number };

/** Royal James at (500, 500) heading north; Groot Hollandia where asked. */
function broadside(target: Pose, action: Record<string, unknown> = {}, uncertainty: object = EXACT) {
  return parseRequest(soleBay1672, {
    ships: [ship("royal-james", "english"), ship("groot-hollandia", "dutch")],
    action: { type: "broadside", firer: "royal-james", target: "groot-hollandia", ...action },
    table: { ships: { "royal-james": { x: 500, y: 500, heading: 0 }, "groot-hollandia": target }, uncertainty },
  });
}
/** A parallel target to starboard, `gap` inches base to base (half widths 12.5 mm each). */
const abeam = (gap: number): Pose => ({ x: 500 + 25 + gap * IN, y: 500, heading: 0 });

describe("sole-bay-1672 ranges base to base at every band edge", () => {
  for (const edge of [4, 8, 12]) {
    for (const gap of [edge - 0.05, edge, edge + 0.05]) {
      it(`${gap}″ apart measures ${gap}″`, () => {
        const r = broadside(abeam(gap));
        if (gap > 12) {
          expect(r.ok).toBe(false);
          if (!r.ok) {
            expect(r.error.code).toBe("rules.out-of-range");
            expect(r.error.message).toContain("12.05″");
          }
          return;
        }
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.action.rangeInches).toBeCloseTo(gap, 2);
        expect(r.value.measurement?.measured).toMatchObject({ broadside: "starboard", rake: false });
        expect(r.value.measurement?.borderline).toEqual([]);
      });
    }
  }

  it("a range within the positions' uncertainty of 4″ is borderline, with both readings", () => {
    const r = broadside(abeam(4.05), {}, { mm: 2, degrees: 1 });
    expect(r.ok && r.value.measurement?.borderline[0]).toMatchObject({ field: "rangeInches", readings: [4.05, 4], edge: "the 4″ edge" });
    if (r.ok) expect(r.value.measurement?.borderline[0]?.sentence).toContain("check with a ruler");
  });

  it("a range a person gives wins, and the result says it overrode the measurement", () => {
    const r = broadside(abeam(6), { rangeInches: 3 });
    expect(r.ok && r.value.action.rangeInches).toBe(3);
    expect(r.ok && r.value.measurement?.overridden).toEqual({ rangeInches: { given: 3, measured: 6 } });
  });
});

describe("sole-bay-1672 the firing line at 90°", () => {
  // The starboard line runs along y = 500; a target heading north spans y ± 30 mm.
  it("just crosses the target's base: firing may take place", () => {
    const r = broadside({ x: 700, y: 529.5, heading: 0 });
    expect(r.ok && r.value.action.broadside).toBe("starboard");
  });
  it("just misses the target's base: refused with the measured figure", () => {
    const r = broadside({ x: 700, y: 530.6, heading: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("rules.illegal");
      expect(r.error.message).toBe("Royal James's firing lines at 90° to port and starboard miss Groot Hollandia's base by 0.02″.");
    }
  });
  it("to port as well as to starboard", () => {
    const r = broadside({ x: 300, y: 500, heading: 180 });
    expect(r.ok && r.value.action.broadside).toBe("port");
  });
  it("a line that just misses is borderline with the positions' uncertainty", () => {
    const r = parseRequest(soleBay1672, {
      ships: [ship("royal-james", "english"), ship("groot-hollandia", "dutch")],
      action: { type: "broadside", firer: "royal-james", target: "groot-hollandia", rangeInches: 6, broadside: "starboard" },
      table: { ships: { "royal-james": { x: 500, y: 500, heading: 0 }, "groot-hollandia": { x: 700, y: 531, heading: 0 } } },
    });
    // the person gave range and side: their reading wins over the line
    expect(r.ok).toBe(true);
  });
});

describe("sole-bay-1672 rake", () => {
  it("from the stern: the line passes through the target's stern and bow edges", () => {
    const r = broadside({ x: 700, y: 500, heading: 90 });
    expect(r.ok && r.value.action.rake).toBe(true);
  });
  it("from the bow", () => {
    const r = broadside({ x: 700, y: 500, heading: 270 });
    expect(r.ok && r.value.action.rake).toBe(true);
  });
  it("just inside the bow and stern edges' corners still rakes; just outside does not", () => {
    const inside = broadside({ x: 700, y: 512, heading: 90 });
    expect(inside.ok && inside.value.action.rake).toBe(true);
    // 13 mm off the line the line misses a 25 mm base altogether; at 45° it crosses a side instead
    const across = broadside({ x: 700, y: 500, heading: 45 });
    expect(across.ok && across.value.action.rake).toBe(false);
  });
});

describe("sole-bay-1672 ships within an explosion's radius", () => {
  it("all ships within 3″ base to base, not one just outside", () => {
    const r = parseRequest(soleBay1672, {
      ships: [ship("a", "english"), ship("in", "dutch"), ship("out", "english"), ship("far", "dutch")],
      game: { removed: ["a"] },
      action: { type: "explosion-hits", ship: "a", radius: 3 },
      table: {
        ships: {
          a: { x: 500, y: 500, heading: 0 },
          in: { x: 525 + 2.95 * IN, y: 500, heading: 0 },
          out: { x: 475 - 3.05 * IN, y: 500, heading: 0 },
          far: { x: 500, y: 1000, heading: 0 },
        },
        uncertainty: EXACT,
      },
    });
    expect(r.ok && r.value.action.ships).toEqual(["in"]);
  });
});

describe("sole-bay-1672 the windward edge and the enemy within 12″", () => {
  const move = (heading: number, enemyAt: Pose = { x: 1500, y: 1000, heading: 0 }) =>
    parseRequest(soleBay1672, {
      ships: [ship("royal-james", "english"), ship("groot-hollandia", "dutch")],
      wind: { windward: "W" },
      action: { type: "movement", ship: "royal-james" },
      table: {
        ships: { "royal-james": { x: 600, y: 600, heading }, "groot-hollandia": enemyAt },
        size: { width: 1800, length: 1200 },
        uncertainty: EXACT,
      },
    });
  it("a line from the stern crosses the windward edge (heading east, windward west)", () => {
    const r = move(90);
    expect(r.ok && r.value.action.windward).toBe("stern");
  });
  it("a line from the bow crosses it (heading west)", () => {
    const r = move(270);
    expect(r.ok && r.value.action.windward).toBe("bow");
  });
  it("neither when sailing along it (heading north)", () => {
    const r = move(0);
    expect(r.ok && r.value.action.windward).toBe("neither");
  });
  it("an enemy 12″ away is within gunnery range; 12.1″ is not, and the move is strategic", () => {
    const near = move(0, { x: 625 + 12 * IN, y: 600, heading: 0 });
    expect(near.ok && near.value.measurement?.measured).toMatchObject({ enemyWithin12: true, strategic: false });
    const far = move(0, { x: 625 + 12.1 * IN, y: 600, heading: 0 });
    expect(far.ok && far.value.measurement?.measured).toMatchObject({ enemyWithin12: false, strategic: true });
  });
});
