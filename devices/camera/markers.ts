/**
 * The markers of the table (docs/reference/camera.md): AprilTag 36h11. Ids 0–3 mark the playing area's corners, 4–7 the middle
 * of its sides (optional: with them the lens's distortion is fitted), ids from 10 the ships. What a detector
 * gives: each marker's id and its four corners in the image, in the marker's own order (top-left, top-right,
 * bottom-right, bottom-left as printed upright).
 */
import type { Quad } from "../../src/geometry/quad.ts";
import type { ImagePoint, TablePoint } from "../../src/geometry/vec.ts";
import { MAX_MARKER_ID } from "./marker-cells.ts";

/** The first ship marker's id. */
export const FIRST_SHIP_ID = 10;
/** The corner markers' ids, in the order of their centres (0,0), (W,0), (W,H), (0,H). */
export const CORNER_IDS = [0, 1, 2, 3] as const;
/** The edge markers' ids: the middles of the sides y = 0, x = W, y = H, x = 0. */
export const EDGE_IDS = [4, 5, 6, 7] as const;

/** Whether `id` is an edge marker's. */
export const isEdgeId = (id: number): boolean => EDGE_IDS.some((e) => e === id);

/**
 * The ship markers by roster order: the n-th ship (0-based) of the game carries marker 10 + n, unless it was given
 * another by showing it to the camera during set-up (`assigned`, ship id → marker id, wins).
 */
export function shipMarkers(shipIds: readonly string[], assigned: Readonly<Record<string, number>> = {}): ReadonlyMap<number, string> {
  const out = new Map<number, string>();
  const taken = new Set(Object.values(assigned));
  shipIds.forEach((ship, i) => {
    const own = assigned[ship];
    if (own !== undefined) out.set(own, ship);
    else if (!taken.has(FIRST_SHIP_ID + i)) out.set(FIRST_SHIP_ID + i, ship);
  });
  return out;
}

/**
 * Why `value` is not a ship marker's id (a whole number from 10 to 586), in words naming it as `written` (the cell or
 * field as given); null when it is one.
 */
export function notShipMarker(value: unknown, written = String(value)): string | null {
  return typeof value === "number" && Number.isInteger(value) && value >= FIRST_SHIP_ID && value <= MAX_MARKER_ID
    ? null
    : `"${written}" is not a ship marker (a whole number from ${FIRST_SHIP_ID} to ${MAX_MARKER_ID}).`;
}

/** One marker found in an image. */
export interface DetectedMarker {
  readonly id: number;
  /** Top-left, top-right, bottom-right, bottom-left, in image pixels (distorted, as seen). */
  readonly corners: Quad<ImagePoint>;
}

/** The playing area in mm. */
export interface Area {
  readonly width: number;
  readonly height: number;
}

/** Where a reference marker's centre is on the table (mm), or null for a ship's id or an unused one. */
export function referencePosition(id: number, area: Area): TablePoint | null {
  const { width: w, height: h } = area;
  const table: Record<number, TablePoint> = {
    0: { x: 0, y: 0 },
    1: { x: w, y: 0 },
    2: { x: w, y: h },
    3: { x: 0, y: h },
    4: { x: w / 2, y: 0 },
    5: { x: w, y: h / 2 },
    6: { x: w / 2, y: h },
    7: { x: 0, y: h / 2 },
  };
  return table[id] ?? null;
}
