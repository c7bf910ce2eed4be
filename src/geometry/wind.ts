/**
 * A heading against the wind: how far off the wind a ship sails, and the point of sail a text's bands give it.
 */
import { angleGap, normalizeBearing } from "./vec.ts";

/** Degrees between the heading and the direction the wind blows FROM: 0 head to wind, 180 running before it. */
export function angleOffWind(heading: number, windFrom: number): number {
  return angleGap(heading, windFrom);
}

/** A band of angles off the wind, up to and including `upTo` degrees. */
export interface SailBand<N extends string> {
  readonly name: N;
  readonly upTo: number;
}

/** The band an angle off the wind falls in, with its distance in degrees from the nearest band edge. */
export function pointOfSail<N extends string>(angle: number, bands: readonly SailBand<N>[]): { band: N; margin: number } {
  const last = bands[bands.length - 1];
  if (!last) throw new Error("pointOfSail needs at least one band");
  const i = bands.findIndex((b) => angle <= b.upTo + 1e-9);
  const band = bands[i === -1 ? bands.length - 1 : i] ?? last;
  const edges = bands.slice(0, -1).map((b) => b.upTo);
  const margin = Math.min(Number.POSITIVE_INFINITY, ...edges.map((e) => Math.abs(angle - e)));
  return { band: band.name, margin };
}

/** The nearest of `points` compass points to a bearing (0 = N), with its distance in degrees from the half-way line. */
export function compassPoint(bearing: number, points: number): { index: number; margin: number } {
  const step = 360 / points;
  const b = normalizeBearing(bearing);
  const index = Math.round(b / step) % points;
  const off = angleGap(b, index * step);
  return { index, margin: step / 2 - off };
}
