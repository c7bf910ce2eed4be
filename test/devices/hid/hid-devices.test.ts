import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { steppingClock } from "../../../devices/common/clock.ts";
import { createReaderSource } from "../../../devices/nfc/index.ts";
import { createPadSource, HidUnavailableError, nodeHidBackend } from "../../../devices/pad/index.ts";
import type { ButtonPressed, DeviceHealth, Reading } from "../../../devices/readings.ts";
import { EmulatedHidBackend } from "../../../devices/testing/hid/backend.ts";
import { createEmulatedPad, type EmulatedPad } from "../../../devices/testing/hid/emulated-pad.ts";
import { WedgeEmulator } from "../../../devices/testing/hid/wedge-emulator.ts";
import { runDevices } from "../../../host/cli/commands/devices.ts";
import { settle, until } from "../../support/wait.ts";
import { summary } from "../nfc/helpers.ts";

const logger = pino({ level: "silent" });
const noLibusb = () => Promise.reject(new Error("libusb-1.0.so.0: cannot open shared object file: No such file or directory"));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe("keyboard-wedge reader over the emulated HID backend", () => {
  async function rig() {
    const backend = new EmulatedHidBackend();
    const wedge = new WedgeEmulator({ vendorId: 0xffff, productId: 0x0035 });
    backend.plug(wedge);
    const clock = steppingClock();
    const source = createReaderSource([{ kind: "hid-wedge", id: "wedge", vendorId: 0xffff, productId: 0x0035, debounceMs: 1500 }], {
      hidBackend: backend,
      clock,
      logger,
    });
    const readings: Reading[] = [];
    source.onReading((r) => readings.push(r));
    await source.start();
    cleanups.push(() => source.stop());
    await until(() => source.health()[0]?.status === "connected", "connected");
    return { backend, wedge, source, readings };
  }

  it("a typed UID and Enter is one arrival; the reader typing it again at once is the same placement", async () => {
    const { wedge, readings } = await rig();
    await wedge.tap("04A23B5C1D6E80");
    await wedge.tap("04A23B5C1D6E80");
    await until(() => readings.length === 2, "arrival then inferred departure");
    expect(summary(readings)).toEqual(["tag.arrived 04A23B5C1D6E80", "tag.left 04A23B5C1D6E80"]);
  });

  it("duplicated reports do not double characters or arrivals", async () => {
    const { wedge, readings } = await rig();
    wedge.faults.set({ duplicateNext: 100 });
    await wedge.tap("DEADBEEF");
    await until(() => readings.length >= 1, "arrival");
    expect(readings[0]).toMatchObject({ type: "tag.arrived", readerId: "wedge", uid: "DEADBEEF" });
  });

  it("unplug → missing; replug → connected and reading", async () => {
    const { backend, wedge, source, readings } = await rig();
    backend.unplug(wedge);
    await until(() => source.health()[0]?.status === "missing", "missing");
    backend.plug(wedge);
    await until(() => source.health()[0]?.status === "connected", "reconnected");
    await wedge.tap("DEADBEEF");
    await until(() => readings.length >= 1, "arrival");
  });
});

describe("HID control pad", () => {
  async function pad(): Promise<{ p: EmulatedPad; presses: ButtonPressed[] }> {
    const p = await createEmulatedPad({ logger });
    const presses: ButtonPressed[] = [];
    p.source.onReading((r) => {
      if (r.type === "button.pressed") presses.push(r);
    });
    await p.source.start();
    cleanups.push(() => p.close());
    await until(() => p.source.health()[0]?.status === "connected", "pad connected");
    return { p, presses };
  }

  it("press(command) → one ButtonPressed with the pad id and the command", async () => {
    const { p, presses } = await pad();
    await p.control.press("confirm");
    await p.control.press("next-phase");
    await until(() => presses.length === 2, "two presses");
    expect(presses.map((x) => [x.deviceId, x.command])).toEqual([
      ["pad", "confirm"],
      ["pad", "next-phase"],
    ]);
  });

  it("duplicated reports are still one press", async () => {
    const { p, presses } = await pad();
    p.emulator.faults.set({ duplicateNext: 4 });
    await p.control.press("undo");
    await settle(20);
    expect(presses.map((x) => x.command)).toEqual(["undo"]);
  });

  it("disconnect → missing; reconnect → presses arrive again", async () => {
    const { p, presses } = await pad();
    await p.control.disconnect();
    await until(() => p.source.health()[0]?.status === "missing", "missing");
    await p.control.reconnect();
    await until(() => p.source.health()[0]?.status === "connected", "reconnected", 5000);
    await p.control.press("confirm");
    await until(() => presses.length === 1, "press after reconnect");
    await expect(p.control.press("fire-all")).rejects.toThrow(/no "fire-all" button/);
  });
});

describe("node-hid that cannot load (no libusb)", () => {
  it("the backend rejects with a HidUnavailableError that says what to install", async () => {
    const err = await nodeHidBackend(noLibusb)
      .devices()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HidUnavailableError);
    expect((err as Error).message).toMatch(/HID unavailable: .*libusb-1\.0\.so\.0.*apt-get install libusb-1\.0-0/);
  });

  it("a module that imports but whose native binding fails on first use is explained the same way", async () => {
    const lazyFailure = async () => ({
      devicesAsync: async () => [],
      HIDAsync: { open: async () => Promise.reject(new Error("unused")) },
      getHidapiVersion: () => {
        throw new Error("libusb-1.0.so.0: cannot open shared object file: No such file or directory");
      },
    });
    await expect(nodeHidBackend(lazyFailure).devices()).rejects.toThrow(/HID unavailable: .*apt-get install libusb-1\.0-0/);
  });

  it("the real node-hid loads here and lists devices (libusb is installed on this machine and in CI)", async () => {
    await expect(nodeHidBackend().devices()).resolves.toBeInstanceOf(Array);
  });

  it("a pad source keeps running and shows `unavailable` with the message", async () => {
    const source = createPadSource([{ id: "pad", vendorId: 1, productId: 2, buttons: [{ command: "confirm", button: 0 }] }], {
      backend: nodeHidBackend(noLibusb),
      logger,
    });
    const seen: DeviceHealth[] = [];
    source.onHealth((h) => seen.push(h));
    await source.start();
    cleanups.push(() => source.stop());
    expect(source.health()[0]).toMatchObject({ status: "unavailable", connected: false, message: expect.stringContaining("libusb") });
    expect(seen[0]?.status).toBe("unavailable");
  });

  it("a pad with a bad mapping is `misconfigured`, not a crash", async () => {
    const source = createPadSource([{ id: "pad", vendorId: 1, productId: 2, buttons: [{ command: "confirm" }] }], {
      backend: nodeHidBackend(noLibusb),
    });
    await source.start();
    expect(source.health()[0]).toMatchObject({ status: "misconfigured", message: expect.stringContaining("buttons[0]") });
    await source.stop();
  });

  it("`devices scan` explains it and still lists the rest", async () => {
    const result = await runDevices(
      ["scan"],
      { seconds: "0" },
      {
        hid: nodeHidBackend(noLibusb),
        listSerial: async () => [{ path: "/dev/ttyUSB0", vendorId: "0403", productId: "6001" }],
        scanBle: async () => ({ ok: false, message: "Bluetooth unavailable: EAFNOSUPPORT", adapters: [], lookups: [] }),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("/dev/ttyUSB0  (0403:6001)");
    expect(result.stdout).toMatch(/HID devices:\n {2}HID unavailable: node-hid could not be loaded/);
    expect(result.stdout).toContain("Bluetooth unavailable");
  });
});
