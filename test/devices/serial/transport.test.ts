/**
 * The serial seam's contract (transport.ts) on serialport's own stream over the in-memory serial pair, and the
 * reconnecting link above it. The same adapter on a real pty is test/devices/serial/pty-integration.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Clock, steppingClock } from "../../../devices/common/clock.ts";
import { type LinkState, ReconnectingLink } from "../../../devices/serial/reconnecting-link.ts";
import { SerialPortTransport, serialPortFactory } from "../../../devices/serial/serialport-transport.ts";
import type { SerialTransport, TransportClosed } from "../../../devices/serial/transport.ts";
import { MemorySerialDevice, type SerialEmulator } from "../../../devices/testing/serial/memory-device.ts";
import { until } from "../../support/wait.ts";

/** The device end as the emulator sees it, kept for the test to write and read on. */
class DeviceEnd implements SerialEmulator {
  end: SerialTransport | null = null;
  attach(t: SerialTransport): void {
    this.end = t;
  }
  detach(): void {
    this.end = null;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function pair(): Promise<{ device: MemorySerialDevice<DeviceEnd>; a: SerialTransport; b: SerialTransport }> {
  const device = new MemorySerialDevice(new DeviceEnd(), { name: "t" });
  await device.plug();
  const a = device.factory({ path: device.hostPath, baudRate: 115_200 });
  await a.open();
  const b = device.emulator.end;
  if (!b) throw new Error("the device end is not attached");
  cleanups.push(async () => {
    await a.close();
    await device.dispose();
  });
  return { device, a, b };
}

describe("SerialPortTransport on the in-memory serial pair", () => {
  it("carries bytes both ways, in order, whatever the chunking", async () => {
    const { a, b } = await pair();
    const atDevice: number[] = [];
    const atHost: number[] = [];
    b.onData((c) => atDevice.push(...c));
    a.onData((c) => atHost.push(...c));
    await a.write(Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00));
    await until(() => atDevice.length === 6, "bytes at the device");
    expect(atDevice).toEqual([0, 0, 0xff, 0, 0xff, 0]);
    // a frame split over three writes arrives whole and in order (chunk boundaries carry no meaning)
    for (const chunk of [[0xd5], [0x4b, 0x01], [0x01, 0x00, 0x44]]) await b.write(Uint8Array.from(chunk));
    await until(() => atHost.length === 6, "bytes at the host");
    expect(atHost).toEqual([0xd5, 0x4b, 0x01, 0x01, 0x00, 0x44]);
  });

  it("fires onDisconnect once when the device vanishes; close() never fires it", async () => {
    const { device, a } = await pair();
    const lost: TransportClosed[] = [];
    a.onDisconnect((r) => lost.push(r));
    await device.unplug();
    await until(() => lost.length === 1, "disconnect");
    expect(lost[0]?.disconnected).toBe(true);
    expect(a.isOpen).toBe(false);
    await expect(a.write(Uint8Array.of(1))).rejects.toThrow(/not open/);

    await device.plug();
    await a.open();
    expect(a.isOpen).toBe(true);
    await a.close();
    await a.close();
    await device.unplug();
    await device.plug();
    await a.open();
    await device.unplug();
    await until(() => lost.length === 2, "the second open's disconnect");
    expect(lost).toHaveLength(2);
  });

  it("open() of a missing path rejects naming the path (native binding and in-memory one)", async () => {
    const t = new SerialPortTransport({ path: "/dev/quarterdeck-missing", baudRate: 9600 });
    await expect(t.open()).rejects.toThrow(/\/dev\/quarterdeck-missing/);
    const device = new MemorySerialDevice(new DeviceEnd(), { name: "gone" });
    await expect(device.factory({ path: device.hostPath, baudRate: 9600 }).open()).rejects.toThrow(/\/emulated\/gone/);
  });
});

describe("ReconnectingLink", () => {
  it("backs off 1 s, 2 s, 4 s … up to the cap while the device is missing", async () => {
    const clock = steppingClock();
    const sleeps: number[] = [];
    const recording: Clock = {
      now: clock.now,
      after: (ms, fn) => {
        sleeps.push(ms);
        return clock.after(ms, fn);
      },
    };
    const link = new ReconnectingLink({
      serial: { path: "/dev/quarterdeck-missing", baudRate: 9600 },
      factory: serialPortFactory,
      clock: recording,
      maxBackoffMs: 8000,
    });
    await link.start();
    expect(link.state.status).toBe("missing");
    await until(() => sleeps.length >= 6, "retries");
    await link.stop();
    expect(sleeps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(link.state.status).toBe("stopped");
  });

  it("reopens when the port comes back, with a fresh handshake, reporting each state change once", async () => {
    const device = new MemorySerialDevice(new DeviceEnd(), { name: "l" });
    await device.plug();
    cleanups.push(() => device.dispose());
    let handshakes = 0;
    const states: LinkState["status"][] = [];
    const link = new ReconnectingLink({
      serial: { path: device.hostPath, baudRate: 9600 },
      factory: device.factory,
      handshake: async () => void handshakes++,
      clock: steppingClock(),
      initialBackoffMs: 20,
    });
    link.onState((s) => states.push(s.status));
    cleanups.push(() => link.stop());
    await link.start();
    await device.unplug();
    await until(() => link.state.status === "missing", "missing");
    await device.plug();
    await until(() => link.state.status === "connected", "back");
    expect(handshakes).toBe(2);
    expect(states.filter((s) => s === "connected")).toHaveLength(2);
    expect(states.filter((s) => s === "missing").length).toBeGreaterThanOrEqual(1);
  });
});
