/**
 * What a die is asked to show, as each family's LED messages (dice-ble §1.3, §1.6 and §2.3). The host says what a
 * die should show ({@link DieLight}); this file says how: Pixels by Blink (`1D`, checked byte for byte against
 * @systemic-games/pixels-core-connect's own `Pixel.blink`) and StopAllAnimations (`3B`); GoDice by its blink command
 * (`10 n on off r g b mode leds`, both LEDs in parallel as the JS API's `pulseLed`) and stop blinking (`14`).
 *
 * Hit and miss differ in rhythm as well as colour (three quick flashes, one long one), so a player who cannot tell
 * green from red still reads them. `readDieLight` reads the bytes back (the emulated dice record what they were shown).
 */
import type { DieLight } from "../readings.ts";
import { blinkLeds, stopBlink } from "./godice/messages.ts";
import { PixelsMessageType } from "./pixels/ids.ts";
import { blink } from "./pixels/messages.ts";

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

/** Host→die Pixels message for a light: a Blink on every face, or StopAllAnimations (`3B`) for `off`. */
export function pixelsLight(light: DieLight): Uint8Array {
  if (light === "off") return Uint8Array.of(PixelsMessageType.stopAllAnimations);
  const p = LIGHT_PATTERNS[light];
  return blink({ count: p.flashes, durationMs: p.durationMs, color: p.color, faceMask: 0xffffffff, fade: p.fade, loopCount: p.loops });
}

/**
 * Host→die GoDice message for a light: the blink command (on and off times in 10 ms units; 255 pulses = until
 * stopped, which the glow uses), or stop blinking (`14`) for `off`. GoDice has no fade.
 */
export function goDiceLight(light: DieLight): Uint8Array {
  if (light === "off") return stopBlink();
  const p = LIGHT_PATTERNS[light];
  const half = p.durationMs / p.flashes / 2;
  return blinkLeds({ pulses: p.loops > 1 ? 255 : p.flashes, onMs: half, offMs: half, color: p.color });
}

/** The message for a light in a die's family. */
export function lightMessage(family: "pixels" | "godice", light: DieLight): Uint8Array {
  return family === "pixels" ? pixelsLight(light) : goDiceLight(light);
}

/** Reads a host→die message back as the light it shows, or null when it is none of ours (identify, init …). */
export function readDieLight(family: "pixels" | "godice", bytes: Uint8Array): DieLight | null {
  for (const light of [...(Object.keys(LIGHT_PATTERNS) as DieLight[]), "off" as const]) {
    const want = lightMessage(family, light);
    if (want.length === bytes.length && want.every((b, i) => b === bytes[i])) return light;
  }
  return null;
}
