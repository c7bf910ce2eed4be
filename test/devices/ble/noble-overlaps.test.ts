/**
 * Calls that overlap in noble, against a stand-in that keeps noble's rule: one completion callback per event
 * (`onceExclusive`, @stoprocent/noble 2.8), so a second call before the first completes drops the first's
 * callback. The central and the peripheral handle must not be left waiting for ever by that.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import { noblePeripheral } from "../../../devices/ble/noble-peripheral.ts";
import type { NoblePeripheral } from "../../../devices/ble/noble-types.ts";
import { ManualClock } from "../../support/manual-clock.ts";

/** noble's `onceExclusive`: a new callback for an event replaces the one still waiting. */
class ExclusiveEmitter extends EventEmitter {
  #waiting = new Map<string, (...args: unknown[]) => void>();
  onceExclusive(event: string, callback: (...args: unknown[]) => void): void {
    const prev = this.#waiting.get(event);
    if (prev) this.removeListener(event, prev);
    const wrapped = (...args: unknown[]) => {
      this.#waiting.delete(event);
      callback(...args);
    };
    this.#waiting.set(event, wrapped);
    this.once(event, wrapped);
  }
}

/** A noble whose scan completes only when the test emits `scanStart` / `scanStop`, as noble does. */
function standInNoble() {
  const noble = Object.assign(new ExclusiveEmitter(), {
    state: "poweredOn",
    startScanningAsync: vi.fn(
      (_u?: string[], _d?: boolean) => new Promise<void>((resolve) => noble.onceExclusive("scanStart", () => resolve())),
    ),
    stopScanningAsync: vi.fn(() => new Promise<void>((resolve) => noble.onceExclusive("scanStop", () => resolve()))),
  });
  return noble;
}

describe("overlapping calls into noble", () => {
  it("a start still waiting when the restart after a scanStop asks again resolves once noble scans", async () => {
    const noble = standInNoble();
    const clock = new ManualClock();
    const central = createNobleCentral({ load: async () => noble, clock });
    await central.whenSettled();
    let started = false;
    const start = central.startScan({ allowDuplicates: true }).then(() => (started = true));
    await clock.advance(1);
    // a connection stops the scan before it started; the restart 250 ms later asks noble again, replacing the
    // first start's callback
    noble.emit("scanStop");
    await clock.advance(250);
    expect(noble.startScanningAsync).toHaveBeenCalledTimes(2);
    noble.emit("scanStart", false);
    await Promise.race([start, clock.advance(5)]); // before the fix, `start` never settled
    expect(started).toBe(true);
    const stop = central.stopScan();
    void noble.stopScanningAsync(); // another stop, replacing the central's callback
    noble.emit("scanStop");
    await expect(stop).resolves.toBeUndefined();
    const closing = central.close();
    noble.emit("scanStop");
    await closing;
  });

  it("a disconnect while connecting cancels the attempt at once, so no stale cancel comes later", async () => {
    const p = Object.assign(new ExclusiveEmitter(), {
      id: "d43a2c112233",
      rssi: -70,
      state: "disconnected",
      advertisement: {},
      connectAsync: vi.fn(() => new Promise<void>((resolve, reject) => p.onceExclusive("connect", (e) => (e ? reject(e) : resolve())))),
      cancelConnect: vi.fn(() => p.emit("connect", new Error("connection canceled!"))),
      disconnectAsync: vi.fn(async () => undefined),
      updateRssiAsync: vi.fn(async () => -70),
      discoverServicesAsync: vi.fn(async () => []),
    });
    const clock = new ManualClock();
    const handle = noblePeripheral(p as unknown as NoblePeripheral, clock);
    const attempt = handle.connect();
    const outcome = expect(attempt).rejects.toThrow(/canceled/);
    await handle.disconnect();
    expect(p.cancelConnect).toHaveBeenCalledOnce(); // before the fix, only by the connect's timeout 10 s later
    await outcome;
    await clock.advance(10_000);
    expect(p.cancelConnect).toHaveBeenCalledOnce();
  });
});
