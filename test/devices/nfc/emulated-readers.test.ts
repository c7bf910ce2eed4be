import { afterEach, describe, expect, it } from "vitest";
import { createEmulatedReaders, type EmulatedReaders } from "../../../devices/nfc/index.ts";
import type { Reading } from "../../../devices/readings.ts";
import { steppingClock } from "../../../devices/serial/clock.ts";

/** Waits (real time, bounded) until `predicate` holds. */
async function until(predicate: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("createEmulatedReaders (PN532 emulator on a real pty)", () => {
  let rig: EmulatedReaders | null = null;
  afterEach(async () => {
    await rig?.close();
    rig = null;
  });

  it("tap → one arrival, held 10 s → still one, lift → one left", async () => {
    const clock = steppingClock();
    rig = await createEmulatedReaders([{ id: "r1" }], { clock, pollMs: 100, debounceMs: 500 });
    const readings: Reading[] = [];
    rig.source.onReading((r) => readings.push(r));
    await rig.source.start();
    await until(() => rig?.source.health()[0]?.status === "connected", "connected");
    await rig.control.tap("r1", "04A23B5C1D6E80");
    await until(() => readings.length === 1, "arrival");
    const t0 = clock.now();
    await until(() => clock.now() - t0 >= 10_000, "10 s of reader time", 20_000);
    expect(readings).toEqual([expect.objectContaining({ type: "tag.arrived", readerId: "r1", uid: "04A23B5C1D6E80" })]);
    await rig.control.lift("r1");
    await until(() => readings.length === 2, "left");
    expect(readings[1]).toMatchObject({ type: "tag.left", readerId: "r1", uid: "04A23B5C1D6E80" });
  });
});
