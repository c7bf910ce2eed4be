/**
 * Contact between bases after (and during) a move: the gap to a side edge (Sole Bay's boarding "within half an inch
 * of the side edge of an enemy ship's base") and whether a base moved along a path touched another on the way
 * (Sole Bay's and WS&IM's collisions). Pure; millimetres.
 */
import { type Base, type BaseSize, baseOf, corners, edge, type Pose, toLocal } from "./base.ts";
import { baseGap } from "./distance.ts";
import { distance, type Point, scale } from "./vec.ts";

/**
 * The gap from base `a` to the nearer of `d`'s port and starboard edges (0 touching or across it); infinite when `a`
 * does not lie alongside (no part of it abreast of the side edge: a bow against a stern is not at the side).
 */
export function sideEdgeGap(a: Base, d: Base): number {
  const along = corners(a).map((p) => toLocal(d, p).along);
  const overlap = Math.min(d.length / 2, Math.max(...along)) - Math.max(-d.length / 2, Math.min(...along));
  if (overlap <= 1) return Number.POSITIVE_INFINITY;
  const gapTo = (side: "port" | "starboard") => {
    const [p, q] = edge(d, side);
    // the side edge as a base of no width: the nearest point of `a` to the segment
    return baseGap(a, { ...d, width: 0, center: scale({ x: p.x + q.x, y: p.y + q.y }, 0.5) }).distance;
  };
  return Math.min(gapTo("port"), gapTo("starboard"));
}

/**
 * Whether two bases come within `mm` of each other: the separating-axis test on the bases each grown by `mm`/2 (a
 * corner to corner approach may read up to √2 × `mm`/2 farther: well within a reading's uncertainty).
 */
export function basesWithin(a: Base, b: Base, mm: number): boolean {
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  const ah = { l: a.length / 2 + mm / 2, w: a.width / 2 + mm / 2 };
  const bh = { l: b.length / 2 + mm / 2, w: b.width / 2 + mm / 2 };
  for (const [axis, own] of [
    [a.forward, ah.l],
    [a.starboard, ah.w],
    [b.forward, bh.l],
    [b.starboard, bh.w],
  ] as const) {
    const other =
      axis === a.forward || axis === a.starboard
        ? Math.abs(b.forward.x * axis.x + b.forward.y * axis.y) * bh.l + Math.abs(b.starboard.x * axis.x + b.starboard.y * axis.y) * bh.w
        : Math.abs(a.forward.x * axis.x + a.forward.y * axis.y) * ah.l + Math.abs(a.starboard.x * axis.x + a.starboard.y * axis.y) * ah.w;
    if (Math.abs(dx * axis.x + dy * axis.y) > own + other) return false;
  }
  return true;
}

/**
 * Whether a base of `size` carried along `path` (straight legs between its poses, sampled every `step` mm from just
 * after its start: a ship that began alongside another and moved off has not collided) comes within `mm` of `other`.
 * Samples whose centres are too far apart to meet are passed over without the test.
 */
export function pathTouches(path: readonly Pose[], size: BaseSize, other: Base, mm: number, step = Math.max(2, size.width / 2)): boolean {
  const reach = halfDiagonal(size) + halfDiagonal(other) + mm;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Pose;
    const b = path[i + 1] as Pose;
    const n = Math.max(1, Math.ceil(distance(a, b) / step));
    for (let k = 1; k <= n; k++) {
      const t = k / n;
      const pose = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, heading: t < 1 ? a.heading : b.heading };
      if (Math.hypot(pose.x - other.center.x, pose.y - other.center.y) > reach) continue;
      if (basesWithin(baseOf(pose, size), other, mm)) return true;
    }
  }
  return false;
}

/** The least distance from a point to the path's legs (straight segments between its poses). */
export function distanceToPath(path: readonly Pose[], p: Point): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Pose;
    const b = path[i + 1] as Pose;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len2 = ex * ex + ey * ey;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
    least = Math.min(least, Math.hypot(p.x - a.x - t * ex, p.y - a.y - t * ey));
  }
  return least;
}

/** Half a base's diagonal: no point of the base lies farther from its centre. */
export const halfDiagonal = (b: BaseSize): number => Math.hypot(b.width, b.length) / 2;
