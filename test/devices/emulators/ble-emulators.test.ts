import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BleDiscovery } from "../../../devices/ble/seam.ts";
import { decodePixelsAdvert } from "../../../devices/dice/pixels/advert.ts";
import { PIXELS_CURRENT, PIXELS_LEGACY } from "../../../devices/dice/pixels/ids.ts";
import { decodePixelsMessage } from "../../../devices/dice/pixels/messages.ts";
import { EmulatedCentral } from "../../../devices/testing/ble/central.ts";
import { EmulatedGoDice } from "../../../devices/testing/ble/godice-die.ts";
import { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";
import { cutLastByte, Faults } from "../../../devices/testing/faults.ts";

const tick = () => vi.advanceTimersByTimeAsync(1);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(advertIntervalMs = 0) {
  const central = new EmulatedCentral({ advertIntervalMs });
  const pixels = new EmulatedPixelsDie({ id: "p1", kind: "d20", clock: central.clock });
  const godice = new EmulatedGoDice({ id: "g1", shell: "d6", clock: central.clock });
  central.add(pixels);
  central.add(godice);
  const seen: BleDiscovery[] = [];
  central.onDiscover((d) => seen.push(d));
  return { central, pixels, godice, seen };
}

describe("emulated BLE central and dice (the far side of the seam)", () => {
  it("adverts carry the real Pixels manufacturer data and follow every state change", async () => {
    const { central, pixels, seen } = setup();
    await central.startScan({ allowDuplicates: true });
    await tick();
    const p = seen.filter((d) => d.advertisement.id === "p1");
    expect(p).toHaveLength(1);
    expect(p[0]?.advertisement.serviceUuids).toContain(PIXELS_CURRENT.service);
    pixels.roll(20);
    await tick();
    const states = seen
      .filter((d) => d.advertisement.id === "p1")
      .map((d) => decodePixelsAdvert(d.advertisement.manufacturerData ?? new Uint8Array()));
    expect(states.map((s) => (s.ok ? s.value.rollState : "bad"))).toEqual(["onFace", "rolling", "rolling", "rolling", "rolled"]);
    expect(states.at(-1)).toMatchObject({ ok: true, value: { faceIndex: 19 } });
  });

  it("repeats adverts on the interval while scanning, and a connected die stops advertising", async () => {
    const { central, pixels, seen } = setup(200);
    await central.startScan({ allowDuplicates: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(pixels.advertising()).toBe(true);
    const before = seen.filter((d) => d.advertisement.id === "p1").length;
    expect(before).toBeGreaterThanOrEqual(5);
    const handle = seen.find((d) => d.advertisement.id === "p1")?.peripheral;
    await handle?.connect();
    await vi.advanceTimersByTimeAsync(1000);
    expect(pixels.advertising()).toBe(false);
    expect(seen.filter((d) => d.advertisement.id === "p1").length).toBe(before);
    await central.stopScan();
  });

  it("a handle connects once (re-scan for a fresh one); an absent die times out after ≥ 10 s", async () => {
    const { central, pixels, seen } = setup();
    await central.startScan({ allowDuplicates: true });
    await tick();
    const [a, b] = [seen[0], seen[0]];
    await a?.peripheral.connect();
    await expect(b?.peripheral.connect()).rejects.toThrow(/stale peripheral handle/);
    pixels.disconnect();
    const fresh = new (await import("../../../devices/testing/ble/peripheral.ts")).EmulatedPeripheral(pixels, central.clock);
    const attempt = fresh.connect({ timeoutMs: 3000 });
    const outcome = expect(attempt).rejects.toThrow(/timed out after 10000 ms/);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("notifications before subscribing are lost; after it they arrive; after a disconnect writes reject", async () => {
    const { central, pixels, seen } = setup();
    await central.startScan({ allowDuplicates: true });
    await tick();
    const p = seen.find((d) => d.advertisement.id === "p1")?.peripheral;
    if (!p) throw new Error("no p1");
    await p.connect();
    const [service] = await p.discover([PIXELS_CURRENT.service, PIXELS_LEGACY.service]);
    const notify = service?.characteristics.find((c) => c.uuid === PIXELS_CURRENT.notify);
    const write = service?.characteristics.find((c) => c.uuid === PIXELS_CURRENT.write);
    pixels.roll(3); // nobody subscribed yet
    const got: Uint8Array[] = [];
    await notify?.subscribe((d) => got.push(d));
    await tick();
    expect(got).toEqual([]);
    await write?.write(Uint8Array.of(0x17), false);
    await tick();
    expect(got.map((m) => decodePixelsMessage(m))).toEqual([{ ok: true, value: { type: "rollState", state: "rolled", faceIndex: 2 } }]);
    const reasons: string[] = [];
    p.onDisconnect((r) => reasons.push(r));
    pixels.dropLink();
    expect(reasons).toEqual(["link lost (emulated)"]);
    await expect(write?.write(Uint8Array.of(0x17), false)).rejects.toMatchObject({ disconnected: true });
  });

  it("the legacy generation exposes the odd notify UUID (= service UUID)", () => {
    const central = new EmulatedCentral();
    const die = new EmulatedPixelsDie({ id: "old", generation: "legacy", clock: central.clock });
    expect(die.services()[0]?.characteristics.map((c) => c.uuid)).toEqual([PIXELS_LEGACY.service, PIXELS_LEGACY.write]);
    expect(die.advertData().manufacturerData?.slice(0, 2)).toEqual(Uint8Array.of(0xff, 0xff));
  });

  it("GoDice advertises only its name", () => {
    const { godice } = setup();
    expect(godice.advertData()).toEqual({ name: godice.name, serviceUuids: [], serviceData: [] });
  });

  it("fault knobs: drop, corrupt, duplicate (rates and next-N), delay keeps order", async () => {
    const f = new Faults({ garble: cutLastByte, random: () => 0.5 });
    const m = Uint8Array.of(0x03, 0x01, 0x13);
    expect(f.apply(m)).toEqual([m]);
    f.set({ dropNext: 1 });
    expect(f.apply(m)).toEqual([]);
    f.set({ corruptNext: 1, duplicateNext: 1 });
    expect(f.apply(m)).toEqual([cutLastByte(m, Math.random), cutLastByte(m, Math.random)]);
    expect(cutLastByte(m, Math.random)).toEqual(Uint8Array.of(0x03, 0x01));
    expect(cutLastByte(Uint8Array.of(0x52), Math.random)).toEqual(Uint8Array.of(0));
    f.set({ drop: 0.6 });
    expect(f.apply(m)).toEqual([]);
    expect(f.applied).toEqual({ dropped: 2, corrupted: 1, duplicated: 1 });

    const { central, godice, seen } = setup();
    await central.startScan({ allowDuplicates: true });
    await tick();
    const g = seen.find((d) => d.advertisement.id === "g1")?.peripheral;
    await g?.connect();
    const [svc] = (await g?.discover(["6e400001b5a3f393e0a9e50e24dcca9e"])) ?? [];
    const got: number[][] = [];
    await svc?.characteristics.find((c) => c.uuid === "6e400003b5a3f393e0a9e50e24dcca9e")?.subscribe((d) => got.push([...d]));
    godice.faults.set({ delayMs: 50 });
    godice.roll(6);
    await vi.advanceTimersByTimeAsync(49);
    expect(got).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(got.map((x) => String.fromCharCode(x[0] ?? 0))).toEqual(["R", "S"]);
  });
});
