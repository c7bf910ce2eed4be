/**
 * Distances between bases: closest points, as the texts measure range "from base of firer to base of target".
 * Bases that touch or overlap are 0 apart.
 */
import { type Base, contains, corners } from "./base.ts";
import { add, cross, distance, dot, type Point, scale, sub } from "./vec.ts";

/** The point of segment `a`–`b` closest to `p`. */
export function closestOnSegment(p: Point, a: Point, b: Point): Point {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  if (len2 === 0) return a;
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
  return add(a, scale(ab, t));
}

/** Whether two segments meet (touching counts). */
export function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(sub(b, a), sub(c, a));
  const d2 = cross(sub(b, a), sub(d, a));
  const d3 = cross(sub(d, c), sub(a, c));
  const d4 = cross(sub(d, c), sub(b, c));
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (p: Point, q: Point, r: Point) => distance(closestOnSegment(r, p, q), r) < 1e-9;
  return on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b);
}

/** Closest points between two bases and their distance (0 when they touch or overlap). */
export interface Gap {
  readonly distance: number;
  /** The closest point on the first base. */
  readonly from: Point;
  /** The closest point on the second base. */
  readonly to: Point;
}

const segments = (b: Base): Array<readonly [Point, Point]> => {
  const c = corners(b);
  return c.map((p, i) => [p, c[(i + 1) % 4] as Point] as const);
};

/** The gap between two bases, closest point to closest point. */
export function baseGap(a: Base, b: Base): Gap {
  const ca = corners(a);
  const cb = corners(b);
  const inside = ca.find((p) => contains(b, p)) ?? cb.find((p) => contains(a, p));
  if (inside) return { distance: 0, from: inside, to: inside };
  const sa = segments(a);
  const sb = segments(b);
  for (const [p, q] of sa)
    for (const [r, s] of sb)
      if (segmentsMeet(p, q, r, s)) {
        // a crossing without a corner inside cannot happen for rectangles; a touching edge can
        const at = closestOnSegment(r, p, q);
        return { distance: 0, from: at, to: at };
      }
  // Apart: the closest pair has a corner of one base at one end.
  let best: Gap = { distance: Number.POSITIVE_INFINITY, from: a.center, to: b.center };
  for (const p of ca)
    for (const [r, s] of sb) {
      const q = closestOnSegment(p, r, s);
      const d = distance(p, q);
      if (d < best.distance) best = { distance: d, from: p, to: q };
    }
  for (const p of cb)
    for (const [r, s] of sa) {
      const q = closestOnSegment(p, r, s);
      const d = distance(p, q);
      if (d < best.distance) best = { distance: d, from: q, to: p };
    }
  return best;
}

/** The distance from a point to a base (0 inside it). */
export function pointToBase(p: Point, b: Base): number {
  if (contains(b, p)) return 0;
  return Math.min(...segments(b).map(([r, s]) => distance(p, closestOnSegment(p, r, s))));
}
