/**
 * The GAME SCALES table of the text (top of the text, 1.1): measure unit and range bands for the small and
 * large scale, metric (mm) and imperial (inches).
 */
import { fail, ok, type Result } from "../../result.ts";
import type { QuickfireSettings } from "./ship.ts";

export type Range = "point-blank" | "short" | "long";
export const RANGES: readonly Range[] = ["point-blank", "short", "long"];

interface Bands {
  readonly unit: "mm" | "in";
  readonly nauticalMile: number;
  /** Upper bound of each gunnery band (inclusive), in the unit. */
  readonly pointBlank: number;
  readonly short: number;
  readonly long: number;
  /** Torpedo range: minimum and maximum. */
  readonly torpedo: readonly [number, number];
}

/** Game Scales table: "Point Blank Range 0 - 100 / 0 - 4 / 0 - 200 / 0 - 8", "Short Range 100 - 600 …" etc. */
const SCALES: Readonly<Record<QuickfireSettings["scale"], Readonly<Record<QuickfireSettings["units"], Bands>>>> = {
  small: {
    metric: { unit: "mm", nauticalMile: 330, pointBlank: 100, short: 600, long: 1200, torpedo: [25, 100] },
    imperial: { unit: "in", nauticalMile: 13, pointBlank: 4, short: 24, long: 48, torpedo: [1, 4] },
  },
  large: {
    metric: { unit: "mm", nauticalMile: 660, pointBlank: 200, short: 1200, long: 2400, torpedo: [50, 200] },
    imperial: { unit: "in", nauticalMile: 26, pointBlank: 8, short: 48, long: 96, torpedo: [2, 8] },
  },
};

/** The bands of the table's scale setting. */
export function scaleBands(settings: QuickfireSettings): Bands {
  return SCALES[settings.scale][settings.units];
}

/**
 * The gunnery range band of a measured distance. The table's bands share their end points ("0 - 100",
 * "100 - 600"); a distance on a shared end point counts in the closer band.
 */
export function rangeBand(settings: QuickfireSettings, distance: number, path: string): Result<Range> {
  const b = scaleBands(settings);
  if (distance <= b.pointBlank) return ok("point-blank");
  if (distance <= b.short) return ok("short");
  if (distance <= b.long) return ok("long");
  return fail(
    "rules.out-of-range",
    `${distance} ${b.unit} is beyond long range (${b.long} ${b.unit} at the ${settings.scale} scale).`,
    path,
  );
}

/** Checks a torpedo distance against the torpedo range (minimum and maximum, 3.2). */
export function torpedoRangeCheck(settings: QuickfireSettings, distance: number, path: string): Result<number> {
  const b = scaleBands(settings);
  const [min, max] = b.torpedo;
  if (distance < min)
    return fail("rules.illegal", `${distance} ${b.unit} is inside the torpedo minimum range of ${min} ${b.unit} (3.2).`, path);
  if (distance > max) return fail("rules.out-of-range", `${distance} ${b.unit} is beyond torpedo range (${max} ${b.unit}).`, path);
  return ok(distance);
}

/** "one or more inches (25mm+)" (3.0 Gunnery Rating): the move that bars heavy fire at size 1–2 targets. */
export function movingForHeavyFire(settings: QuickfireSettings, moved: number): boolean {
  return settings.units === "imperial" ? moved >= 1 : moved >= 25;
}
