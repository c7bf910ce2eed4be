/**
 * The shortest path a text's movement rules allow from where a ship stood to where she stands (issue 43,
 * docs/reference/request-result.md "Moves"): straight legs joined by turns. A turn is made at a turning point,
 * pivoting on the stern corner on the turn's side (Sole Bay: "Turns are made from the stern corner") or on the
 * centre (Quickfire: "pivoting on its centerpoint"); each turn is one `step` of degrees (Sole Bay's 45° template) or any angle up to `maxAngle`
 * (Quickfire's speed box). Legs have a least length before the first turn and between turns.
 *
 * For a given order of turns the ship's end is affine in the legs' lengths, so the shortest legs that reach the end
 * are a two-equation linear programme: its optimum has at most two legs beyond their least length, found by trying
 * each leg and each pair (exact, no search). Pure; millimetres and degrees.
 */
import type { BaseSize, Pose } from "./base.ts";
import { add, cross, dot, length, normalizeBearing, type Point, scale, signedAngle, sub, turnClockwise, unitOfBearing } from "./vec.ts";

export type { Pose };

/** How a text's ship turns. */
export interface TurnRules {
  /** What she pivots on at a turning point. */
  readonly pivot: "stern-corner" | "centre";
  /** Each turn is exactly this many degrees (Sole Bay: 45). Absent: any angle up to `maxAngle`. */
  readonly step?: number;
  /** The largest single turn, degrees (Quickfire's speed box); with `step`, the turn is the step. */
  readonly maxAngle?: number;
  /** mm she must move before her first turn (0: she may turn at once). */
  readonly firstAfter: number;
  /** mm she must move between two turns. */
  readonly between: number;
}

/** The geometry a path is solved with: the rules, the base (for the stern corner) and how near is near enough. */
export interface PathQuery extends TurnRules {
  readonly base: BaseSize;
  /** mm the end may lie off the path (the positions' uncertainty). */
  readonly slackMm: number;
  /** degrees the heading may differ from the turns' sum (a model placed by hand). */
  readonly slackDegrees: number;
  /** The most turns the rules allow this move. */
  readonly maxTurns: number;
  /** The most turns looked for (the rules' limit plus one or two, to say "too many"). */
  readonly searchTurns: number;
}

/** A path found: its legs, its turns (degrees, + to starboard), the poses at its corners. */
export interface MovePath {
  /** mm moved: the legs' lengths added (a pivot costs no distance). */
  readonly distance: number;
  readonly turns: readonly number[];
  /** Start, each turning point before and after its pivot, end. */
  readonly path: readonly Pose[];
  readonly legs: readonly number[];
  /** Whether a leg is shorter than the rules' least (a turn too early): found only when no path keeps them. */
  readonly early: boolean;
  /** mm the end lies off the path's end; degrees the heading lies off the turns' sum. */
  readonly offMm: number;
  readonly offDegrees: number;
  /** What the move used of the allowance where the text counts it otherwise than distance (WS&IM: MP, turns included). */
  readonly cost?: number;
  /** Turns the text does not count against the most turns she may make (WS&IM's "T"). */
  readonly freeTurns?: number;
  /** The text's own reason this path breaks its rules (a hex grid's), said after too many turns and before the rest. */
  readonly why?: string;
}

const EPS = 1e-6;

/** The centre's displacement when a ship heading `heading` pivots `turn` degrees on the stern corner of the turn's side. */
export function pivotOffset(heading: number, turn: number, base: BaseSize, pivot: TurnRules["pivot"]): Point {
  if (pivot === "centre" || turn === 0) return { x: 0, y: 0 };
  const f = unitOfBearing(heading);
  const starboard = { x: f.y, y: -f.x };
  // from the stern corner on the turn's side to the centre
  const side = turn > 0 ? 1 : -1;
  const r = add(scale(f, base.length / 2), scale(starboard, (-side * base.width) / 2));
  return sub(turnClockwise(r, turn), r);
}

const ORDERS = new Map<string, readonly (readonly number[])[]>();

/** Every order of `n` turns of ±step (2^n of them), worked out once per `n` and step. */
function stepOrders(n: number, step: number): readonly (readonly number[])[] {
  const key = `${n}/${step}`;
  const known = ORDERS.get(key);
  if (known) return known;
  const orders: readonly (readonly number[])[] =
    n === 0
      ? [[]]
      : stepOrders(n - 1, step).flatMap((o) => [
          [...o, step],
          [...o, -step],
        ]);
  ORDERS.set(key, orders);
  return orders;
}

/** The orders of turns whose sum is the heading's change (within slack), up to `searchTurns` turns. */
function turnOrders(q: PathQuery, change: number): Array<{ turns: readonly number[]; off: number }> {
  const out: Array<{ turns: readonly number[]; off: number }> = [];
  if (q.step !== undefined) {
    for (let n = 0; n <= q.searchTurns; n++)
      for (const turns of stepOrders(n, q.step)) {
        const off = Math.abs(signedAngle(change - turns.reduce((s, t) => s + t, 0)));
        if (off <= q.slackDegrees + EPS) out.push({ turns, off });
      }
    return out;
  }
  // any angle: straight when the heading kept, else one turn of the change (a second turn is never shorter to say)
  if (Math.abs(change) <= q.slackDegrees + EPS) out.push({ turns: [], off: Math.abs(change) });
  if (Math.abs(change) > EPS) out.push({ turns: [change], off: 0 });
  return out;
}

interface Solved {
  readonly legs: number[];
  readonly offMm: number;
}

/** Shortest extra lengths s ≥ 0 with Σ s·d = target (within slack): one leg, or a pair of legs. */
function shortestLegs(dirs: readonly Point[], target: Point, slackMm: number): Solved | null {
  let best: Solved | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  const consider = (legs: number[], offMm: number) => {
    const cost = legs.reduce((s, l) => s + l, 0);
    if (cost < bestCost - EPS || (Math.abs(cost - bestCost) <= EPS && best && offMm < best.offMm)) {
      best = { legs, offMm };
      bestCost = cost;
    }
  };
  const zero = () => dirs.map(() => 0);
  if (length(target) <= slackMm) consider(zero(), length(target));
  dirs.forEach((d, i) => {
    const s = dot(target, d);
    if (s < -EPS) return;
    const off = length(sub(target, scale(d, s)));
    if (off > slackMm) return;
    const legs = zero();
    legs[i] = Math.max(0, s);
    consider(legs, off);
  });
  for (let i = 0; i < dirs.length; i++)
    for (let j = i + 1; j < dirs.length; j++) {
      const a = dirs[i] as Point;
      const b = dirs[j] as Point;
      const det = cross(a, b);
      if (Math.abs(det) < 1e-9) continue;
      const si = cross(target, b) / det;
      const sj = cross(a, target) / det;
      if (si < -EPS || sj < -EPS) continue;
      const legs = zero();
      legs[i] = Math.max(0, si);
      legs[j] = Math.max(0, sj);
      consider(legs, 0);
    }
  return best;
}

/** The path of one order of turns with least legs `least`, or null when it cannot reach the end. */
function pathOf(
  before: Pose,
  after: Pose,
  q: PathQuery,
  turns: readonly number[],
  least: readonly number[],
  offDegrees: number,
): MovePath | null {
  const headings: number[] = [before.heading];
  for (const t of turns) headings.push(normalizeBearing((headings.at(-1) as number) + t));
  const dirs = headings.map(unitOfBearing);
  let fixed: Point = { x: before.x, y: before.y };
  turns.forEach((t, k) => {
    fixed = add(fixed, add(scale(dirs[k] as Point, least[k] as number), pivotOffset(headings[k] as number, t, q.base, q.pivot)));
  });
  fixed = add(fixed, scale(dirs[turns.length] as Point, least[turns.length] as number));
  const solved = shortestLegs(dirs, sub(after, fixed), q.slackMm);
  if (!solved) return null;
  const legs = solved.legs.map((s, i) => s + (least[i] as number));
  const path: Pose[] = [{ x: before.x, y: before.y, heading: normalizeBearing(before.heading) }];
  let at: Point = { x: before.x, y: before.y };
  turns.forEach((t, k) => {
    at = add(at, scale(dirs[k] as Point, legs[k] as number));
    path.push({ x: at.x, y: at.y, heading: headings[k] as number });
    at = add(at, pivotOffset(headings[k] as number, t, q.base, q.pivot));
    path.push({ x: at.x, y: at.y, heading: headings[k + 1] as number });
  });
  at = add(at, scale(dirs[turns.length] as Point, legs[turns.length] as number));
  path.push({ x: at.x, y: at.y, heading: headings[turns.length] as number });
  return {
    distance: legs.reduce((s, l) => s + l, 0),
    turns: [...turns],
    path,
    legs,
    early: false,
    offMm: solved.offMm,
    offDegrees,
  };
}

/** The least length of each leg of a path of `n` turns. */
export function leastLegs(q: TurnRules, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(i === n ? 0 : i === 0 ? q.firstAfter : q.between);
  return out;
}

/**
 * The shortest path from `before` to `after` the rules allow. Looked for in this order, the first stage that finds
 * one answering: within the turns allowed keeping the least legs (the shortest of them); within the turns allowed
 * turning too early (`early`); with more turns than allowed (fewest first). Null when no order of turns up to
 * `searchTurns` reaches the end's heading within slack (a heading no turns make: the caller says so).
 */
export function shortestPath(before: Pose, after: Pose, q: PathQuery): MovePath | null {
  const change = signedAngle(after.heading - before.heading);
  const orders = turnOrders(q, change);
  const stages: Array<[number, number, boolean]> = [
    [0, q.maxTurns, false],
    [0, q.maxTurns, true],
    [q.maxTurns + 1, q.searchTurns, false],
    [q.maxTurns + 1, q.searchTurns, true],
  ];
  for (const [from, to, relaxed] of stages) {
    let found: MovePath | null = null;
    for (const o of orders) {
      if (o.turns.length < from || o.turns.length > to) continue;
      const least = relaxed ? o.turns.map(() => 0).concat(0) : leastLegs(q, o.turns.length);
      const p = pathOf(before, after, q, o.turns, least, o.off);
      if (!p) continue;
      const better =
        !found ||
        (from > 0 && p.turns.length < found.turns.length) ||
        ((from === 0 || p.turns.length === found.turns.length) && p.distance < found.distance - 1e-6);
      if (better) found = relaxed ? { ...p, early: true } : p;
    }
    if (found) return found;
  }
  return null;
}
