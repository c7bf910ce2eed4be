/**
 * Hex geometry of the cloth: flat-topped hexes in axial coordinates, hexside 0 = north, clockwise (N, NE, SE,
 * S, SW, NW), the same numbering as the wind and ship headings.
 */
import { bearingOf, dot, normalizeBearing, type Point, unitOfBearing } from "../../geometry/vec.ts";
import { pointsBetween, stepAround } from "../../wind/compass.ts";
import type { Hex } from "./schema.ts";

export const HEXSIDE_NAMES = ["N", "NE", "SE", "S", "SW", "NW"] as const;

const STEPS: ReadonlyArray<readonly [number, number]> = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/** The hex `n` steps from `hex` through hexside `side`. */
export function stepHex(hex: Hex, side: number, n = 1): Hex {
  const [dq, dr] = STEPS[stepAround(side, 0, 6)] ?? [0, 0];
  return { q: hex.q + dq * n, r: hex.r + dr * n };
}

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export const sameHex = (a: Hex | null, b: Hex | null): boolean => a !== null && b !== null && a.q === b.q && a.r === b.r;

/** The hexside the wind blows toward (downwind) when it blows from `from`. */
export const downwindSide = (from: number): number => stepAround(from, 3, 6);

/**
 * Point of sail of a heading in a wind from `windFrom`: 0 hexsides off the wind = in irons, 1 = close hauled,
 * 2 = reaching, 3 = running ("Running means sailing with the wind behind you").
 */
export type PointOfSail = "in-irons" | "close-hauled" | "reach" | "run";
export function pointOfSail(heading: number, windFrom: number): PointOfSail {
  return (["in-irons", "close-hauled", "reach", "run"] as const)[pointsBetween(heading, windFrom, 6)] ?? "run";
}

/** The bearing of a hexside (or of a heading or a wind given as one): 0 = north, 60° a side clockwise. */
const sideBearing = (side: number): number => side * 60;

/**
 * The way from one hex's centre to another's, north up (the cloth's r grows southward), in hexes' radii: the
 * table's vector, so that src/geometry's bearings apply.
 */
function offset(from: Hex, to: Hex): Point {
  return { x: 1.5 * (to.q - from.q), y: -Math.sqrt(3) * (to.r - from.r + (to.q - from.q) / 2) };
}

/** Bearing of `to` from `from` in degrees clockwise from north (0 for the same hex). */
export function bearing(from: Hex, to: Hex): number {
  return bearingOf(offset(from, to));
}

/** Bearing of `to` relative to a ship at `from` heading `heading` (0 = dead ahead, 90 = starboard beam). */
export function relativeBearing(from: Hex, heading: number, to: Hex): number {
  return normalizeBearing(bearing(from, to) - sideBearing(heading));
}

/** Whether `to` lies downwind of `from` (the angle to the downwind bearing is under 90°). */
export function isDownwind(from: Hex, to: Hex, windFrom: number): boolean {
  return dot(offset(from, to), unitOfBearing(sideBearing(downwindSide(windFrom)))) > 1e-9;
}
