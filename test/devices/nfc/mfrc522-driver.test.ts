import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { steppingClock } from "../../../devices/common/clock.ts";
import { Mfrc522Reader } from "../../../devices/nfc/mfrc522/driver.ts";
import type { TagArrived, TagLeft } from "../../../devices/readings.ts";
import { Mfrc522Emulator, type Mfrc522EmulatorOptions } from "../../../devices/testing/nfc/mfrc522-emulator.ts";
import { classic1k } from "../../../devices/testing/nfc/tags.ts";
import { MemorySerialDevice } from "../../../devices/testing/serial/memory-device.ts";
import { settle, until } from "../../support/wait.ts";
import { summary } from "./helpers.ts";

const logger = pino({ level: "silent" });
let cleanup: (() => Promise<void>) | null = null;

afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function makeRig(emulator: Mfrc522EmulatorOptions = {}, debounceMs = 1500) {
  const device = new MemorySerialDevice(new Mfrc522Emulator(emulator), { name: "mfrc" });
  await device.plug();
  const clock = steppingClock();
  const reader = new Mfrc522Reader({
    id: "stern",
    path: device.hostPath,
    factory: device.factory,
    debounceMs,
    clock,
    logger,
    initialBackoffMs: 50,
    maxBackoffMs: 200,
  });
  const events: (TagArrived | TagLeft)[] = [];
  reader.onTag((e) => events.push(e));
  cleanup = async () => {
    await reader.stop();
    await device.dispose();
  };
  await reader.start();
  await until(() => reader.health().status === "connected", "connected");
  return { device, reader, events, clock };
}

describe("MFRC522 sketch reader over the in-memory serial pair", () => {
  it("DumpInfo: one card report → one arrival; departure inferred after the debounce", async () => {
    const { device, events } = await makeRig();
    device.emulator.place("04A23B5C1D6E80");
    await until(() => events.length === 2, "arrival and inferred departure");
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
    expect((events[1]?.at ?? 0) - (events[0]?.at ?? 0)).toBeGreaterThanOrEqual(1500);
  });

  it("a sketch that repeats the UID while the card stays: one arrival however many repeats", async () => {
    const { device, events } = await makeRig({ repeatMs: 20 }, 60_000);
    device.emulator.place(classic1k("DEADBEEF"));
    await until(() => events.length === 1, "arrival");
    await settle(400);
    expect(summary(events)).toEqual(["tag.arrived DEADBEEF"]);
  });

  it("ReadNUID output style", async () => {
    const { device, events } = await makeRig({ sketch: "readnuid" });
    device.emulator.place(classic1k("DEADBEEF"));
    await until(() => events.length >= 1, "arrival");
    expect(events[0]).toMatchObject({ type: "tag.arrived", readerId: "stern", uid: "DEADBEEF" });
  });

  it("a duplicated line is not a second arrival; a corrupted line is ignored", async () => {
    const { device, events } = await makeRig({}, 60_000);
    device.emulator.faults.set({ duplicateNext: 3 });
    device.emulator.place("04A23B5C1D6E80");
    await until(() => events.length === 1, "arrival");
    device.emulator.faults.set({ corruptNext: 1 });
    device.emulator.place(classic1k("DEADBEEF"));
    await settle(200);
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80"]);
  });

  it("unplug → missing; replug → connected and reading again", async () => {
    const { device, events, reader } = await makeRig({}, 60_000);
    await device.unplug();
    await until(() => reader.health().status === "missing", "missing");
    await device.plug();
    await until(() => reader.health().status === "connected", "reconnected");
    device.emulator.place(classic1k("DEADBEEF"));
    await until(() => events.length === 1, "arrival after reconnect");
  });
});
