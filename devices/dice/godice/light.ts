/** A light (devices/dice/light-patterns.ts) as a GoDice message (dice-ble §2.3). */
import type { DieLight } from "../../readings.ts";
import { LIGHT_PATTERNS } from "../light-patterns.ts";
import { blinkLeds, stopBlink } from "./messages.ts";

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
