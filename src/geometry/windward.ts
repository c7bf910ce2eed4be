/**
 * The table's edges and a line drawn to them: Sole Bay's "a line drawn from the stern (bow) of the ship crosses the
 * windward table edge". The table is `width` mm along x (west edge at x = 0) and `length` mm along y (south edge
 * at y = 0).
 */
import type { Point } from "./vec.ts";

export type TableEdge = "N" | "E" | "S" | "W";

/** The playing area's size in mm. */
export interface TableSize {
  readonly width: number;
  readonly length: number;
}

/**
 * The edge a ray from inside the table leaves it through, and how far (mm) the exit point is from the nearest corner
 * (a ray that leaves near a corner could leave by the other edge). Null when the ray starts outside or is zero.
 */
export function edgeCrossed(origin: Point, direction: Point, size: TableSize): { edge: TableEdge; margin: number } | null {
  const { x, y } = origin;
  if (x < 0 || y < 0 || x > size.width || y > size.length) return null;
  const candidates: Array<{ edge: TableEdge; t: number }> = [];
  if (direction.y > 0) candidates.push({ edge: "N", t: (size.length - y) / direction.y });
  if (direction.y < 0) candidates.push({ edge: "S", t: -y / direction.y });
  if (direction.x > 0) candidates.push({ edge: "E", t: (size.width - x) / direction.x });
  if (direction.x < 0) candidates.push({ edge: "W", t: -x / direction.x });
  const first = candidates.sort((a, b) => a.t - b.t)[0];
  if (!first) return null;
  const at = { x: x + direction.x * first.t, y: y + direction.y * first.t };
  const along = first.edge === "N" || first.edge === "S" ? at.x : at.y;
  const span = first.edge === "N" || first.edge === "S" ? size.width : size.length;
  return { edge: first.edge, margin: Math.max(0, Math.min(along, span - along)) };
}
