/**
 * Property tests of the angle vocabulary every part shares (src/geometry/vec.ts): bearings wrapped, turns between
 * bearings, opposite bearings, degrees and radians, vectors turned — each against the hand formula it replaced or
 * against the unit vectors of the bearings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  angleGap,
  bearingOf,
  degrees,
  length,
  normalizeBearing,
  oppositeBearing,
  radians,
  turnBetween,
  turnClockwise,
  unitOfBearing,
} from "../../../src/geometry/vec.ts";

const bearing = fc.double({ min: -1080, max: 1080, noNaN: true });
const near = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) <= eps;
/** Two bearings the same on the compass (360 and 0 alike). */
const sameBearing = (a: number, b: number, eps = 1e-9) => angleGap(a, b) <= eps;

describe("bearings", () => {
  it("wrap into [0, 360), tiny negatives included", () => {
    fc.assert(fc.property(bearing, (b) => normalizeBearing(b) >= 0 && normalizeBearing(b) < 360 && sameBearing(normalizeBearing(b), b)));
    expect(normalizeBearing(-1e-15)).toBe(0);
    expect(normalizeBearing(-0)).toBe(0);
    expect(normalizeBearing(-90)).toBe(270);
    expect(normalizeBearing(720)).toBe(0);
  });

  it("have an opposite half a turn away, and the opposite's opposite is the bearing", () => {
    fc.assert(
      fc.property(bearing, (b) => {
        const o = oppositeBearing(b);
        return o >= 0 && o < 360 && near(angleGap(o, b), 180, 1e-9) && sameBearing(oppositeBearing(o), b);
      }),
    );
    expect(oppositeBearing(0)).toBe(180);
    expect(oppositeBearing(270)).toBe(90);
  });
});

describe("turns between bearings", () => {
  it("are the hand formula ((to − from + 540) % 360) − 180 for bearings in [0, 360), but half a turn is +180", () => {
    const integral = fc.integer({ min: 0, max: 359 });
    fc.assert(
      fc.property(integral, integral, (from, to) => {
        const hand = ((to - from + 540) % 360) - 180;
        const t = turnBetween(from, to);
        return hand === -180 ? t === 180 : t === hand;
      }),
    );
  });

  it("take the shorter way round, sized as the gap, landing on the bearing turned to", () => {
    fc.assert(
      fc.property(bearing, bearing, (from, to) => {
        const t = turnBetween(from, to);
        return t > -180 && t <= 180 && near(Math.abs(t), angleGap(from, to), 1e-9) && sameBearing(from + t, to, 1e-9);
      }),
    );
    expect(turnBetween(350, 10)).toBeCloseTo(20, 12);
    expect(turnBetween(10, 350)).toBeCloseTo(-20, 12);
  });
});

describe("degrees and radians", () => {
  it("are each other's inverse", () => {
    fc.assert(fc.property(bearing, (d) => near(degrees(radians(d)), d, 1e-9)));
    expect(radians(180)).toBe(Math.PI);
    expect(degrees(Math.PI / 2)).toBe(90);
  });
});

describe("vectors turned", () => {
  it("turn a bearing's unit vector to the bearing turned, clockwise for a positive turn", () => {
    fc.assert(
      fc.property(bearing, bearing, (b, t) => {
        const v = turnClockwise(unitOfBearing(b), t);
        const w = unitOfBearing(b + t);
        return near(v.x, w.x, 1e-9) && near(v.y, w.y, 1e-9);
      }),
    );
    const east = turnClockwise({ x: 0, y: 1 }, 90);
    expect(east.x).toBeCloseTo(1, 12);
    expect(east.y).toBeCloseTo(0, 12);
  });

  it("keep their length, and their bearing turns by the turn", () => {
    const v = fc.record({ x: fc.double({ min: -500, max: 500, noNaN: true }), y: fc.double({ min: -500, max: 500, noNaN: true }) });
    fc.assert(
      fc.property(v, bearing, (p, t) => {
        const q = turnClockwise(p, t);
        if (!near(length(q), length(p), 1e-9 * (1 + length(p)))) return false;
        return length(p) < 1e-6 || sameBearing(bearingOf(q), bearingOf(p) + t, 1e-6);
      }),
    );
  });
});
