import { afterEach, describe, expect, it } from "vitest";
import { steppingClock } from "../../../devices/common/clock.ts";
import type { Reading } from "../../../devices/readings.ts";
import { createEmulatedReaders, type EmulatedReaders } from "../../../devices/testing/nfc/emulated-readers.ts";
import { settle, until } from "../../support/wait.ts";
import { summary } from "./helpers.ts";

describe("createEmulatedReaders: the full driver stack over emulators on the in-memory serial pair", () => {
  let rig: EmulatedReaders | null = null;
  afterEach(async () => {
    await rig?.close();
    rig = null;
  });

  it("two readers (PN532 and MFRC522): taps go to the right reader, health is per reader and emulated", async () => {
    const clock = steppingClock();
    rig = await createEmulatedReaders([{ id: "bow" }, { id: "stern", kind: "mfrc522" }], { clock, pollMs: 100, debounceMs: 500 });
    const readings: Reading[] = [];
    rig.source.onReading((r) => readings.push(r));
    await rig.source.start();
    await until(() => rig?.source.health().every((h) => h.status === "connected") === true, "both connected");
    expect(rig.source.health().map((h) => [h.id, h.family, h.emulated])).toEqual([
      ["bow", "pn532", true],
      ["stern", "mfrc522", true],
    ]);
    rig.faults("bow").set({ duplicateNext: 10 });
    await rig.control.tap("bow", "04A23B5C1D6E80");
    await rig.control.tap("stern", "DEADBEEF");
    await until(() => readings.filter((r) => r.type === "tag.arrived").length === 2, "two arrivals");
    const arrivals = readings.filter((r) => r.type === "tag.arrived").map((r) => r.type === "tag.arrived" && `${r.readerId} ${r.uid}`);
    expect(arrivals.sort()).toEqual(["bow 04A23B5C1D6E80", "stern DEADBEEF"]);
    await rig.source.start();
    await settle(100);
    expect(readings.filter((r) => r.type === "tag.arrived")).toHaveLength(2);
  });

  it("tap, hold 10 s, lift; disconnect and reconnect through the control", async () => {
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
    await rig.control.disconnect("r1");
    await until(() => rig?.source.health()[0]?.status === "missing", "missing");
    await rig.control.reconnect("r1");
    await until(() => rig?.source.health()[0]?.status === "connected", "reconnected", 10_000);
    await rig.control.lift("r1");
    await until(() => readings.length === 2, "left");
    await settle(50);
    expect(summary(readings)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
  });

  it("an unknown reader id or a non-hex uid is an error naming it", async () => {
    rig = await createEmulatedReaders([{ id: "r1" }]);
    await expect(rig.control.tap("nope", "04A2")).rejects.toThrow(/no emulated reader "nope"/);
    await expect(rig.control.tap("r1", "not-hex")).rejects.toThrow(/not a UID/);
  });
});
