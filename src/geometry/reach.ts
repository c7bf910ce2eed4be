/**
 * Where a ship may end her move (issue 43 "Reach drawn"): the area her centre can reach within an allowance and the
 * text's turns, as pieces whose union the map draws (each a simple polygon, anticlockwise; a piece of two points is a
 * line: the straight moves of a text whose first turn comes after a least move).
 *
 * For one order of turns the end is affine in the legs' lengths, and the legs range over a simplex (each at least its
 * least length, together at most the allowance and at least the minimum), so that order's ends fill exactly the convex
 * polygon of the simplex's corners' images: the reach is the union of those pieces over every order of turns allowed
 * (Sole Bay's medium ship: 7 pieces). No piece takes in a point no path reaches, and every end of a legal path lies in
 * its order's piece.
 *
 * A turn of any angle on the centre, at once, once (Quickfire's pivot, Age of Sail's turning circle paid in distance):
 * the reach is star-shaped, her farthest end at a bearing θ off her bow being the allowance less the turn θ costs (a
 * path's end lies no farther than its length, and its course turned at least θ); drawn as one polygon through that
 * boundary every `sample` degrees, whose chords lie inside it (the boundary bends toward her). Other turns of any angle
 * are sampled every `sample` degrees, each angle a piece. Bounded and cheap; pure; millimetres and degrees.
 */
import type { BaseSize, Pose } from "./base.ts";
import { pivotOffset, type TurnRules } from "./move-path.ts";
import { cross, normalizeBearing, type Point, sub, unitOfBearing } from "./vec.ts";

/** What a reach is worked out from. */
export interface ReachQuery extends TurnRules {
  readonly base: BaseSize;
  /** mm she may move. */
  readonly allowance: number;
  /** mm she must move (0: none). */
  readonly minimum: number;
  readonly maxTurns: number;
  /** Degrees between the angles tried for a turn of any angle (default 3 on a star's boundary, 15 otherwise). */
  readonly sample?: number;
  /** mm of allowance each degree of turning costs (Age of Sail's turning circle: 10 mm a point of 22.5°). */
  readonly costPerDegree?: number;
}

/** A reach: pieces whose union is where she may end, each [x, y] mm, anticlockwise. */
export type ReachPieces = Array<Array<[number, number]>>;

/** The most turns a reach walks (every order of them is a piece: 2^n orders of a stepped turn). */
const MOST_TURNS = 4;

/** Convex hull (Andrew's monotone chain), anticlockwise, no repeated end point. */
export function convexHull(points: readonly Point[]): Point[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const half = (list: Point[]): Point[] => {
    const h: Point[] = [];
    for (const q of list) {
      while (h.length >= 2 && cross(sub(h[h.length - 1] as Point, h[h.length - 2] as Point), sub(q, h[h.length - 2] as Point)) <= 0)
        h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** The turn angles one turn may take. */
function turnChoices(q: ReachQuery): number[] {
  if (q.step !== undefined) return [q.step, -q.step];
  const max = Math.min(180, q.maxAngle ?? 180);
  const sample = q.sample ?? 15;
  const out: number[] = [];
  for (let a = sample; a < max; a += sample) out.push(a, -a);
  if (max > 0) out.push(max, -max);
  return out;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The convex hull of a few points (a piece's corners: at most a dozen), anticlockwise, by wrapping: no sort and no
 * point objects, as a reach is worked out at every step of a move. Points within 0.1 mm of each other are one.
 */
function smallHull(xs: readonly number[], ys: readonly number[]): Array<[number, number]> {
  const n = xs.length;
  let first = 0;
  for (let i = 1; i < n; i++)
    if ((xs[i] as number) < (xs[first] as number) || (xs[i] === xs[first] && (ys[i] as number) < (ys[first] as number))) first = i;
  const out: Array<[number, number]> = [];
  let at = first;
  for (let guard = 0; guard <= n; guard++) {
    out.push([xs[at] as number, ys[at] as number]);
    const ax = xs[at] as number;
    const ay = ys[at] as number;
    let next = -1;
    for (let i = 0; i < n; i++) {
      const x = xs[i] as number;
      const y = ys[i] as number;
      if (Math.abs(x - ax) < 0.05 && Math.abs(y - ay) < 0.05) continue;
      if (next < 0) {
        next = i;
        continue;
      }
      const nx = xs[next] as number;
      const ny = ys[next] as number;
      // keep the most clockwise candidate; of two in line, the farther
      const turn = (nx - ax) * (y - ay) - (ny - ay) * (x - ax);
      if (turn < -1e-9 || (Math.abs(turn) <= 1e-9 && (x - ax) ** 2 + (y - ay) ** 2 > (nx - ax) ** 2 + (ny - ay) ** 2)) next = i;
    }
    if (next < 0 || next === first) break;
    at = next;
  }
  return out;
}

/** One order of turns' piece: the images of its legs' simplex's corners (null: the allowance does not take her there). */
function piece(start: Pose, q: ReachQuery, turns: readonly number[]): Array<[number, number]> | null {
  const n = turns.length;
  let leastSum = 0;
  let turned = 0;
  for (let k = 0; k < n; k++) {
    leastSum += k === 0 ? q.firstAfter : q.between;
    turned += Math.abs(turns[k] as number);
  }
  const hi = q.allowance - (q.costPerDegree ?? 0) * turned - leastSum;
  if (hi < -1e-9) return null;
  const lo = Math.min(Math.max(0, q.minimum - leastSum), Math.max(0, hi));
  let heading = start.heading;
  let fx = start.x;
  let fy = start.y;
  const dx: number[] = [];
  const dy: number[] = [];
  for (let k = 0; k < n; k++) {
    const d = unitOfBearing(heading);
    const t = turns[k] as number;
    const least = k === 0 ? q.firstAfter : q.between;
    const off = pivotOffset(heading, t, q.base, q.pivot);
    dx.push(d.x);
    dy.push(d.y);
    fx += d.x * least + off.x;
    fy += d.y * least + off.y;
    heading = normalizeBearing(heading + t);
  }
  const last = unitOfBearing(heading);
  dx.push(last.x);
  dy.push(last.y);
  // rounded to 0.1 mm before the hull, so the piece drawn is exactly convex
  const xs: number[] = [];
  const ys: number[] = [];
  if (lo <= 1e-9) {
    xs.push(r1(fx));
    ys.push(r1(fy));
  }
  for (let k = 0; k <= n; k++) {
    if (lo > 1e-9) {
      xs.push(r1(fx + (dx[k] as number) * lo));
      ys.push(r1(fy + (dy[k] as number) * lo));
    }
    if (hi > lo + 1e-9) {
      xs.push(r1(fx + (dx[k] as number) * hi));
      ys.push(r1(fy + (dy[k] as number) * hi));
    }
  }
  return smallHull(xs, ys);
}

/**
 * The star of a turn of any angle on the centre at once (see the file's note): her start, then her farthest end at each
 * bearing off her bow from port to starboard; round her whole when she may turn about.
 */
function star(start: Pose, q: ReachQuery): Array<[number, number]> {
  const max = Math.min(180, q.maxAngle ?? 180);
  const cost = q.costPerDegree ?? 0;
  const n = Math.max(2, Math.ceil((2 * max) / (q.sample ?? 3)));
  const out: Array<[number, number]> = [];
  const whole = max >= 180 - 1e-9;
  if (!whole) out.push([r1(start.x), r1(start.y)]);
  // anticlockwise: from starboard (+max) round by the bow to port (−max)
  for (let i = whole ? 1 : 0; i <= n; i++) {
    const off = max - (2 * max * i) / n;
    const r = Math.max(0, q.allowance - cost * Math.abs(off));
    const u = unitOfBearing(start.heading + off);
    out.push([r1(start.x + u.x * r), r1(start.y + u.y * r)]);
  }
  return out;
}

/** Whether her turn is one of any angle on the centre, made at once, once: the reach is a star (see the file's note). */
function isStar(q: ReachQuery): boolean {
  const max = Math.min(180, q.maxAngle ?? 180);
  return q.step === undefined && q.pivot === "centre" && q.firstAfter <= 0 && q.minimum <= 0 && (q.maxTurns === 1 || max >= 180);
}

/** Adds the piece of `turns` and of every order going on from it, up to `most` turns. */
function walk(start: Pose, q: ReachQuery, choices: readonly number[], most: number, turns: number[], out: ReachPieces): void {
  const p = piece(start, q, turns);
  if (p) out.push(p);
  if (turns.length >= most) return;
  for (const t of choices) {
    turns.push(t);
    walk(start, q, choices, most, turns, out);
    turns.pop();
  }
}

/** The reach of a ship standing at `start`: pieces whose union is where she may end, [x, y] mm, anticlockwise. */
export function reachPieces(start: Pose, q: ReachQuery): ReachPieces {
  if (q.allowance <= 0) return [[[r1(start.x), r1(start.y)]]];
  if (isStar(q) && q.maxTurns >= 1) return [star(start, q)];
  const out: ReachPieces = [];
  walk(start, q, turnChoices(q), Math.min(q.maxTurns, MOST_TURNS), [], out);
  if (out.length === 0) out.push([[r1(start.x), r1(start.y)]]);
  return out;
}
