/** From the table file to readings: `dial.bridgeReaders` gives a DeviceSource of the bridge board's readers. */
import { describe, expect, it } from "vitest";
import { createBridgeReaderSource } from "../../devices/bridge/source.ts";
import type { Reading } from "../../devices/readings.ts";
import { createEmulatedDial } from "../../devices/testing/firmata/emulated-dial.ts";
import { EmulatedBridgeNfc } from "../../devices/testing/firmata/index.ts";
import { createDial, parseDialConfig } from "../../devices/wind-dial/index.ts";
import { until } from "../support/wait.ts";
import { closeAfterEach } from "./helpers.ts";

const closers = closeAfterEach();

describe("dial.bridgeReaders", () => {
  it("is checked with the dial's configuration: 1–4, absent on a StandardFirmata board", () => {
    const plain = parseDialConfig({ port: "/dev/ttyACM0" });
    expect(plain.ok && plain.value.bridgeReaders).toBeUndefined();
    const bridge = parseDialConfig({ port: "/dev/ttyUSB0", pin: 5, bridgeReaders: 4 });
    expect(bridge.ok && bridge.value.bridgeReaders).toBe(4);
    const bad = parseDialConfig({ port: "/dev/ttyUSB0", bridgeReaders: 5 }, "devices.dial");
    expect(bad.ok ? [] : bad.error).toEqual([expect.stringContaining("devices.dial/bridgeReaders")]);
  });

  it("makes the bridge readers one DeviceSource on the dial's line; none without it", async () => {
    const parsed = parseDialConfig({ port: "sim", pin: 5, degreesPerSecond: 0, bridgeReaders: 2 });
    if (!parsed.ok) throw new Error(parsed.error.join("; "));
    const { dial, control, close } = await createEmulatedDial(parsed.value);
    closers.push(close);
    expect(createBridgeReaderSource(dial, { ...parsed.value, bridgeReaders: undefined })).toBeNull();
    const nfc = new EmulatedBridgeNfc(control.board, 2, true);
    const source = createBridgeReaderSource(dial, parsed.value, { emulated: true });
    if (!source) throw new Error("no source");
    closers.unshift(() => source.stop());
    const readings: Reading[] = [];
    source.onReading((r) => readings.push(r));
    await source.start();
    await dial.start();
    await until(() => source.health().every((h) => h.status === "connected"), "both readers connected");
    expect(source.health().map((h) => h.id)).toEqual(["bridge:0", "bridge:1"]);
    nfc.place(1, "04A23B5C1D6E80");
    await until(() => readings.length === 1, "arrival");
    nfc.lift(1);
    await until(() => readings.length === 2, "departure");
    expect(readings.map((r) => ("readerId" in r ? `${r.type} ${r.readerId} ${r.uid}` : r.type))).toEqual([
      "tag.arrived bridge:1 04A23B5C1D6E80",
      "tag.left bridge:1 04A23B5C1D6E80",
    ]);
  });
});

describe("bridge readers while the board cannot be reached", () => {
  it("say so, with the board's reason", async () => {
    const parsed = parseDialConfig({ port: "/dev/quarterdeck-no-such-board", pin: 5, bridgeReaders: 2 });
    if (!parsed.ok) throw new Error(parsed.error.join("; "));
    const dial = createDial(parsed.value);
    const source = createBridgeReaderSource(dial, parsed.value);
    if (!source) throw new Error("no source");
    closers.push(
      () => source.stop(),
      () => dial.stop(),
    );
    await source.start();
    await dial.start();
    await until(() => source.health().every((h) => h.status === "missing"), "readers missing with the board");
    expect(source.health()[0]?.message).toMatch(/bridge board is not reachable: .*no-such-board/);
  });
});
