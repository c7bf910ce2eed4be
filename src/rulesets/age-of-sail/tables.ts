/**
 * Age of Sail's tables as data, each with the text it comes from (age-of-sail-simple.txt).
 */
import { angleGap, oppositeBearing } from "../../geometry/vec.ts";
import { bearingDegrees, COMPASS_16, type Compass8, type Compass16, pointsBetween } from "../../wind/compass.ts";

/**
 * "Score for hit on Hull (gun decks) or Sails — 0- 4cm 3-6 / 4-6; 4- 8cm 4-6 / 5-6; 8-12cm 5-6 / 6".
 * `need` is the lowest score that hits.
 */
export const RANGE_TABLE = [
  { upToCm: 4, hull: 3, sails: 4 },
  { upToCm: 8, hull: 4, sails: 5 },
  { upToCm: 12, hull: 5, sails: 6 },
] as const;

export const MAX_RANGE_CM = 12;

/** The band of a range; `edge` "nearer" puts 4 and 8 cm in the nearer band. Null beyond 12 cm. */
export function rangeBand(rangeCm: number, edge: string): (typeof RANGE_TABLE)[number] | null {
  if (rangeCm > MAX_RANGE_CM || rangeCm < 0) return null;
  const band = RANGE_TABLE.find((b) => (edge === "farther" ? rangeCm < b.upToCm : rangeCm <= b.upToCm));
  return band ?? RANGE_TABLE[RANGE_TABLE.length - 1] ?? null;
}

/** Wind die: "1 = move wind 1 points anticlockwise. 2-5 = no change … 6 = move wind 1 points clockwise." */
export const windDirectionStep = (die: number): number => (die === 1 ? -1 : die === 6 ? 1 : 0);
/** Speed die: "1 = reduce wind speed 1 level 2-5 = no change … 6 = increase wind speed by 1 level". */
export const windSpeedStep = (die: number): number => (die === 1 ? -1 : die === 6 ? 1 : 0);
/** "the wind speed (ranging from 1 to 7)". */
export const clampSpeed = (speed: number): number => Math.min(7, Math.max(1, speed));

export type PointOfSail = "in-irons" | "close-hauled" | "reaching" | "running";

/**
 * Points of sail by the angle between the heading and the direction the wind comes from:
 * "+45° to the wind (close hauled) … reduce the speed by one"; "+45° to 135° (beam reached to broad reached)
 * … increase the speed by one"; "+180° (running by the wind) … unaffected". The 16-point circle also has
 * 22.5° (read as close-hauled, the nearest stated point) and 157.5° (read as running: past broad reach).
 * 45° itself is close-hauled (the text's own example gives 3×4 at +45° in wind 5).
 */
export const POINT_OF_SAIL_MODIFIER: Readonly<Record<PointOfSail, number>> = {
  "in-irons": 0,
  "close-hauled": -1,
  reaching: 1,
  running: 0,
};

/** Degrees between a heading and the wind's eye (0 = heading straight into the wind, 180 = dead downwind). */
export function angleOffWind(heading: Compass16, windTo: Compass8): number {
  return angleGap(bearingDegrees(heading), oppositeBearing(bearingDegrees(windTo)));
}

export function pointOfSail(angle: number, noGoPoints: number): PointOfSail {
  if (angle < 22.5 * (noGoPoints + 1) - 1e-9) return "in-irons";
  if (angle <= 45) return "close-hauled";
  if (angle <= 135) return "reaching";
  return "running";
}

/** "each point takes one unit of movement, i.e 1 cm": points turned the short way round the 16-point circle. */
export function turnCostCm(from: Compass16, to: Compass16): number {
  return pointsBetween(COMPASS_16.indexOf(from), COMPASS_16.indexOf(to), 16);
}
