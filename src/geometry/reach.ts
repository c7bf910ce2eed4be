/**
 * Where a ship may end her move (issue 43 "Reach drawn"): the area her centre can reach within an allowance and the
 * text's turns, as a polygon the map draws. For one order of turns the end is affine in the legs' lengths, and the
 * legs range over a simplex (each at least its least length, together at most the allowance), so that order's ends
 * fill the polygon of the simplex's corners' images: the reach is the convex hull of those corners over every order
 * of turns allowed (any angle up to the largest: sampled every `sample` degrees). Bounded and cheap: a medium Sole Bay
 * ship's 7 orders give at most 25 points. The hull may take in a little a path cannot reach between two orders; the
 * move's judge, not the drawing, decides.
 */
import type { BaseSize, Pose } from "./base.ts";
import { leastLegs, pivotOffset, type TurnRules } from "./move-path.ts";
import { add, cross, normalizeBearing, type Point, scale, sub, unitOfBearing } from "./vec.ts";

/** What a reach is worked out from. */
export interface ReachQuery extends TurnRules {
  readonly base: BaseSize;
  /** mm she may move. */
  readonly allowance: number;
  /** mm she must move (0: none). */
  readonly minimum: number;
  readonly maxTurns: number;
  /** Degrees between the angles tried for a turn of any angle (default 15). */
  readonly sample?: number;
  /** mm of allowance each degree of turning costs (Age of Sail's turning circle: 10 mm a point of 22.5°). */
  readonly costPerDegree?: number;
}

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

/** The ends of one order of turns at the corners of its legs' simplex. */
function cornerEnds(start: Pose, q: ReachQuery, turns: readonly number[], out: Point[]): void {
  const least = leastLegs(q, turns.length);
  if (turns.length === 0) least[0] = q.minimum;
  const turnCost = (q.costPerDegree ?? 0) * turns.reduce((s, t) => s + Math.abs(t), 0);
  const spare = q.allowance - turnCost - least.reduce((s, l) => s + l, 0);
  if (spare < -1e-9) return;
  const headings = [start.heading];
  for (const t of turns) headings.push(normalizeBearing((headings.at(-1) as number) + t));
  const dirs = headings.map(unitOfBearing);
  let fixed: Point = { x: start.x, y: start.y };
  turns.forEach((t, k) => {
    fixed = add(fixed, add(scale(dirs[k] as Point, least[k] as number), pivotOffset(headings[k] as number, t, q.base, q.pivot)));
  });
  fixed = add(fixed, scale(dirs[turns.length] as Point, least[turns.length] as number));
  out.push(fixed);
  for (const d of dirs) out.push(add(fixed, scale(d, Math.max(0, spare))));
}

/** The reach polygon of a ship standing at `start`: [x, y] mm, anticlockwise. */
export function reachPolygon(start: Pose, q: ReachQuery): Array<[number, number]> {
  const ends: Point[] = [];
  const choices = turnChoices(q);
  const walk = (turns: number[]) => {
    cornerEnds(start, q, turns, ends);
    if (turns.length >= q.maxTurns) return;
    for (const t of choices) walk([...turns, t]);
  };
  walk([]);
  if (ends.length === 0) ends.push({ x: start.x, y: start.y });
  // rounded to 0.1 mm before the hull, so the polygon drawn is exactly convex
  const r = (v: number) => Math.round(v * 10) / 10;
  return convexHull(ends.map((p) => ({ x: r(p.x), y: r(p.y) }))).map((p) => [p.x, p.y]);
}
