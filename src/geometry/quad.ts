/**
 * Quadrilaterals: four points in order around them — a printed marker's corners as a camera sees them (top-left,
 * top-right, bottom-right, bottom-left), or the same corners mapped onto the table. Typed as four-tuples, so mapping
 * one keeps its four corners without a cast.
 */
import type { Point } from "./vec.ts";

/** Four points in order around a quadrilateral. */
export type Quad<P extends Point = Point> = readonly [P, P, P, P];

/** Each corner of `q` through `f`, in order. */
export function mapQuad<P extends Point, R extends Point>(q: Quad<P>, f: (p: P, i: number) => R): [R, R, R, R] {
  return [f(q[0], 0), f(q[1], 1), f(q[2], 2), f(q[3], 3)];
}

/** The same corners started `shift` corners on (1: the second corner first), the order around kept. */
export function turnQuad<P extends Point>(q: Quad<P>, shift: number): Quad<P> {
  const [a, b, c, d] = q;
  const turns: readonly Quad<P>[] = [q, [b, c, d, a], [c, d, a, b], [d, a, b, c]];
  return turns[((shift % 4) + 4) % 4] ?? q;
}

/** The four sides, each from a corner to the next (the last back to the first). */
export function quadSides<P extends Point>(q: Quad<P>): readonly (readonly [P, P])[] {
  return [
    [q[0], q[1]],
    [q[1], q[2]],
    [q[2], q[3]],
    [q[3], q[0]],
  ];
}

/** Each corner with its neighbours: the corner before it, the corner, the corner after it. */
export function quadCorners<P extends Point>(q: Quad<P>): readonly (readonly [P, P, P])[] {
  return [
    [q[3], q[0], q[1]],
    [q[0], q[1], q[2]],
    [q[1], q[2], q[3]],
    [q[2], q[3], q[0]],
  ];
}

/** The intersection of a quadrilateral's diagonals (projectively invariant: the image of a square's centre). */
export function quadCentre(c: Quad): Point {
  const [a, b, d, e] = c;
  // Diagonals a→d and b→e.
  const r = { x: d.x - a.x, y: d.y - a.y };
  const s = { x: e.x - b.x, y: e.y - b.y };
  const den = r.x * s.y - r.y * s.x;
  if (Math.abs(den) < 1e-12) return { x: (a.x + b.x + d.x + e.x) / 4, y: (a.y + b.y + d.y + e.y) / 4 };
  const t = ((b.x - a.x) * s.y - (b.y - a.y) * s.x) / den;
  return { x: a.x + t * r.x, y: a.y + t * r.y };
}

/** The mean side of a quadrilateral, in its own units. */
export function quadSide(c: Quad): number {
  return quadSides(c).reduce((s, [p, q]) => s + Math.hypot(q.x - p.x, q.y - p.y), 0) / 4;
}
