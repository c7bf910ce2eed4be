import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { angleGap } from "../../../../src/geometry/vec.ts";
import {
  bearing,
  downwindSide,
  hexDistance,
  isDownwind,
  pointOfSail,
  relativeBearing,
  stepHex,
} from "../../../../src/rulesets/anglo-dutch-1666/hexes.ts";

describe("hex geometry (flat-topped, hexside 0 = N, clockwise)", () => {
  const o = { q: 0, r: 0 };
  it("steps through the six hexsides and back", () => {
    const ring = [0, 1, 2, 3, 4, 5].map((side) => stepHex(o, side));
    expect(ring).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 },
    ]);
    for (const [side, h] of ring.entries()) expect(bearing(o, h)).toBeCloseTo(side * 60, 9);
    expect(ring.every((h) => hexDistance(o, h) === 1)).toBe(true);
    expect(hexDistance(o, stepHex(stepHex(o, 1, 2), 3, 2))).toBe(2); // NE 2 then S 2 lands 2 hexes SE
  });
  it("points of sail in a wind from the north", () => {
    expect([0, 1, 2, 3, 4, 5].map((h) => pointOfSail(h, 0))).toEqual(["in-irons", "close-hauled", "reach", "run", "reach", "close-hauled"]);
    expect(downwindSide(0)).toBe(3);
    expect(downwindSide(4)).toBe(1);
  });
  it("downwind and relative bearings", () => {
    expect(isDownwind(o, { q: 0, r: 1 }, 0)).toBe(true);
    expect(isDownwind(o, { q: 1, r: 0 }, 0)).toBe(true); // SE is 60° off downwind
    expect(isDownwind(o, { q: 1, r: -1 }, 0)).toBe(false); // NE
    expect(isDownwind(o, { q: 2, r: -1 }, 0)).toBe(false); // due E: abeam, not downwind
    expect(relativeBearing(o, 2, { q: 0, r: -1 })).toBeCloseTo(240, 9);
  });
  it("bear as src/geometry's bearings: a hexside's line at its bearing, downwind within 90° of the wind's way", () => {
    const side = fc.integer({ min: 0, max: 5 });
    const hex = fc.record({ q: fc.integer({ min: -9, max: 9 }), r: fc.integer({ min: -9, max: 9 }) });
    fc.assert(
      fc.property(hex, side, side, fc.integer({ min: 1, max: 6 }), (from, heading, s, n) => {
        const rel = relativeBearing(from, heading, stepHex(from, s, n));
        return rel >= 0 && rel < 360 && angleGap(rel, (s - heading) * 60) < 1e-9;
      }),
    );
    fc.assert(
      fc.property(hex, hex, side, (from, to, wind) => {
        const gap = angleGap(bearing(from, to), downwindSide(wind) * 60);
        return (from.q === to.q && from.r === to.r) || Math.abs(gap - 90) < 1e-6 || isDownwind(from, to, wind) === gap < 90;
      }),
    );
  });
});
