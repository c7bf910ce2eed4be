/**
 * Directions the rule sets use for wind and headings: the 8-point and 16-point compass, the six hexsides
 * of a hex map (0 = north, clockwise) and the four table edges. Angles are degrees clockwise from north.
 */

export const COMPASS_8 = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;
export type Compass8 = (typeof COMPASS_8)[number];

export const COMPASS_16 = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"] as const;
export type Compass16 = (typeof COMPASS_16)[number];

export const TABLE_EDGES = ["N", "E", "S", "W"] as const;
export type TableEdge = (typeof TABLE_EDGES)[number];

/** A hexside 0–5, 0 = north, clockwise (docs/reference/rulesets.md, anglo-dutch-1666). */
export type Hexside = 0 | 1 | 2 | 3 | 4 | 5;

/** Steps `steps` points around a circle of `n` points (negative = anticlockwise). */
export function stepAround(index: number, steps: number, n: number): number {
  return (((index + steps) % n) + n) % n;
}

/** Rotates an 8-point direction by `steps` points clockwise. */
export function rotate8(dir: Compass8, steps: number): Compass8 {
  return COMPASS_8[stepAround(COMPASS_8.indexOf(dir), steps, 8)] as Compass8;
}

/** Rotates a 16-point heading by `steps` points clockwise. */
export function rotate16(dir: Compass16, steps: number): Compass16 {
  return COMPASS_16[stepAround(COMPASS_16.indexOf(dir), steps, 16)] as Compass16;
}

/** Rotates a hexside by `steps` clockwise. */
export function rotateHex(side: Hexside, steps: number): Hexside {
  return stepAround(side, steps, 6) as Hexside;
}

/** Degrees clockwise from north of a direction of any of the four systems. */
export function bearingDegrees(dir: Compass16 | Compass8 | TableEdge | Hexside): number {
  if (typeof dir === "number") return dir * 60;
  return COMPASS_16.indexOf(dir as Compass16) * 22.5;
}

/** Smallest number of points between two points on a circle of `n` points. */
export function pointsBetween(a: number, b: number, n: number): number {
  const d = stepAround(b - a, 0, n);
  return Math.min(d, n - d);
}
