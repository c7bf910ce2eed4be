/**
 * The move kernel's properties (src/geometry/move-path.ts, reach.ts): a path made of legal legs and 45° stern-corner
 * turns is found again, never longer, ending where she stands; its legs keep the least lengths; the reach (pieces,
 * one per order of turns; a star for a turn of any angle paid in distance) holds the end of every legal move within the
 * allowance and takes in no point no legal path reaches. Forward moves are built leg by leg here, rotating the
 * centre about the stern corner by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Pose } from "../../../src/geometry/base.ts";
import { type PathQuery, shortestPath } from "../../../src/geometry/move-path.ts";
import { convexHull, type ReachPieces, reachPieces } from "../../../src/geometry/reach.ts";
import { type Point, unitOfBearing } from "../../../src/geometry/vec.ts";

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

/** Whether `p` lies in the polygon (even-odd), or within `tol` mm of its edge (a piece of two points: of the line). */
function insidePolygon(poly: ReadonlyArray<readonly [number, number]>, p: Point, tol: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[i] as [number, number];
    const [bx, by] = poly[j] as [number, number];
    const e = { x: bx - ax, y: by - ay };
    const t = Math.max(0, Math.min(1, ((p.x - ax) * e.x + (p.y - ay) * e.y) / (e.x * e.x + e.y * e.y || 1)));
    if (Math.hypot(ax + t * e.x - p.x, ay + t * e.y - p.y) <= tol) return true;
    if (ay > p.y !== by > p.y && p.x < ((bx - ax) * (p.y - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside;
}
const inReach = (pieces: ReachPieces, p: Point, tol = 0.2) => pieces.some((q) => insidePolygon(q, p, tol));

/** A point drawn uniformly from a piece (a triangle of its fan); null for a line. */
function pointIn(poly: ReadonlyArray<readonly [number, number]>, u: number, v: number, k: number): Point | null {
  if (poly.length < 3) return null;
  const i = 1 + (k % (poly.length - 2));
  const [a, b, c] = [poly[0], poly[i], poly[i + 1]] as [[number, number], [number, number], [number, number]];
  const [uu, vv] = u + v > 1 ? [1 - u, 1 - v] : [u, v];
  return { x: a[0] + uu * (b[0] - a[0]) + vv * (c[0] - a[0]), y: a[1] + uu * (b[1] - a[1]) + vv * (c[1] - a[1]) };
}

const SOLE_BAY_REACH = { ...SOLE_BAY, allowance: 6 * IN, minimum: 2 * IN };

describe("reach of Sole Bay's turns (pieces, one per order of turns)", () => {
  it("holds every legal move's end", () => {
    fc.assert(
      fc.property(start, move, (s, m) => {
        const end = walk(s, m.legs, m.turns);
        const allowance = m.legs.reduce((a, b) => a + b, 0);
        expect(inReach(reachPieces(s, { ...SOLE_BAY, allowance, minimum: 2 * IN }), end)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("takes in no point a legal path does not reach: each point inside is the end of one, at some heading of her turns", () => {
    const s0 = { x: 500, y: 500, heading: 30 };
    const pieces = reachPieces(s0, SOLE_BAY_REACH);
    fc.assert(
      fc.property(
        fc.nat(pieces.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(3),
        (i, u, v, k) => {
          const p = pointIn(pieces[i] as [number, number][], u, v, k);
          if (!p) return;
          const legal = [-90, -45, 0, 45, 90].some((t) => {
            const path = shortestPath(s0, { ...p, heading: s0.heading + t }, { ...SOLE_BAY, slackMm: 0.3 });
            return path !== null && !path.early && path.turns.length <= 2 && path.distance <= 6 * IN + 0.3;
          });
          expect(legal).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves out what the hull of its orders took in: 4″ ahead and 3 mm to starboard no path of 45° turns reaches", () => {
    const s0 = { x: 500, y: 500, heading: 0 };
    const off = { x: 503, y: 500 + 4 * IN };
    expect(inReach(reachPieces(s0, SOLE_BAY_REACH), off, 0)).toBe(false);
    expect(inReach(reachPieces(s0, SOLE_BAY_REACH), { x: 500, y: 500 + 4 * IN })).toBe(true);
    for (const t of [-90, -45, 0, 45, 90]) {
      const path = shortestPath(s0, { ...off, heading: t }, { ...SOLE_BAY, slackMm: 0.3 });
      expect(path === null || path.early || path.turns.length > 2 || path.distance > 6 * IN).toBe(true);
    }
  });

  it("is bounded: a piece per order of turns, each of a few corners, none farther than the allowance plus a base", () => {
    const s = { x: 500, y: 500, heading: 30 };
    const pieces = reachPieces(s, { ...SOLE_BAY, allowance: 12 * IN, minimum: 4 * IN });
    expect(pieces).toHaveLength(7);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(4);
      for (const [x, y] of piece) expect(Math.hypot(x - s.x, y - s.y)).toBeLessThanOrEqual(12 * IN + 70);
    }
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

/** Age of Sail's turning circle: 1 cm of the move a point of 22.5°, any course, turning on the centre. */
const AGE_OF_SAIL = {
  pivot: "centre" as const,
  maxAngle: 180,
  firstAfter: 0,
  between: 0,
  base: { width: 25, length: 70 },
  maxTurns: 1,
  minimum: 0,
  costPerDegree: 10 / 22.5,
};

describe("reach of a turn of any angle paid in distance (Age of Sail): a star", () => {
  const s0 = { x: 600, y: 600, heading: 20 };
  const A = 200;
  const star = reachPieces(s0, { ...AGE_OF_SAIL, allowance: A });

  it("holds every legal end: a leg, a turn of any angle, a leg, the turn paid", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, f, g) => {
          const left = A - AGE_OF_SAIL.costPerDegree * Math.abs(a);
          const s1 = left * f * g;
          const s2 = left * f * (1 - g);
          const d0 = unitOfBearing(s0.heading);
          const d1 = unitOfBearing(s0.heading + a);
          const end = { x: s0.x + d0.x * s1 + d1.x * s2, y: s0.y + d0.y * s1 + d1.y * s2 };
          expect(inReach(star, end, 0.2)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("takes in no point beyond her allowance less the turn toward it", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(500), (u, v, k) => {
        // the star is not convex: a fan from its first corner (pointIn) strays outside it, so a point is drawn from a
        // triangle of the fan from where she stands, round which the star is drawn
        const ring = star[0] as [number, number][];
        const [b, c] = [ring[k % ring.length], ring[(k + 1) % ring.length]] as [[number, number], [number, number]];
        const [uu, vv] = u + v > 1 ? [1 - u, 1 - v] : [u, v];
        const p = { x: s0.x + uu * (b[0] - s0.x) + vv * (c[0] - s0.x), y: s0.y + uu * (b[1] - s0.y) + vv * (c[1] - s0.y) };
        const d = Math.hypot(p.x - s0.x, p.y - s0.y);
        const off = d < 1e-9 ? 0 : Math.abs((((Math.atan2(p.x - s0.x, p.y - s0.y) * 180) / Math.PI - s0.heading + 540) % 360) - 180);
        expect(d + AGE_OF_SAIL.costPerDegree * off).toBeLessThanOrEqual(A + 0.2);
      }),
      { numRuns: 300 },
    );
  });

  it("is one polygon of a few hundred corners at most", () => {
    expect(star).toHaveLength(1);
    expect((star[0] as unknown[]).length).toBeLessThanOrEqual(200);
  });
});
