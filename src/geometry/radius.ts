/**
 * Ships within a distance of a ship, base to base: Sole Bay's "all ships within 1D6 inches" of an explosion, "an
 * enemy vessel within gunnery range (12")", Age of Sail's "within 12cm of this explosion".
 */
import type { Base } from "./base.ts";
import { baseGap } from "./distance.ts";

/** One ship's distance from the centre ship and how far it is from the radius (positive inside). */
export interface WithinRadius {
  readonly id: string;
  readonly distance: number;
  readonly inside: boolean;
  /** radius − distance, in mm. */
  readonly margin: number;
}

/** Every other base with its distance from `center`, inside the radius (distance ≤ radius) or not, nearest first. */
export function shipsAround(center: Base, others: ReadonlyArray<{ id: string; base: Base }>, radius: number): WithinRadius[] {
  return others
    .map(({ id, base }) => {
      const d = baseGap(center, base).distance;
      return { id, distance: d, inside: d <= radius, margin: radius - d };
    })
    .sort((a, b) => a.distance - b.distance);
}
