/**
 * The move kernel's properties (src/geometry/move-path.ts, reach.ts): a path made of legal legs and 45° stern-corner
 * turns is found again, never longer, ending where she stands; its legs keep the least lengths; the reach polygon
 * holds the end of every legal move within the allowance. Forward moves are built leg by leg here, rotating the
 * centre about the stern corner by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Pose } from "../../../src/geometry/base.ts";
import { type PathQuery, shortestPath } from "../../../src/geometry/move-path.ts";
import { convexHull, reachPolygon } from "../../../src/geometry/reach.ts";
import { cross, type Point, sub, unitOfBearing } from "../../../src/geometry/vec.ts";

const BASE = { width: 25, length: 60 };
const IN = 25.4;
const SOLE_BAY: PathQuery = {
  pivot: "stern-corner",
  step: 45,
  firstAfter: 2 * IN,
  between: 2 * IN,
  base: BASE,
  slackMm: 4,
  slackDegrees: 5,
  maxTurns: 2,
  searchTurns: 4,
};

/** Walks a move: legs[i] mm, then turns[i] degrees on the stern corner of the turn's side. */
function walk(start: Pose, legs: readonly number[], turns: readonly number[]): Pose {
  let p = { ...start };
  legs.forEach((leg, i) => {
    const f = unitOfBearing(p.heading);
    p = { ...p, x: p.x + f.x * leg, y: p.y + f.y * leg };
    const t = turns[i];
    if (t === undefined) return;
    const s = { x: f.y, y: -f.x };
    const side = t > 0 ? 1 : -1;
    const corner = { x: p.x - f.x * 30 + s.x * side * 12.5, y: p.y - f.y * 30 + s.y * side * 12.5 };
    const r = { x: p.x - corner.x, y: p.y - corner.y };
    const a = (t * Math.PI) / 180; // clockwise
    p = {
      x: corner.x + r.x * Math.cos(a) + r.y * Math.sin(a),
      y: corner.y - r.x * Math.sin(a) + r.y * Math.cos(a),
      heading: (p.heading + t + 360) % 360,
    };
  });
  return p;
}

const start = fc.record({
  x: fc.double({ min: 200, max: 800, noNaN: true }),
  y: fc.double({ min: 200, max: 800, noNaN: true }),
  heading: fc.integer({ min: 0, max: 359 }),
});
const turn = fc.constantFrom(45, -45);
const move = fc.integer({ min: 0, max: 2 }).chain((n) =>
  fc.record({
    turns: fc.array(turn, { minLength: n, maxLength: n }),
    legs: fc.array(fc.double({ min: 2 * IN, max: 6 * IN, noNaN: true }), { minLength: n + 1, maxLength: n + 1 }),
  }),
);

function insideConvex(poly: ReadonlyArray<readonly [number, number]>, p: Point, tol: number): boolean {
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i] as [number, number];
    const [bx, by] = poly[(i + 1) % poly.length] as [number, number];
    const e = { x: bx - ax, y: by - ay };
    const len = Math.hypot(e.x, e.y) || 1;
    if (cross(e, sub(p, { x: ax, y: ay })) / len < -tol) return false;
  }
  return true;
}

describe("shortest path of Sole Bay's turns", () => {
  it("finds a legal move again: no longer, ending where she stands, legs at least 2″ before each turn", () => {
    fc.assert(
      fc.property(start, move, (s, m) => {
        const end = walk(s, m.legs, m.turns);
        const p = shortestPath(s, end, SOLE_BAY);
        expect(p).not.toBeNull();
        if (!p) return;
        const total = m.legs.reduce((a, b) => a + b, 0);
        expect(p.distance).toBeLessThanOrEqual(total + 1e-6);
        expect(p.early).toBe(false);
        expect(p.turns.length).toBeLessThanOrEqual(2);
        const last = p.path.at(-1) as Pose;
        expect(Math.hypot(last.x - end.x, last.y - end.y)).toBeLessThanOrEqual(SOLE_BAY.slackMm + 1e-6);
        for (const l of p.legs.slice(0, -1)) expect(l).toBeGreaterThanOrEqual(2 * IN - 1e-6);
      }),
      { numRuns: 300 },
    );
  });

  it("a straight move is the straight line", () => {
    const p = shortestPath({ x: 0, y: 0, heading: 90 }, { x: 100, y: 0, heading: 90 }, SOLE_BAY);
    expect(p).toMatchObject({ distance: 100, turns: [], early: false });
  });

  it("a heading no 45° turn makes is no path", () => {
    expect(shortestPath({ x: 0, y: 0, heading: 0 }, { x: 0, y: 100, heading: 20 }, SOLE_BAY)).toBeNull();
  });
});

describe("reach polygon", () => {
  it("holds every legal move's end within the allowance", () => {
    fc.assert(
      fc.property(start, move, (s, m) => {
        const end = walk(s, m.legs, m.turns);
        const allowance = m.legs.reduce((a, b) => a + b, 0);
        const poly = reachPolygon(s, { ...SOLE_BAY, allowance, minimum: 2 * IN });
        expect(insideConvex(poly, end, 0.2)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("is bounded: at most a few dozen corners, none farther than the allowance plus a base", () => {
    const s = { x: 500, y: 500, heading: 30 };
    const poly = reachPolygon(s, { ...SOLE_BAY, allowance: 12 * IN, minimum: 4 * IN });
    expect(poly.length).toBeLessThanOrEqual(25);
    for (const [x, y] of poly) expect(Math.hypot(x - s.x, y - s.y)).toBeLessThanOrEqual(12 * IN + 70);
  });

  it("convex hull drops inner points", () => {
    const h = convexHull([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
      { x: 1, y: 1 },
    ]);
    expect(h).toHaveLength(4);
  });
});
