import { afterEach, describe, expect, it } from "vitest";
import { type Clock, steppingClock } from "../../../devices/common/clock.ts";
import { type LinkState, ReconnectingLink } from "../../../devices/serial/reconnecting-link.ts";
import { SerialPortTransport, serialPortFactory } from "../../../devices/serial/serialport-transport.ts";
import type { SerialTransport, TransportClosed } from "../../../devices/serial/transport.ts";
import { PtyPair } from "../../../devices/testing/pty/pty-pair.ts";
import { until } from "../../support/wait.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function pair(): Promise<{ pty: PtyPair; a: SerialTransport; b: SerialTransport }> {
  const pty = new PtyPair("t");
  await pty.plug();
  const a = new SerialPortTransport({ path: pty.hostPath, baudRate: 115_200 });
  const b = new SerialPortTransport({ path: pty.devicePath, baudRate: 115_200 });
  await a.open();
  await b.open();
  cleanups.push(async () => {
    await a.close();
    await b.close();
    await pty.dispose();
  });
  return { pty, a, b };
}

describe("SerialPortTransport on a real pty pair", () => {
  it("carries bytes from one end to the other", async () => {
    const { a, b } = await pair();
    const got: number[] = [];
    b.onData((c) => got.push(...c));
    await a.write(Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00));
    await until(() => got.length === 6, "bytes");
    expect(got).toEqual([0, 0, 0xff, 0, 0xff, 0]);
  });

  it("fires onDisconnect once when the device vanishes; close() never fires it", async () => {
    const { pty, a, b } = await pair();
    const lostA: TransportClosed[] = [];
    const lostB: TransportClosed[] = [];
    a.onData(() => undefined);
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

  it("open() of a missing path rejects naming the path", async () => {
    const t = new SerialPortTransport({ path: "/dev/quarterdeck-missing", baudRate: 9600 });
    await expect(t.open()).rejects.toThrow(/\/dev\/quarterdeck-missing/);
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
    const pty = new PtyPair("l");
    await pty.plug();
    cleanups.push(() => pty.dispose());
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
