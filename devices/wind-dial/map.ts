/**
 * Direction → servo angle → pulse width. Pure functions, shared by the driver, the emulators and the tests.
 *
 * A direction is where the wind comes FROM, in compass degrees (0 = north, clockwise). It is snapped to the
 * nearest position of its system (8 or 16 compass points, 6 hexsides with hexside 0 = north, 4 table edges
 * N/E/S/W), and the pointer shows that bearing.
 */
import { normalizeBearing } from "../../src/geometry/vec.ts";
import type { DialDirection } from "../readings.ts";
import type { DialConfig, DialMap } from "./config.ts";

/** Number of positions of each wind system. */
export const POSITIONS: Readonly<Record<DialDirection["system"], number>> = { compass8: 8, compass16: 16, hex6: 6, edge4: 4 };

/** Index of the position nearest to `fromDegrees` (0 = north / hexside 0), wrapping at 360°. */
export function positionIndex(direction: DialDirection): number {
  const n = POSITIONS[direction.system];
  const step = 360 / n;
  const deg = normalizeBearing(direction.fromDegrees);
  return Math.round(deg / step) % n;
}

/** The pointer bearing (0 ≤ b < 360) shown for a direction. */
export function pointerBearing(direction: DialDirection): number {
  return (positionIndex(direction) * 360) / POSITIONS[direction.system];
}

/**
 * Servo angle for a direction. An explicit `points` table for the system wins; otherwise
 * `offset + bearing × gearRatio`, with a reversed mount turning the other way round from the same north.
 * The result is clamped to the servo's limits.
 */
export function servoAngle(map: DialMap, direction: DialDirection): number {
  const index = positionIndex(direction);
  const explicit = map.points?.[direction.system]?.[index];
  let angle: number;
  if (explicit !== undefined) {
    angle = explicit;
  } else {
    const bearing = pointerBearing(direction);
    const turned = map.reversed ? normalizeBearing(-bearing) : bearing;
    angle = map.offset + turned * map.gearRatio;
  }
  return Math.min(map.maxAngle, Math.max(map.minAngle, round3(angle)));
}

/** Pulse width (µs) for a servo angle, linear over the configured degree and pulse ranges (as johnny-five maps it). */
export function pulseWidth(config: Pick<DialConfig, "pwmRange" | "degreeRange">, angle: number): number {
  const [d0, d1] = config.degreeRange;
  const [p0, p1] = config.pwmRange;
  const clamped = Math.min(d1, Math.max(d0, angle));
  return p0 + ((clamped - d0) * (p1 - p0)) / (d1 - d0);
}

/** Inverse of `pulseWidth`: the angle a pulse width shows. */
export function angleOfPulse(config: Pick<DialConfig, "pwmRange" | "degreeRange">, us: number): number {
  const [d0, d1] = config.degreeRange;
  const [p0, p1] = config.pwmRange;
  return round3(d0 + ((us - p0) * (d1 - d0)) / (p1 - p0));
}

/** Every direction of a system, one per position (for calibration and the firmware-in-the-loop test). */
export function allDirections(system: DialDirection["system"]): DialDirection[] {
  const n = POSITIONS[system];
  return Array.from({ length: n }, (_, i) => ({ system, fromDegrees: (i * 360) / n }));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
