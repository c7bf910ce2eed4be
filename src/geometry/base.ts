/**
 * A ship's base as an oriented rectangle (docs/reference/request-result.md): centred on the ship's position, its length along the
 * heading, its width across. Port is the bow's left, starboard its right.
 */
import { add, dot, type Point, scale, sub, unitOfBearing } from "./vec.ts";

/** Where a ship stands: position in mm and heading in degrees clockwise from north. */
export interface Pose {
  readonly x: number;
  readonly y: number;
  readonly heading: number;
}

/** A base's size in mm (ship field `base`). */
export interface BaseSize {
  readonly width: number;
  readonly length: number;
}

/** A base on the table, with its axes worked out once. */
export interface Base {
  readonly center: Point;
  readonly heading: number;
  readonly width: number;
  readonly length: number;
  /** Unit vector towards the bow. */
  readonly forward: Point;
  /** Unit vector towards starboard (the bow's right). */
  readonly starboard: Point;
}

export type EdgeName = "bow" | "stern" | "port" | "starboard";

/** The base of a ship standing at `pose`. */
export function baseOf(pose: Pose, size: BaseSize): Base {
  const forward = unitOfBearing(pose.heading);
  return {
    center: { x: pose.x, y: pose.y },
    heading: pose.heading,
    width: size.width,
    length: size.length,
    forward,
    starboard: { x: forward.y, y: -forward.x },
  };
}

/** A point of the base's frame: `along` mm towards the bow, `across` mm towards starboard, from the centre. */
export function pointOn(b: Base, along: number, across: number): Point {
  return add(b.center, add(scale(b.forward, along), scale(b.starboard, across)));
}

/** A table point in the base's frame: `along` towards the bow, `across` towards starboard. */
export function toLocal(b: Base, p: Point): { along: number; across: number } {
  const d = sub(p, b.center);
  return { along: dot(d, b.forward), across: dot(d, b.starboard) };
}

/** The four corners, clockwise: bow-port, bow-starboard, stern-starboard, stern-port. */
export function corners(b: Base): readonly [Point, Point, Point, Point] {
  const l = b.length / 2;
  const w = b.width / 2;
  return [pointOn(b, l, -w), pointOn(b, l, w), pointOn(b, -l, w), pointOn(b, -l, -w)];
}

/** One edge as a segment (bow and stern run port to starboard, the sides bow to stern). */
export function edge(b: Base, name: EdgeName): readonly [Point, Point] {
  const [bp, bs, ss, sp] = corners(b);
  switch (name) {
    case "bow":
      return [bp, bs];
    case "stern":
      return [sp, ss];
    case "port":
      return [bp, sp];
    case "starboard":
      return [bs, ss];
  }
}

/** The middle of the bow edge or of the stern edge. */
export const endPoint = (b: Base, end: "bow" | "stern"): Point => pointOn(b, end === "bow" ? b.length / 2 : -b.length / 2, 0);

/** Whether a point lies on or inside the base. */
export function contains(b: Base, p: Point, tolerance = 1e-9): boolean {
  const { along, across } = toLocal(b, p);
  return Math.abs(along) <= b.length / 2 + tolerance && Math.abs(across) <= b.width / 2 + tolerance;
}
