/** A light (devices/dice/light-patterns.ts) as a Pixels message (dice-ble §1.3, §1.6). */
import type { DieLight } from "../../readings.ts";
import { LIGHT_PATTERNS } from "../light-patterns.ts";
import { PixelsMessageType } from "./ids.ts";
import { blink } from "./messages.ts";

/** Host→die Pixels message for a light: a Blink on every face, or StopAllAnimations (`3B`) for `off`. */
export function pixelsLight(light: DieLight): Uint8Array {
  if (light === "off") return Uint8Array.of(PixelsMessageType.stopAllAnimations);
  const p = LIGHT_PATTERNS[light];
  return blink({ count: p.flashes, durationMs: p.durationMs, color: p.color, faceMask: 0xffffffff, fade: p.fade, loopCount: p.loops });
}
