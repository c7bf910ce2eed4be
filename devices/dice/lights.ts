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
import { goDiceLight } from "./godice/light.ts";
import { LIGHT_PATTERNS } from "./light-patterns.ts";
import { pixelsLight } from "./pixels/light.ts";

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
