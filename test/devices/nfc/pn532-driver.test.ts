import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { steppingClock } from "../../../devices/common/clock.ts";
import { Pn532Reader } from "../../../devices/nfc/pn532/driver.ts";
import type { DeviceHealth, TagArrived, TagLeft } from "../../../devices/readings.ts";
import { Pn532Emulator } from "../../../devices/testing/nfc/pn532-emulator.ts";
import { classic1k, ntag } from "../../../devices/testing/nfc/tags.ts";
import { MemorySerialDevice } from "../../../devices/testing/serial/memory-device.ts";
import { settle, until } from "../../support/wait.ts";
import { summary } from "./helpers.ts";

const logger = pino({ level: "silent" });

interface Rig {
  device: MemorySerialDevice<Pn532Emulator>;
  reader: Pn532Reader;
  events: (TagArrived | TagLeft)[];
  health: DeviceHealth[];
  clock: ReturnType<typeof steppingClock>;
}

let rig: Rig | null = null;

async function makeRig(options: { readNdef?: boolean; responseTimeoutMs?: number } = {}): Promise<Rig> {
  const device = new MemorySerialDevice(new Pn532Emulator(), { name: "pn532" });
  await device.plug();
  const clock = steppingClock();
  const reader = new Pn532Reader({
    id: "bow",
    path: device.hostPath,
    factory: device.factory,
    pollMs: 100,
    debounceMs: 500,
    responseTimeoutMs: 300,
    initialBackoffMs: 50,
    maxBackoffMs: 200,
    clock,
    logger,
    ...options,
  });
  const events: (TagArrived | TagLeft)[] = [];
  const health: DeviceHealth[] = [];
  reader.onTag((e) => events.push(e));
  reader.onHealth((h) => health.push(h));
  rig = { device, reader, events, health, clock };
  await reader.start();
  await until(() => reader.health().status === "connected", "reader connected");
  return rig;
}

afterEach(async () => {
  await rig?.reader.stop();
  await rig?.device.dispose();
  rig = null;
});

describe("PN532 driver over the in-memory serial pair", () => {
  it("runs the start-up sequence: SAMConfiguration, GetFirmwareVersion, MaxRetries, then polls", async () => {
    const { device } = await makeRig();
    await until(() => device.emulator.received.filter((c) => c === 0x4a).length >= 2, "polls");
    // the emulator kit's typed log: the commands in order; MaxRetries with two passive activations (the driver polls)
    const log = device.emulator.hostMessages.all().map((r) => r.message);
    expect(log.slice(0, 4).map((m) => m.command)).toEqual([
      "samConfiguration",
      "getFirmwareVersion",
      "rfConfiguration",
      "inListPassiveTarget",
    ]);
    expect(log[2]?.params).toEqual([0x05, 0xff, 0x01, 0x02]);
  });

  it("a tag held for 10 s is one arrival; lifting it is one departure", async () => {
    const { device, events, clock } = await makeRig();
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 1, "arrival");
    const t0 = clock.now();
    await until(() => clock.now() - t0 >= 10_000, "10 s of reader time", 20_000);
    device.emulator.remove();
    await until(() => events.length === 2, "departure");
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
    expect(events[1]?.at ?? 0).toBeGreaterThanOrEqual((events[0]?.at ?? 0) + 10_000);
  });

  it("tap, lift, tap again: two arrivals; swapping tags: left then arrived", async () => {
    const { device, events } = await makeRig();
    device.emulator.place(classic1k("DEADBEEF"));
    await until(() => events.length === 1, "first arrival");
    device.emulator.remove();
    await until(() => events.length === 2, "departure");
    device.emulator.place(classic1k("DEADBEEF"));
    await until(() => events.length === 3, "second arrival");
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 5, "swap");
    expect(summary(events)).toEqual([
      "tag.arrived DEADBEEF",
      "tag.left DEADBEEF",
      "tag.arrived DEADBEEF",
      "tag.left DEADBEEF",
      "tag.arrived 04A23B5C1D6E80",
    ]);
  });

  it("reads the ship id from the NDEF Text record when asked", async () => {
    const { device, events } = await makeRig({ readNdef: true });
    device.emulator.place(ntag("04A23B5C1D6E80", "ship-07"));
    await until(() => events.length === 1, "arrival");
    expect(events[0]).toMatchObject({ type: "tag.arrived", uid: "04A23B5C1D6E80", text: "ship-07" });
  });

  it("a long ship id across several READs on an NTAG215", async () => {
    const { device, events } = await makeRig({ readNdef: true });
    const id = "hms-royal-sovereign-of-the-seas-1637-first-rate";
    device.emulator.place(ntag("04112233445566", id, "ntag215"));
    await until(() => events.length === 1, "arrival");
    expect(events[0]).toMatchObject({ text: id });
  });

  it("duplicated responses are dropped, never taken as a second tap", async () => {
    const { device, events, reader } = await makeRig();
    device.emulator.faults.set({ duplicateNext: 50 });
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => device.emulator.faults.knobs.duplicateNext === 0, "duplicates sent");
    device.emulator.remove();
    await until(() => events.length === 2, "departure");
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
    expect(reader.stats.unsolicited).toBeGreaterThan(0);
  });

  it("dropped and corrupted responses cause no false departure and are counted", async () => {
    // each lost answer is waited out in real time: a shorter wait (the memory pair answers at once) keeps this quick
    const { device, events, reader } = await makeRig({ responseTimeoutMs: 100 });
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 1, "arrival");
    device.emulator.faults.set({ dropNext: 2, corruptNext: 3 });
    await until(() => device.emulator.faults.knobs.dropNext === 0 && device.emulator.faults.knobs.corruptNext === 0, "faults used");
    await settle(100);
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80"]);
    expect(reader.stats.rejected).toBeGreaterThan(0);
  });

  it("a slow PN532 (delayed answers) still gives one arrival", async () => {
    const { device, events } = await makeRig();
    device.emulator.faults.set({ delayMs: 40 });
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 1, "arrival");
    await settle(300);
    expect(events).toHaveLength(1);
  });

  it("unplugged: health says missing; replugged: it reopens, re-runs the handshake, and the held tag is not a new arrival", async () => {
    const { device, events, reader, health } = await makeRig();
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 1, "arrival");
    await device.unplug();
    await until(() => reader.health().status === "missing", "missing");
    expect(reader.health()).toMatchObject({ connected: false, message: expect.stringContaining(device.hostPath) });
    const handshakes = device.emulator.received.filter((c) => c === 0x14).length;
    await device.plug();
    await until(() => reader.health().status === "connected", "reconnected");
    await until(() => device.emulator.received.filter((c) => c === 0x4a).length > 0, "polling again");
    await settle(100);
    expect(device.emulator.received.filter((c) => c === 0x14).length).toBe(handshakes + 1);
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80"]);
    expect(health.map((h) => h.status)).toEqual(expect.arrayContaining(["connected", "missing"]));
  });

  it("a tag taken away while unplugged is reported left after the reconnect, once", async () => {
    const { device, events, reader } = await makeRig();
    device.emulator.place(ntag("04A23B5C1D6E80"));
    await until(() => events.length === 1, "arrival");
    await device.unplug();
    await until(() => reader.health().status === "missing", "missing");
    device.emulator.remove();
    await device.plug();
    await until(() => events.length === 2, "departure after reconnect");
    await settle(100);
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
  });
});

describe("PN532 driver, hardware problems", () => {
  it("a port that does not exist is `missing` with the path in the message; start does not reject", async () => {
    const reader = new Pn532Reader({ id: "x", path: "/dev/quarterdeck-no-such-tty", logger, initialBackoffMs: 10_000 });
    await reader.start();
    expect(reader.health()).toMatchObject({
      status: "missing",
      connected: false,
      message: expect.stringContaining("/dev/quarterdeck-no-such-tty"),
    });
    await reader.stop();
  });

  it("a port with nothing answering is reported, not hung on", async () => {
    const device = new MemorySerialDevice({ attach: () => undefined, detach: () => undefined }, { name: "silent" });
    await device.plug();
    const reader = new Pn532Reader({
      id: "x",
      path: device.hostPath,
      factory: device.factory,
      logger,
      responseTimeoutMs: 50,
      initialBackoffMs: 10_000,
    });
    try {
      await reader.start();
      expect(reader.health()).toMatchObject({ status: "unresponsive", message: expect.stringContaining("no answer") });
    } finally {
      await reader.stop();
      await device.dispose();
    }
  });
});
