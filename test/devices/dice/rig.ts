/** Test rig: emulated dice behind the real driver stack, with readings and health collected. */
import { afterEach, beforeEach, vi } from "vitest";
import type { DeviceHealth, DieRolled } from "../../../devices/readings.ts";
import { createEmulatedDice, type EmulatedDiceOptions } from "../../../devices/testing/ble/emulated-dice.ts";
import type { EmulatedGoDice } from "../../../devices/testing/ble/godice-die.ts";
import type { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";
import { until as waitUntil } from "../../support/wait.ts";

export async function rig(opts: Partial<EmulatedDiceOptions>) {
  const made = await createEmulatedDice({ pixels: [], godice: [], ...opts });
  const readings: DieRolled[] = [];
  const healths: DeviceHealth[] = [];
  made.source.onReading((r) => {
    if (r.type === "die.rolled") readings.push(r);
  });
  made.source.onHealth((h) => healths.push(h));
  const pixels = (id: string) => made.dice.get(id) as EmulatedPixelsDie;
  const godice = (id: string) => made.dice.get(id) as EmulatedGoDice;
  const health = (id: string) => made.source.health().find((h) => h.id === id);
  return { ...made, readings, healths, pixels, godice, health };
}

/** Waits (real timers) until `cond` holds, failing after 3 s. */
export const until = (cond: () => boolean, what = "condition"): Promise<void> => waitUntil(cond, what, 3000);

/** Lets microtask deliveries run (real timers). */
export const flush = () => new Promise((r) => setTimeout(r, 5));

/** Advances fake timers (and the microtasks between them). */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/**
 * Fake timers for every test of the calling file, and the current test's clean-up run after it (real timers
 * back). Returns the setter: `stopAfterTest(() => r.source.stop())`, or `null` once a test stopped it itself.
 */
export function fakeTimersPerTest(): (stop: (() => Promise<void>) | null) => void {
  let stop: (() => Promise<void>) | null = null;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await stop?.();
    stop = null;
    vi.useRealTimers();
  });
  return (next) => {
    stop = next;
  };
}
