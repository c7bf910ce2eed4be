/**
 * `quarterdeck devices scan` finding Bluetooth adapters: an emulated HCI controller on a real pty pair answers the
 * HCI Reset probe and its dice are heard through the unmodified noble (whose UART driver opens the port by path with
 * serialport's native binding, so these need a tty); a port with something else behind it, or a controller that
 * stopped answering, does not answer (on the in-memory serial pair); no adapter at all is a clear sentence and exit
 * code 0.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { bluezAdapters, kernelHciAdapters } from "../../../../devices/ble/adapter-lookup.ts";
import { findCommandComplete, probeHciUart } from "../../../../devices/ble/hci-reset-probe.ts";
import { steppingClock, systemClock } from "../../../../devices/common/clock.ts";
import { nodeHidBackend } from "../../../../devices/hid/node-hid-backend.ts";
import { serialPortFactory } from "../../../../devices/serial/serialport-transport.ts";
import type { SerialOptions, SerialTransport } from "../../../../devices/serial/transport.ts";
import { EmulatedCentral } from "../../../../devices/testing/ble/central.ts";
import { EmulatedGoDice } from "../../../../devices/testing/ble/godice-die.ts";
import { EmulatedPixelsDie } from "../../../../devices/testing/ble/pixels-die.ts";
import { HciController, plugHciController } from "../../../../devices/testing/hci/hci-uart.ts";
import { MemorySerialDevice, type SerialEmulator } from "../../../../devices/testing/serial/memory-device.ts";
import { runDevices, type ScanDeps } from "../../../../host/cli/commands/devices.ts";
import { type BleScanDeps, scanBle } from "../../../../host/cli/commands/scan-ble.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** This machine as a Linux box without kernel Bluetooth and without a system bus, whatever the real one has. */
const noBluetoothHere: BleScanDeps = {
  kernel: () => kernelHciAdapters("/nonexistent/sys/class/bluetooth"),
  bluez: () => bluezAdapters({ env: { DBUS_SYSTEM_BUS_ADDRESS: "unix:path=/nonexistent/system_bus_socket" } }),
  platform: "linux",
};

function deps(over: Partial<ScanDeps> = {}): ScanDeps {
  return {
    hid: nodeHidBackend(() => Promise.reject(new Error("no libusb"))),
    listSerial: async () => [],
    scanBle: (seconds, ports) => scanBle(seconds, ports, noBluetoothHere),
    progress: { countdown: () => () => undefined, step: () => () => undefined },
    ...over,
  };
}

/** A serial device that chatters and never speaks HCI (an Arduino printing its boot banner). */
class Chatterbox implements SerialEmulator {
  #t: SerialTransport | null = null;
  attach(t: SerialTransport): void {
    this.#t = t;
    t.onData(() => void this.#t?.write(new TextEncoder().encode("READY\r\n\x04\x0e")).catch(() => undefined));
  }
  detach(): void {
    this.#t = null;
  }
}

describe("devices scan: Bluetooth adapters", () => {
  it("finds the emulated HCI controller on a pty by its Reset answer, and the dice it hears", async () => {
    const hci = await plugHciController({ name: "scan-hci", address: "00:1b:dc:0a:00:42" });
    cleanups.push(() => hci.dispose());
    hci.controller.add(new EmulatedPixelsDie({ id: "px1", kind: "d20", clock: systemClock }));
    hci.controller.add(new EmulatedGoDice({ id: "gd1", shell: "d6", clock: systemClock }));
    const r = await runDevices(["scan"], { seconds: "0.5", json: true, port: [hci.hostPath] }, deps());
    expect(r.code).toBe(0);
    const ble = JSON.parse(r.stdout).ble;
    expect(ble.ok).toBe(true);
    expect(ble.adapters).toHaveLength(1);
    const [adapter] = ble.adapters;
    expect(adapter).toMatchObject({
      name: hci.hostPath,
      via: "uart",
      address: "00:1b:dc:0a:00:42",
      config: { binding: "uart", port: hci.hostPath, baudRate: 1_000_000 },
      ok: true,
    });
    expect(adapter.dice.map((d: { family: string }) => d.family).sort()).toEqual(["godice", "pixels"]);
    expect(adapter.dice.find((d: { family: string }) => d.family === "pixels").advert).toMatchObject({ dieType: "d20" });
    expect(ble.lookups.map((l: { via: string; ok: boolean }) => [l.via, l.ok])).toEqual([
      ["kernel", false],
      ["dbus", false],
      ["uart", true],
    ]);
  });

  it("prints each adapter with its table-file entry and the dice under it", async () => {
    const hci = await plugHciController({ name: "scan-hci-text" });
    cleanups.push(() => hci.dispose());
    hci.controller.add(new EmulatedPixelsDie({ id: "px7", kind: "d6", clock: systemClock }));
    const r = await runDevices(["scan"], { seconds: "0.5", port: [hci.hostPath] }, deps());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${hci.hostPath} (00:1b:dc:0a:00:01) — table file: devices.ble: [{ binding: uart, port: ${hci.hostPath}`);
    expect(r.stdout).toMatch(/\n {4}pixels px7 /);
    expect(r.stdout).toContain("serial HCI: 1 of 1 serial ports answered an HCI Reset");
  });

  it("no adapter: says Bluetooth is unavailable and why for each kind, exit code 0", async () => {
    const chatter = new MemorySerialDevice(new Chatterbox(), { name: "chatter" });
    await chatter.plug();
    cleanups.push(() => chatter.dispose());
    // the chatterbox on the in-memory pair, any other path through serialport's native binding; the probe's
    // waits for an answer on a stepping clock (nothing will answer: no need to wait them out)
    const open = (o: SerialOptions) => (o.path === chatter.hostPath ? chatter.factory(o) : serialPortFactory(o));
    const probe = (port: string) => probeHciUart(port, { open, clock: steppingClock() });
    const scanBleHere: ScanDeps["scanBle"] = (seconds, ports) => scanBle(seconds, ports, { ...noBluetoothHere, probe });
    const r = await runDevices(
      ["scan"],
      { seconds: "0", port: [chatter.hostPath, "/dev/nonexistent-dongle"] },
      deps({ scanBle: scanBleHere }),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Bluetooth unavailable: no Bluetooth adapter found. Dice can still be typed in by hand.");
    expect(r.stdout).toContain("kernel HCI: none — this kernel has no Bluetooth (/nonexistent/sys/class/bluetooth does not exist)");
    expect(r.stdout).toContain("D-Bus (BlueZ): none — no D-Bus system bus (/nonexistent/system_bus_socket does not exist), so no BlueZ");
    expect(r.stdout).toContain("serial HCI: none — 0 of 2 serial ports answered an HCI Reset");
    expect(r.stdout).toContain(`${chatter.hostPath}: no answer to an HCI Reset (not an HCI controller)`);
    expect(r.stdout).toMatch(/\/dev\/nonexistent-dongle: cannot open \/dev\/nonexistent-dongle: /);
    // On-board UARTs (a Pi's radio may sit on one) are listed but not probed unless named.
    const onBoard = deps({ listSerial: async () => [{ path: "/dev/ttyS0" }, { path: "/dev/ttyAMA0" }] });
    const json = JSON.parse((await runDevices(["scan"], { seconds: "0", json: true }, onBoard)).stdout);
    expect(json.serial.items).toHaveLength(2);
    expect(json.ble).toMatchObject({ ok: false, message: "Bluetooth unavailable: no Bluetooth adapter found", adapters: [] });
    expect(json.ble.lookups[2]).toEqual({ via: "uart", ok: false, message: "no serial port to probe", ports: [] });
  });

  it("a controller that stops answering is not an adapter", async () => {
    const hci = new MemorySerialDevice(new HciController(), { name: "scan-hci-dead" });
    await hci.plug();
    cleanups.push(() => hci.dispose());
    hci.emulator.stopAnswering();
    const probe = await probeHciUart(hci.hostPath, { open: hci.factory, timeoutMs: 150, clock: steppingClock() });
    expect(probe).toEqual({ answered: false, port: hci.hostPath, reason: "no answer to an HCI Reset (not an HCI controller)" });
  });

  it("rejects a bad --port", async () => {
    const r = await runDevices(["scan"], { seconds: "0", port: [""] }, deps());
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "--port" });
  });
});

describe("adapter lookups", () => {
  it("kernel: lists hciN entries of sysfs, and says when there are none", async () => {
    const root = await mkdtemp(join(tmpdir(), "qd-sysbt-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    expect(await kernelHciAdapters(root)).toEqual({
      ok: false,
      message: `no hciN adapter in ${root} (radio blocked? see \`rfkill list\`)`,
    });
    for (const n of ["hci1", "hci0", "rfkill3", "hci0:64"]) await writeFile(join(root, n), "");
    expect(await kernelHciAdapters(root)).toEqual({
      ok: true,
      adapters: [
        { name: "hci0", deviceId: 0 },
        { name: "hci1", deviceId: 1 },
      ],
    });
  });

  it("D-Bus: a system bus without dbus-next installed is a sentence, not a stack trace", async () => {
    const dir = await mkdtemp(join(tmpdir(), "qd-bus-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, "system_bus_socket"), "");
    const r = await bluezAdapters({
      env: { DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${dir}/system_bus_socket` },
      load: () => Promise.reject(new Error("Cannot find module 'dbus-next'")),
    });
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^the system bus is there but dbus-next is not installed/) });
  });
});

describe("adapter lookups with BlueZ present (dbus-next stood in by an object of its shape)", () => {
  const busWith = (answer: () => Promise<unknown>) => ({
    systemBus: () => ({
      getProxyObject: async (service: string, path: string) => {
        expect([service, path]).toEqual(["org.bluez", "/"]);
        return { getInterface: () => ({ GetManagedObjects: answer }) };
      },
      disconnect: () => undefined,
    }),
  });
  const v = (signature: string, value: unknown) => ({ signature, value });

  it("lists BlueZ's adapters, and names a stopped bluetoothd", async () => {
    const dir = await mkdtemp(join(tmpdir(), "qd-bus-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, "system_bus_socket"), "");
    const env = { DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${dir}/system_bus_socket` };
    const objects = {
      "/org/bluez": { "org.bluez.AgentManager1": {} },
      "/org/bluez/hci1": { "org.bluez.Adapter1": { Address: v("s", "B8:27:EB:00:00:02"), Powered: v("b", false) } },
      "/org/bluez/hci0": { "org.bluez.Adapter1": { Address: v("s", "B8:27:EB:00:00:01"), Powered: v("b", true) } },
      "/org/bluez/hci0/dev_C9_30_44_FB_8C_59": { "org.bluez.Device1": {} },
    };
    expect(await bluezAdapters({ env, load: async () => busWith(async () => objects) })).toEqual({
      ok: true,
      adapters: [
        { name: "hci0", deviceId: 0, address: "b8:27:eb:00:00:01", powered: true },
        { name: "hci1", deviceId: 1, address: "b8:27:eb:00:00:02", powered: false },
      ],
    });
    const unknown = Object.assign(new Error("The name org.bluez was not provided by any .service files"), {
      type: "org.freedesktop.DBus.Error.ServiceUnknown",
    });
    expect(await bluezAdapters({ env, load: async () => busWith(() => Promise.reject(unknown)) })).toEqual({
      ok: false,
      message: "BlueZ is not running (no org.bluez on the system bus; sudo systemctl start bluetooth)",
    });
  });

  it("an adapter BlueZ holds is listened to through D-Bus only; the others through the kernel", async () => {
    const bindings: string[] = [];
    const scan = await scanBle(0.05, [], {
      platform: "linux",
      kernel: async () => ({
        ok: true,
        adapters: [
          { name: "hci0", deviceId: 0 },
          { name: "hci1", deviceId: 1 },
        ],
      }),
      bluez: async () => ({ ok: true, adapters: [{ name: "hci0", deviceId: 0, address: "b8:27:eb:00:00:01" }] }),
      central: (b) => {
        bindings.push(JSON.stringify(b));
        const central = new EmulatedCentral();
        central.add(new EmulatedPixelsDie({ id: `px-${b.kind}`, kind: "d6", clock: central.clock }));
        return central;
      },
    });
    expect(bindings).toEqual(['{"kind":"dbus","deviceId":0}', '{"kind":"hci","deviceId":1}']);
    expect(scan.adapters.map((a) => [a.name, a.via, a.dice.map((d) => d.name)])).toEqual([
      ["hci0", "dbus", ["px-dbus"]],
      ["hci1", "kernel", ["px-hci"]],
    ]);
    expect(scan.lookups[0]).toEqual({ via: "kernel", ok: true, message: "hci0 (BlueZ's: used through D-Bus), hci1" });
  });
});

describe("findCommandComplete", () => {
  const answer = Uint8Array.of(0x04, 0x0e, 0x04, 0x01, 0x03, 0x0c, 0x00);
  it("finds the Reset's Command Complete after noise and other events, and not a partial one", () => {
    const noise = Uint8Array.of(0x04, 0x0e, 0xff, 0x52, 0x04, 0x3e, 0x01, 0x00);
    expect(findCommandComplete(Uint8Array.of(...noise, ...answer), 0x0c03)).toEqual({ status: 0, ret: new Uint8Array(0) });
    expect(findCommandComplete(answer.slice(0, 6), 0x0c03)).toBeNull();
    expect(findCommandComplete(answer, 0x1009)).toBeNull();
  });
  it("never throws on garbage, and still finds an answer behind it", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (junk) => {
        findCommandComplete(junk, 0x0c03);
        expect(findCommandComplete(Uint8Array.of(...junk, ...answer), 0x0c03)).not.toBeNull();
      }),
    );
  });
});
