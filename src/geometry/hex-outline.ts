/**
 * The outline of a set of hexes on the table's grid: what a map draws of an area made of whole hexes (WS&IM's reach).
 * Pure; table mm.
 */
import { type Hex, type HexGrid, hexAt, hexCenter, hexCorners } from "./hex.ts";
import type { Point } from "./vec.ts";

/**
 * The outline of a set of hexes, corner to corner round the outside, when it is one ring; else null (hexes in two
 * groups, or round a hole). Corners are matched to 0.01 mm.
 */
export function hexesOutline(g: HexGrid, hexes: readonly Hex[]): Point[] | null {
  const inSet = new Set(hexes.map((h) => `${h.q},${h.r}`));
  const key = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;
  const edges = new Map<string, Point>();
  for (const h of hexes) {
    const c = hexCenter(g, h);
    const cs = hexCorners(g, h);
    cs.forEach((a, i) => {
      const b = cs[(i + 1) % 6] as Point;
      const out = hexAt(g, { x: a.x + b.x - c.x, y: a.y + b.y - c.y }).hex;
      if (!inSet.has(`${out.q},${out.r}`)) edges.set(key(a), b);
    });
  }
  const first = edges.keys().next();
  if (first.done) return null;
  const ring: Point[] = [];
  let k = first.value;
  for (let i = 0; i <= edges.size; i++) {
    const b = edges.get(k);
    if (!b) return null;
    ring.push(b);
    k = key(b);
    if (k === first.value) return ring.length === edges.size ? ring : null;
  }
  return null;
}
