/**
 * Plane vectors on the table: millimetres, `x` east and `y` north (docs/reference/request-result.md), bearings in degrees clockwise
 * from north. Everything in `src/geometry/` is built on these few functions.
 */

/** A point or a vector in a plane: on the table in millimetres, unless its type says otherwise. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * A point on the table, in millimetres (`x` east, `y` north). The optional `unit` is never written: a plain `{x, y}`
 * is a table point, but an {@link ImagePoint} is not, so a camera's pixels cannot be passed where millimetres go.
 */
export interface TablePoint extends Point {
  readonly unit?: "mm";
}

/** A point in a camera's image, in pixels (`x` right, `y` down), as seen (the lens not undone). Never a {@link TablePoint}. */
export interface ImagePoint extends Point {
  readonly unit?: "px";
}

export const MM_PER_INCH = 25.4;

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;
/** The z of the cross product: positive when `b` is anticlockwise of `a`. */
export const cross = (a: Point, b: Point): number => a.x * b.y - a.y * b.x;
export const length = (a: Point): number => Math.hypot(a.x, a.y);
export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

const RAD = Math.PI / 180;

/** The unit vector of a bearing (0 = north = +y, 90 = east = +x). */
export function unitOfBearing(degrees: number): Point {
  return { x: Math.sin(degrees * RAD), y: Math.cos(degrees * RAD) };
}

/** A bearing in [0, 360) (a tiny negative one that would round up to 360 is 0). */
export function normalizeBearing(degrees: number): number {
  const d = degrees % 360;
  const b = d < 0 ? d + 360 : d;
  return b === 0 || b === 360 ? 0 : b;
}

/** The bearing opposite: where a wind blowing to `degrees` comes from, a ship's stern from her bow; in [0, 360). */
export const oppositeBearing = (degrees: number): number => normalizeBearing(degrees + 180);

/** An angle in (−180, 180]: how far clockwise (positive) or anticlockwise (negative) a bearing is. */
export function signedAngle(degrees: number): number {
  const d = normalizeBearing(degrees);
  return d > 180 ? d - 360 : d;
}

/** How far apart two bearings are, in degrees in [0, 180], whichever way round (any bearings, not only [0, 360)). */
export function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * The turn from bearing `from` to bearing `to`, in degrees in (−180, 180]: positive clockwise (to starboard),
 * negative anticlockwise, the shorter way round (half a turn is +180). Its size is {@link angleGap}.
 */
export const turnBetween = (from: number, to: number): number => signedAngle(to - from);

/** Degrees as radians. */
export const radians = (degrees: number): number => degrees * RAD;

/** Radians as degrees. */
export const degrees = (radians: number): number => radians / RAD;

/**
 * A vector turned clockwise by `degrees` as the table's bearings turn (so the unit vector of bearing b, turned by t,
 * is the unit vector of bearing b + t); a negative turn is anticlockwise.
 */
export function turnClockwise(v: Point, degrees: number): Point {
  const cos = Math.cos(degrees * RAD);
  const sin = Math.sin(degrees * RAD);
  return { x: v.x * cos + v.y * sin, y: -v.x * sin + v.y * cos };
}

/** The bearing of a vector (0 for the zero vector). */
export function bearingOf(v: Point): number {
  if (v.x === 0 && v.y === 0) return 0;
  return normalizeBearing(degrees(Math.atan2(v.x, v.y)));
}

/** The bearing from one point to another. */
export const bearingTo = (from: Point, to: Point): number => bearingOf(sub(to, from));
