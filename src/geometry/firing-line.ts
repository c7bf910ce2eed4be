/**
 * Lines across the table: Sole Bay's firing line "measured at 90° to port or starboard", whether it "crosses an
 * enemy ship model's base", and whether it "passes through bow & stern edges of target's base" (rake). Every
 * answer carries a margin in mm: how far the line could move before the answer changed, so a measurement within
 * the positions' uncertainty of the edge can say it is borderline.
 */
import { type Base, corners, type EdgeName, edge } from "./base.ts";
import { cross, dot, type Point, scale, sub } from "./vec.ts";

/** A ray: where it starts and its unit direction. */
export interface Ray {
  readonly origin: Point;
  readonly direction: Point;
}

export type Beam = "port" | "starboard";

/**
 * The firing line to one beam: from the base's centre at 90° to the keel. (The centre and any point of the side
 * edge give the same line; the centre keeps it one line for both the hull and the base.)
 */
export function firingLine(firer: Base, beam: Beam): Ray {
  return { origin: firer.center, direction: beam === "starboard" ? firer.starboard : scale(firer.starboard, -1) };
}

/** The answer to "does the line cross it", with its margin: positive inside (crosses), negative outside (misses). */
export interface Crossing {
  readonly crosses: boolean;
  /** mm the line would have to move sideways to change the answer (signed: > 0 crosses, < 0 misses). */
  readonly margin: number;
  /** Distance along the ray to where it first meets the base (0 when it starts inside); null when it misses. */
  readonly at: number | null;
}

/** Signed offset of a point from the ray's line: positive to the ray's right. */
const offset = (ray: Ray, p: Point): number => -cross(ray.direction, sub(p, ray.origin));

/** Whether a ray crosses a base (the part of its line ahead of the origin). */
export function rayCrossesBase(ray: Ray, b: Base): Crossing {
  const cs = corners(b);
  const s = cs.map((p) => offset(ray, p));
  const lo = Math.min(...s);
  const hi = Math.max(...s);
  const margin = lo <= 0 && hi >= 0 ? Math.min(-lo, hi) : -Math.min(Math.abs(lo), Math.abs(hi));
  if (margin < 0) return { crosses: false, margin, at: null };
  // Where the line meets the base's edges, along the ray.
  const ts: number[] = [];
  cs.forEach((p, i) => {
    const q = cs[(i + 1) % 4] as Point;
    const sp = s[i] as number;
    const sq = s[(i + 1) % 4] as number;
    if ((sp <= 0 && sq >= 0) || (sp >= 0 && sq <= 0)) {
      const k = sp === sq ? 0 : sp / (sp - sq);
      const at = { x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k };
      ts.push(dot(sub(at, ray.origin), ray.direction));
    }
  });
  const far = Math.max(...ts);
  if (far < 0) return { crosses: false, margin: Math.min(margin, far), at: null };
  return { crosses: true, margin, at: Math.max(0, Math.min(...ts)) };
}

/** Whether the ray's line crosses one edge of a base, with its margin (as {@link rayCrossesBase}). */
export function lineCrossesEdge(ray: Ray, b: Base, name: EdgeName): { crosses: boolean; margin: number } {
  const [p, q] = edge(b, name);
  const sp = offset(ray, p);
  const sq = offset(ray, q);
  const crosses = (sp <= 0 && sq >= 0) || (sp >= 0 && sq <= 0);
  const near = Math.min(Math.abs(sp), Math.abs(sq));
  return { crosses, margin: crosses ? near : -near };
}

/**
 * Sole Bay's rake: the line of fire "passes through bow & stern edges of target's base". The line must also reach
 * the base ahead of the firer.
 */
export function rakes(ray: Ray, target: Base): { rakes: boolean; margin: number } {
  const bow = lineCrossesEdge(ray, target, "bow");
  const stern = lineCrossesEdge(ray, target, "stern");
  const hit = rayCrossesBase(ray, target);
  const margin = Math.min(bow.margin, stern.margin);
  return { rakes: margin >= 0 && hit.crosses, margin };
}
