/**
 * The lights a die is asked to show, as patterns both families draw (devices/dice/lights.ts): colour, flashes,
 * length, softness, repeats. Hit and miss differ in rhythm as well as colour (three quick flashes, one long one), so
 * a player who cannot tell green from red still reads them.
 */
import type { DieLight } from "../readings.ts";

/** One light: its colour (0xRRGGBB), how many flashes over how long, and whether it repeats until stopped. */
export interface LightPattern {
  readonly color: number;
  readonly flashes: number;
  /** The whole pattern, ms. */
  readonly durationMs: number;
  /** Soft edges (the glow breathes); 0 sharp, 255 softest (Pixels only). */
  readonly fade: number;
  /** Times the pattern repeats (the glow: until the die is rolled, or {@link GLOW_LOOPS} at most). */
  readonly loops: number;
}

/** The glow repeats this many times at most (2 s each, about 4 min) unless stopped sooner. */
export const GLOW_LOOPS = 120;

/** Each light as a pattern; `off` stops whatever the die shows. */
export const LIGHT_PATTERNS: Readonly<Record<Exclude<DieLight, "off">, LightPattern>> = {
  hit: { color: 0x00ff00, flashes: 3, durationMs: 1500, fade: 0, loops: 1 },
  miss: { color: 0xff0000, flashes: 1, durationMs: 1500, fade: 0, loops: 1 },
  counted: { color: 0x0000ff, flashes: 1, durationMs: 800, fade: 0, loops: 1 },
  glow: { color: 0xffb000, flashes: 1, durationMs: 2000, fade: 255, loops: GLOW_LOOPS },
  "low-battery": { color: 0xff4000, flashes: 1, durationMs: 600, fade: 0, loops: 1 },
};
