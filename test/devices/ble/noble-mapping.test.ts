/**
 * The noble adapter's mapping onto the seam, checked against a stand-in for noble's objects (an EventEmitter with
 * noble's method names, injected through the adapter's `load` option — no module mocking). The real module is
 * loaded in noble-adapter.test.ts; this machine has no Bluetooth, so the mapping cannot be checked against it.
 */
import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import { noblePeripheral } from "../../../devices/ble/noble-peripheral.ts";
import type { NoblePeripheral } from "../../../devices/ble/noble-types.ts";
import type { BleDiscovery } from "../../../devices/ble/seam.ts";
import { systemClock } from "../../../devices/common/clock.ts";
import { ManualClock } from "../../support/manual-clock.ts";

function standInPeripheral(connect: () => Promise<void> = async () => undefined) {
  const characteristic = Object.assign(new EventEmitter(), {
    uuid: "A6B90002-7A5A-43F2-A962-350C8EDC9B5B",
    properties: ["notify"],
    subscribeAsync: vi.fn(async () => undefined),
    unsubscribeAsync: vi.fn(async () => undefined),
    writeAsync: vi.fn(async (_d: Buffer, _w: boolean) => undefined),
  });
  const p = Object.assign(new EventEmitter(), {
    id: "d43a2c112233",
    address: "d4:3a:2c:11:22:33",
    rssi: -71,
    state: "disconnected",
    mtu: 128,
    advertisement: {
      localName: "Pixel",
      manufacturerData: Buffer.from([0x39, 0x0d, 0x14, 0x71, 0x01, 0x13, 0x55]),
      serviceUuids: ["a6b900017a5a43f2a962350c8edc9b5b"],
      serviceData: [{ uuid: "180a", data: Buffer.alloc(8) }],
    },
    connectAsync: vi.fn(connect),
    cancelConnect: vi.fn(),
    disconnectAsync: vi.fn(async () => undefined),
    updateRssiAsync: vi.fn(async () => -70),
    discoverServicesAsync: vi.fn(async () => [
      { uuid: "a6b900017a5a43f2a962350c8edc9b5b", characteristics: null, discoverCharacteristicsAsync: async () => [characteristic] },
    ]),
  });
  return { p, characteristic, asNoble: p as unknown as NoblePeripheral };
}

describe("noble peripheral → BlePeripheral", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connect times out after at least 10 s and cancels the attempt", async () => {
    const { p, asNoble } = standInPeripheral(() => new Promise<void>(() => undefined));
    const attempt = noblePeripheral(asNoble, systemClock).connect({ timeoutMs: 2000 });
    const outcome = expect(attempt).rejects.toThrow(/timed out after 10000 ms/);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(p.cancelConnect).toHaveBeenCalledOnce();
  });

  it("maps services, notifications and writes; a drop fires onDisconnect once and later writes reject", async () => {
    const { p, characteristic, asNoble } = standInPeripheral();
    const handle = noblePeripheral(asNoble, systemClock);
    const reasons: string[] = [];
    handle.onDisconnect((r) => reasons.push(r));
    await handle.connect();
    const [service] = await handle.discover(["A6B90001-7A5A-43F2-A962-350C8EDC9B5B"]);
    expect(p.discoverServicesAsync).toHaveBeenCalledWith(["a6b900017a5a43f2a962350c8edc9b5b"]);
    const c = service?.characteristics[0];
    expect(c?.uuid).toBe("a6b900027a5a43f2a962350c8edc9b5b");
    const got: number[][] = [];
    await c?.subscribe((d) => got.push([...d]));
    characteristic.emit("data", Buffer.from([3, 1, 19]), true);
    expect(got).toEqual([[3, 1, 19]]);
    await c?.write(Uint8Array.of(0x17), false);
    expect(characteristic.writeAsync).toHaveBeenCalledWith(Buffer.from([0x17]), false);
    p.emit("disconnect", "");
    p.emit("disconnect", "");
    expect(reasons).toEqual(["link lost"]);
    expect(p.listenerCount("disconnect")).toBe(0);
    await expect(c?.write(Uint8Array.of(0x17), false)).rejects.toMatchObject({ disconnected: true });
    expect(handle.mtu()).toBe(128);
  });
});

describe("noble central → BleCentral", () => {
  it("turns noble discoveries into seam discoveries and restarts a scan noble stopped (noble#191)", async () => {
    const noble = Object.assign(new EventEmitter(), {
      state: "poweredOn",
      startScanningAsync: vi.fn(async (_u?: string[], _d?: boolean) => undefined),
      stopScanningAsync: vi.fn(async () => undefined),
    });
    const clock = new ManualClock();
    const central = createNobleCentral({ load: async () => noble, clock });
    expect(await central.whenSettled()).toEqual({ kind: "ready" });
    const seen: BleDiscovery[] = [];
    central.onDiscover((d) => seen.push(d));
    await central.startScan({ allowDuplicates: true, serviceUuids: ["A6B90001-7A5A-43F2-A962-350C8EDC9B5B"] });
    expect(noble.startScanningAsync).toHaveBeenCalledWith(["a6b900017a5a43f2a962350c8edc9b5b"], true);
    const { p } = standInPeripheral();
    noble.emit("discover", p);
    expect(seen[0]?.advertisement).toEqual({
      id: "d43a2c112233",
      address: "d4:3a:2c:11:22:33",
      name: "Pixel",
      rssi: -71,
      manufacturerData: Uint8Array.from([0x39, 0x0d, 0x14, 0x71, 0x01, 0x13, 0x55]),
      serviceUuids: ["a6b900017a5a43f2a962350c8edc9b5b"],
      serviceData: [{ uuid: "180a", data: new Uint8Array(8) }],
      connectable: true,
    });
    // noble#191: a connect stops the scan; the central restarts it 250 ms later, and not after close
    noble.emit("scanStop");
    await clock.advance(249);
    expect(noble.startScanningAsync).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(noble.startScanningAsync).toHaveBeenCalledTimes(2);
    await central.close();
    noble.emit("scanStop");
    await clock.advance(300);
    expect(noble.startScanningAsync).toHaveBeenCalledTimes(2);
  });

  it("after close, a write the UART driver's closed port refuses is logged, not an uncaught exception", async () => {
    // bluetooth-hci-socket's UART stop() closes the port and removes all its listeners, 'error' among them
    const port = new EventEmitter();
    port.on("error", () => undefined);
    const noble = Object.assign(new EventEmitter(), {
      state: "poweredOn",
      startScanningAsync: vi.fn(async () => undefined),
      stopScanningAsync: vi.fn(async () => undefined),
      stop: () => port.removeAllListeners(),
      _bindings: { _hci: { _socket: { _serialDevice: port } } },
    });
    const central = createNobleCentral({ load: async () => noble });
    expect(await central.whenSettled()).toEqual({ kind: "ready" });
    await central.close();
    const ebadf = Object.assign(new Error("EBADF: bad file descriptor, write"), { code: "EBADF", disconnect: true });
    // an EventEmitter throws an 'error' nobody listens to
    expect(() => port.emit("error", ebadf)).not.toThrow();
  });
});
