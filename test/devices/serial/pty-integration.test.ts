/**
 * The one suite on real pty pairs (socat): the path a USB serial adapter takes, through the kernel's tty layer and
 * serialport's native binding, end to end. Every other serial suite runs on the in-memory serial pair
 * (devices/testing/serial), which is quicker and needs no socat; this one checks that what they show holds on a tty:
 * the transport (bytes, a vanished device node, reopening), a PN532 reader, NFC readers as the demo builds them,
 * an HCI controller answering the Reset probe, and that pty pairs leave nothing behind.
 *
 * Noble over an emulated HCI controller (test/devices/emulators/hci/) runs on ptys too, and only there: noble's UART
 * driver opens its port by path with serialport's native binding and takes no other.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { probeHciUart } from "../../../devices/ble/hci-reset-probe.ts";
import { steppingClock } from "../../../devices/common/clock.ts";
import { Pn532Reader } from "../../../devices/nfc/pn532/driver.ts";
import type { Reading, TagArrived, TagLeft } from "../../../devices/readings.ts";
import { type LinkState, ReconnectingLink } from "../../../devices/serial/reconnecting-link.ts";
import { SerialPortTransport, serialPortFactory } from "../../../devices/serial/serialport-transport.ts";
import type { TransportClosed } from "../../../devices/serial/transport.ts";
import { plugHciController } from "../../../devices/testing/hci/hci-uart.ts";
import { createEmulatedReaders } from "../../../devices/testing/nfc/emulated-readers.ts";
import { Pn532Emulator } from "../../../devices/testing/nfc/pn532-emulator.ts";
import { EmulatedSerialDevice } from "../../../devices/testing/nfc/serial-device.ts";
import { ntag } from "../../../devices/testing/nfc/tags.ts";
import { PtyPair } from "../../../devices/testing/pty/pty-pair.ts";
import { settle, until } from "../../support/wait.ts";
import { summary } from "../nfc/helpers.ts";

const logger = pino({ level: "silent" });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function plugged(name: string): Promise<PtyPair> {
  const pty = new PtyPair(name);
  await pty.plug();
  cleanups.push(() => pty.dispose());
  return pty;
}

describe("SerialPortTransport on a real pty pair", () => {
  it("carries bytes; the device node vanishing fires onDisconnect once; close() never fires it", async () => {
    const pty = await plugged("t");
    const a = new SerialPortTransport({ path: pty.hostPath, baudRate: 115_200 });
    const b = new SerialPortTransport({ path: pty.devicePath, baudRate: 115_200 });
    await a.open();
    await b.open();
    cleanups.push(async () => {
      await a.close();
      await b.close();
    });
    const got: number[] = [];
    b.onData((c) => got.push(...c));
    await a.write(Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00));
    await until(() => got.length === 6, "bytes");
    expect(got).toEqual([0, 0, 0xff, 0, 0xff, 0]);

    const lostA: TransportClosed[] = [];
    const lostB: TransportClosed[] = [];
    a.onDisconnect((r) => lostA.push(r));
    b.onDisconnect((r) => lostB.push(r));
    await b.close();
    await pty.unplug();
    await until(() => lostA.length === 1, "disconnect");
    expect(lostA[0]?.disconnected).toBe(true);
    expect(a.isOpen).toBe(false);
    expect(lostB).toEqual([]);
    await expect(a.write(Uint8Array.of(1))).rejects.toThrow(/not open/);
  });

  it("a ReconnectingLink reopens the tty when it comes back under the same path, with a fresh handshake", async () => {
    const pty = await plugged("l");
    const device = new SerialPortTransport({ path: pty.devicePath, baudRate: 9600 });
    await device.open();
    let handshakes = 0;
    const states: LinkState["status"][] = [];
    const link = new ReconnectingLink({
      serial: { path: pty.hostPath, baudRate: 9600 },
      factory: serialPortFactory,
      handshake: async () => void handshakes++,
      clock: steppingClock(),
      initialBackoffMs: 20,
    });
    link.onState((s) => states.push(s.status));
    cleanups.push(() => link.stop());
    await link.start();
    await device.close();
    await pty.unplug();
    await until(() => link.state.status === "missing", "missing");
    await pty.plug();
    await until(() => link.state.status === "connected", "back");
    expect(handshakes).toBe(2);
    expect(states.filter((s) => s === "connected")).toHaveLength(2);
  });
});

describe("NFC readers on a real pty", () => {
  it("PN532: handshake and polls through the tty; unplugged: missing naming the path; replugged: the held tag is no new arrival", async () => {
    const device = new EmulatedSerialDevice(new Pn532Emulator(), { name: "pn532", baudRate: 115_200 });
    await device.plug();
    cleanups.push(() => device.dispose());
    const reader = new Pn532Reader({
      id: "bow",
      path: device.hostPath,
      pollMs: 100,
      debounceMs: 500,
      responseTimeoutMs: 300,
      initialBackoffMs: 50,
      maxBackoffMs: 200,
      clock: steppingClock(),
      logger,
    });
    cleanups.push(() => reader.stop());
    const events: (TagArrived | TagLeft)[] = [];
    reader.onTag((e) => events.push(e));
    await reader.start();
    await until(() => reader.health().status === "connected", "reader connected");
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
    device.emulator.remove();
    await until(() => events.length === 2, "departure");
    expect(summary(events)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
  });

  it("the readers' full stack over emulators on ptys (PN532 and MFRC522): taps, disconnect and reconnect", async () => {
    const rig = await createEmulatedReaders([{ id: "bow" }, { id: "stern", kind: "mfrc522" }], {
      clock: steppingClock(),
      pollMs: 100,
      debounceMs: 500,
      over: "pty",
    });
    cleanups.push(() => rig.close());
    const readings: Reading[] = [];
    rig.source.onReading((r) => readings.push(r));
    await rig.source.start();
    await until(() => rig.source.health().every((h) => h.status === "connected"), "both connected");
    await rig.control.tap("bow", "04A23B5C1D6E80");
    await rig.control.tap("stern", "DEADBEEF");
    await until(() => readings.filter((r) => r.type === "tag.arrived").length === 2, "two arrivals");
    await rig.control.disconnect("bow");
    await until(() => rig.source.health()[0]?.status === "missing", "missing");
    await rig.control.reconnect("bow");
    await until(() => rig.source.health()[0]?.status === "connected", "reconnected", 10_000);
    await rig.control.lift("bow");
    await until(() => readings.some((r) => r.type === "tag.left" && r.readerId === "bow"), "left");
    expect(summary(readings.filter((r) => "readerId" in r && r.readerId === "bow"))).toEqual([
      "tag.arrived 04A23B5C1D6E80",
      "tag.left 04A23B5C1D6E80",
    ]);
  });
});

describe("an HCI controller on a real pty", () => {
  it("answers the HCI Reset probe at the UART speed, with its address; once it stops answering it is no adapter", async () => {
    const hci = await plugHciController({ name: "probe", address: "00:1b:dc:0a:00:42" });
    cleanups.push(() => hci.dispose());
    expect(await probeHciUart(hci.hostPath, { open: serialPortFactory })).toEqual({
      answered: true,
      port: hci.hostPath,
      baudRate: 1_000_000,
      address: "00:1b:dc:0a:00:42",
    });
    hci.controller.stopAnswering();
    expect(await probeHciUart(hci.hostPath, { open: serialPortFactory, timeoutMs: 100 })).toMatchObject({ answered: false });
  });
});

describe("pty pairs leave nothing behind", () => {
  it("unplug removes both links and ends socat; dispose removes the pair's directory", async () => {
    const pty = new PtyPair("gone");
    await pty.plug();
    expect(existsSync(pty.hostPath) && existsSync(pty.devicePath)).toBe(true);
    await pty.unplug();
    expect(pty.running).toBe(false);
    expect(existsSync(pty.hostPath) || existsSync(pty.devicePath)).toBe(false);
    expect(existsSync(dirname(pty.hostPath))).toBe(true);
    await pty.plug();
    await pty.dispose();
    expect(existsSync(dirname(pty.hostPath))).toBe(false);
  });
});
