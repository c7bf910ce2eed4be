/**
 * Property tests of the table geometry against brute force: bases sampled as dense grids of points, rays walked in
 * small steps, hexes found by their nearest centre.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Base, baseOf, contains, corners, pointOn } from "../../../src/geometry/base.ts";
import { baseGap, pointToBase } from "../../../src/geometry/distance.ts";
import { firingLine, rakes, rayCrossesBase } from "../../../src/geometry/firing-line.ts";
import { type HexGrid, hexAt, hexCenter, hexCorners, hexDistance, inRakeZone } from "../../../src/geometry/hex.ts";
import { distance, type Point } from "../../../src/geometry/vec.ts";
import { edgeCrossed } from "../../../src/geometry/windward.ts";

const pose = fc.record({
  x: fc.double({ min: 0, max: 600, noNaN: true }),
  y: fc.double({ min: 0, max: 600, noNaN: true }),
  heading: fc.double({ min: 0, max: 359.99, noNaN: true }),
});
const size = fc.record({ width: fc.double({ min: 10, max: 60, noNaN: true }), length: fc.double({ min: 20, max: 120, noNaN: true }) });
const base = fc.tuple(pose, size).map(([p, s]) => baseOf(p, s));

/** Points filling a base: an n × n grid including its edges. */
function samples(b: Base, n = 24): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) out.push(pointOn(b, (i / n - 0.5) * b.length, (j / n - 0.5) * b.width));
  return out;
}
/** Points along a base's outline, `n` per edge. */
function outline(b: Base, n = 200): Point[] {
  const c = corners(b);
  return c.flatMap((p, i) => {
    const q = c[(i + 1) % 4] as Point;
    return Array.from({ length: n }, (_, k) => ({ x: p.x + ((q.x - p.x) * k) / n, y: p.y + ((q.y - p.y) * k) / n }));
  });
}

describe("bases", () => {
  it("contain every sampled point of themselves and their centre", () => {
    fc.assert(fc.property(base, (b) => samples(b, 6).every((p) => contains(b, p, 1e-6))));
  });

  it("the gap between two bases is the least distance between their sampled outlines", () => {
    fc.assert(
      fc.property(base, base, (a, b) => {
        const gap = baseGap(a, b);
        const overlap = samples(a, 30).some((p) => contains(b, p)) || samples(b, 30).some((p) => contains(a, p));
        if (overlap) return gap.distance === 0;
        const oa = outline(a);
        const ob = outline(b);
        let brute = Number.POSITIVE_INFINITY;
        for (const p of oa) brute = Math.min(brute, pointToBase(p, b));
        for (const p of ob) brute = Math.min(brute, pointToBase(p, a));
        // the exact gap is never more than the sampled one, and the outline step bounds the difference
        const step = Math.max(a.length, a.width, b.length, b.width) / 200;
        expect(gap.distance).toBeLessThanOrEqual(brute + 1e-6);
        expect(gap.distance).toBeGreaterThanOrEqual(brute - step);
        expect(distance(gap.from, gap.to)).toBeCloseTo(gap.distance, 6);
        return true;
      }),
      { numRuns: 150 },
    );
  });
});

describe("the firing line", () => {
  it("crosses a base exactly when points of the beam ray fall inside it (away from the margin)", () => {
    fc.assert(
      fc.property(base, base, fc.constantFrom("port" as const, "starboard" as const), (firer, target, beam) => {
        const ray = firingLine(firer, beam);
        const c = rayCrossesBase(ray, target);
        const step = 0.25;
        let hit = false;
        for (let t = 0; t <= 1200 && !hit; t += step)
          hit = contains(target, { x: ray.origin.x + ray.direction.x * t, y: ray.origin.y + ray.direction.y * t }, 1e-6);
        if (Math.abs(c.margin) > 0.5) expect(c.crosses).toBe(hit);
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it("a rake passes through the bow and stern edges, so it crosses the base", () => {
    fc.assert(
      fc.property(base, base, (firer, target) => {
        const r = rakes(firingLine(firer, "starboard"), target);
        if (r.rakes) expect(rayCrossesBase(firingLine(firer, "starboard"), target).crosses).toBe(true);
        return true;
      }),
    );
  });
});

describe("table edges", () => {
  it("the edge a ray leaves by is the edge the walked ray first passes", () => {
    const table = { width: 1800, length: 1200 };
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1799, noNaN: true }),
        fc.double({ min: 1, max: 1199, noNaN: true }),
        fc.double({ min: 0, max: 359.9, noNaN: true }),
        (x, y, h) => {
          const d = { x: Math.sin((h * Math.PI) / 180), y: Math.cos((h * Math.PI) / 180) };
          const e = edgeCrossed({ x, y }, d, table);
          if (!e || e.margin < 1) return true;
          let p = { x, y };
          while (p.x >= 0 && p.y >= 0 && p.x <= table.width && p.y <= table.length) p = { x: p.x + d.x * 0.5, y: p.y + d.y * 0.5 };
          const walked = p.y > table.length ? "N" : p.y < 0 ? "S" : p.x > table.width ? "E" : "W";
          expect(e.edge).toBe(walked);
          return true;
        },
      ),
    );
  });
});

const grid = fc.record({
  size: fc.double({ min: 15, max: 60, noNaN: true }),
  origin: fc.record({ x: fc.double({ min: -50, max: 50, noNaN: true }), y: fc.double({ min: -50, max: 50, noNaN: true }) }),
  orientation: fc.constantFrom("flat" as const, "pointy" as const),
});

describe("hex grids", () => {
  it("a point is in the hex whose centre is nearest, and within its margin of the edge", () => {
    fc.assert(
      fc.property(grid, fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), (g, x, y) => {
        const p = { x, y };
        const { hex, margin } = hexAt(g, p);
        const mine = distance(p, hexCenter(g, hex));
        for (let dq = -2; dq <= 2; dq++)
          for (let dr = -2; dr <= 2; dr++) {
            const other = { q: hex.q + dq, r: hex.r + dr };
            expect(mine).toBeLessThanOrEqual(distance(p, hexCenter(g, other)) + 1e-6);
          }
        expect(margin).toBeGreaterThanOrEqual(-1e-6);
        expect(margin).toBeLessThanOrEqual(g.size / 2 + 1e-6);
        return true;
      }),
    );
  });

  it("neighbouring hexes are one step and one hex width apart, in both orientations", () => {
    fc.assert(
      fc.property(grid, fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), (g, q, r) => {
        const h = { q, r };
        const around = [
          [1, 0],
          [1, -1],
          [0, -1],
          [-1, 0],
          [-1, 1],
          [0, 1],
        ].map(([a, b]) => ({ q: q + (a as number), r: r + (b as number) }));
        for (const n of around) {
          expect(hexDistance(h, n)).toBe(1);
          expect(distance(hexCenter(g, h), hexCenter(g, n))).toBeCloseTo(g.size, 6);
          expect(hexAt(g, hexCenter(g, n)).hex).toEqual(n);
        }
        return true;
      }),
    );
  });

  it("a hex in a rake zone has every sampled point within 30° of the zone's axis", () => {
    const g: HexGrid = { size: 25.4, origin: { x: 0, y: 0 }, orientation: "flat" };
    fc.assert(
      fc.property(
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: -6, max: 6 }),
        fc.double({ min: 0, max: 359, noNaN: true }),
        (q, r, h) => {
          const end = { q: 0, r: 0 };
          const z = inRakeZone(g, end, h, { q, r });
          const c = hexCenter(g, end);
          const axis = [0, 60, 120, 180, 240, 300].reduce((b, s) =>
            Math.abs(((h - s + 540) % 360) - 180) < Math.abs(((h - b + 540) % 360) - 180) ? s : b,
          );
          const corners6 = hexCorners(g, { q, r });
          const centre = hexCenter(g, { q, r });
          const pts = corners6.flatMap((p) =>
            [0.25, 0.5, 0.75, 1].map((k) => ({ x: centre.x + (p.x - centre.x) * k, y: centre.y + (p.y - centre.y) * k })),
          );
          const within = (p: Point) => {
            const b = (Math.atan2(p.x - c.x, p.y - c.y) * 180) / Math.PI;
            return Math.abs(((b - axis + 540) % 360) - 180) <= 30 + 1e-6;
          };
          if (z.inside) expect(pts.every(within)).toBe(true);
          return true;
        },
      ),
    );
  });
});
