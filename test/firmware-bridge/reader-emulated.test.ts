/** The bridge NFC readers over the in-process emulated bridge (fast; the real firmware runs in bridge-fitl). */
import { describe, expect, it } from "vitest";
import type { TagArrived, TagLeft } from "../../devices/readings.ts";
import { createEmulatedBridge } from "../../devices/testing/firmata/emulated-bridge.ts";
import { until } from "../support/wait.ts";
import { closeAfterEach } from "./helpers.ts";

const closers = closeAfterEach();

async function bridge(readers = 4) {
  const b = await createEmulatedBridge({ degreesPerSecond: 0 }, { readers });
  closers.push(b.close);
  const events: string[] = [];
  for (const r of b.readers) {
    r.onTag((e: TagArrived | TagLeft) => events.push(`${e.type} ${e.readerId} ${e.uid}`));
    await r.start();
  }
  await b.dial.start();
  await until(() => b.readers.every((r) => r.health().status === "connected"), "readers connected");
  return { ...b, events };
}

describe("bridge readers over the emulated bridge", () => {
  it("are ordinary readers: one arrival and one departure per placement, ids bridge:0…3", async () => {
    const { control, events, readers } = await bridge();
    expect(readers.map((r) => r.readerId)).toEqual(["bridge:0", "bridge:1", "bridge:2", "bridge:3"]);
    await control.tap("bridge:1", "04a23b5c1d6e80");
    await control.tap("bridge:1", "04A23B5C1D6E80"); // the same tag again: nothing new
    await control.lift("bridge:1");
    await until(() => events.length === 2, "two events");
    expect(events).toEqual(["tag.arrived bridge:1 04A23B5C1D6E80", "tag.left bridge:1 04A23B5C1D6E80"]);
    await expect(control.tap("pn532:0", "00")).rejects.toThrow(/not a bridge reader/);
    await expect(control.tap("bridge:9", "00")).rejects.toThrow(/no reader 9/);
  });

  it("ignores duplicated bytes on the line (each report once)", async () => {
    const { control, events } = await bridge();
    control.link.faults.set({ duplicate: 1 });
    await control.tap("bridge:0", "DEADBEEF");
    await control.lift("bridge:0");
    await until(() => events.length >= 2, "events");
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(["tag.arrived bridge:0 DEADBEEF", "tag.left bridge:0 DEADBEEF"]);
  });

  it("after a reconnect: a tag still there is not doubled, one lifted meanwhile is reported left once", async () => {
    const { control, events, readers, dial } = await bridge();
    await control.tap("bridge:0", "DEADBEEF");
    await control.tap("bridge:2", "CAFEF00D");
    await until(() => events.length === 2, "arrivals");
    await control.disconnect();
    await until(() => readers.every((r) => r.health().status === "reconnecting"), "readers reconnecting");
    control.nfc.lift(2); // taken off while the cable was out: the host cannot hear it now
    await control.reconnect();
    await until(() => dial.health().status === "connected", "dial back");
    await until(() => events.length === 3, "the stale tag reported left");
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual(["tag.arrived bridge:0 DEADBEEF", "tag.arrived bridge:2 CAFEF00D", "tag.left bridge:2 CAFEF00D"]);
  });

  it("reports a missing reader with a message, and readers a bridge without multiplexer does not have", async () => {
    const { control, readers } = await bridge();
    control.nfc.setMissing(3, true);
    await until(() => readers[3]?.health().status === "missing", "reader 3 missing");
    expect(readers[3]?.health().message).toMatch(/no PN532/);
    const single = await createEmulatedBridge({ degreesPerSecond: 0 }, { readers: 1 });
    closers.push(single.close);
    for (const r of single.readers) await r.start();
    await single.dial.start();
    expect(single.readers).toHaveLength(1);
    await until(() => single.readers[0]?.health().status === "connected", "single reader");
  });
});
