/**
 * Bearings relative to a ship and the arcs the texts draw around it: quickfire's 120° broadside arcs and 60° fore
 * and aft arcs, Age of Sail's 90° gun-deck arcs, the side of a ship that faces another. Margins are in degrees:
 * how far the bearing is from the nearest arc edge.
 */
import type { Base } from "./base.ts";
import { angleGap, bearingTo, normalizeBearing, type Point, signedAngle } from "./vec.ts";

/** The bearing of `to` off the ship's bow: 0 dead ahead, +90 the starboard beam, −90 port, ±180 dead astern. */
export function relativeBearing(from: Base, to: Point): number {
  return signedAngle(bearingTo(from.center, to) - from.heading);
}

/** An arc off the bow, from `from` clockwise to `to` (degrees, −180…180). */
export interface Arc<N extends string = string> {
  readonly name: N;
  readonly from: number;
  readonly to: number;
}

/** The arc a relative bearing lies in (the first listed wins on a shared edge) and its distance in degrees to the nearest edge. */
export function arcOf<N extends string>(bearing: number, arcs: readonly Arc<N>[]): { arc: N | null; margin: number } {
  let margin = Number.POSITIVE_INFINITY;
  let found: N | null = null;
  for (const a of arcs) {
    const span = clockwiseFrom(a.from, a.to);
    const into = clockwiseFrom(a.from, bearing);
    const inside = into <= span + 1e-9;
    const m = Math.min(angleGap(bearing, a.from), angleGap(bearing, a.to));
    margin = Math.min(margin, m);
    if (inside && found === null) found = a.name;
  }
  return { arc: found, margin };
}

/** Degrees clockwise from `a` to `b`, in [0, 360). */
const clockwiseFrom = (a: number, b: number): number => normalizeBearing(b - a);

/** Quickfire: "a 120° arc centered on each broadside … the remaining 60° arcs to the front and rear (fore and aft)". */
export const QUICKFIRE_ARCS: readonly Arc<"broadside" | "fore-aft">[] = [
  { name: "broadside", from: 30, to: 150 },
  { name: "broadside", from: -150, to: -30 },
  { name: "fore-aft", from: -30, to: 30 },
  { name: "fore-aft", from: 150, to: -150 },
];

/** The four quarters of a ship, each 90° centred on the bow, the beams and the stern. */
export const QUARTERS: readonly Arc<"bow" | "starboard" | "stern" | "port">[] = [
  { name: "bow", from: -45, to: 45 },
  { name: "starboard", from: 45, to: 135 },
  { name: "stern", from: 135, to: -135 },
  { name: "port", from: -135, to: -45 },
];

/** Which beam a bearing is on (port for negative bearings), with its distance in degrees from the keel line. */
export function beamOf(bearing: number): { beam: "port" | "starboard"; margin: number } {
  return { beam: bearing < 0 ? "port" : "starboard", margin: Math.min(Math.abs(bearing), 180 - Math.abs(bearing)) };
}
