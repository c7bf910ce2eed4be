/**
 * Hex geometry of the cloth: flat-topped hexes in axial coordinates, hexside 0 = north, clockwise (N, NE, SE,
 * S, SW, NW), the same numbering as the wind and ship headings.
 */
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

/** Bearing of `to` from `from` in degrees clockwise from north. */
export function bearing(from: Hex, to: Hex): number {
  const x = 1.5 * (to.q - from.q);
  const y = Math.sqrt(3) * (to.r - from.r + (to.q - from.q) / 2);
  return ((Math.atan2(x, -y) * 180) / Math.PI + 360) % 360;
}

/** Bearing of `to` relative to a ship at `from` heading `heading` (0 = dead ahead, 90 = starboard beam). */
export function relativeBearing(from: Hex, heading: number, to: Hex): number {
  return (bearing(from, to) - heading * 60 + 720) % 360;
}

/** Whether `to` lies downwind of `from` (the angle to the downwind bearing is under 90°). */
export function isDownwind(from: Hex, to: Hex, windFrom: number): boolean {
  const x = 1.5 * (to.q - from.q);
  const y = Math.sqrt(3) * (to.r - from.r + (to.q - from.q) / 2); // y grows southward
  const theta = (downwindSide(windFrom) * Math.PI) / 3;
  return x * Math.sin(theta) - y * Math.cos(theta) > 1e-9;
}
