import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { bluetoothStatus, createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import { createBleDiceSource } from "../../../devices/dice/index.ts";
import { ManualClock } from "../../support/manual-clock.ts";

describe("noble adapter on a machine without Bluetooth (the real module, loaded here)", () => {
  it("loads lazily without throwing and reports 'Bluetooth unavailable: <reason>'", async () => {
    const central = createNobleCentral({ settleMs: 2000 });
    const state = await central.whenSettled();
    expect(state.kind).toBe("unavailable");
    // On this machine noble's HCI socket throws EAFNOSUPPORT; elsewhere the reason may differ but is never empty.
    expect(bluetoothStatus(state)).toMatch(/^Bluetooth unavailable: \S/);
    expect(bluetoothStatus(state)).toMatch(/EAFNOSUPPORT|adapter/);
    await expect(central.startScan({ allowDuplicates: true })).rejects.toThrow(/Bluetooth unavailable/);
    await central.close();
  });

  it("the real dice source starts anyway: adapter and dice health say why, nothing throws", async () => {
    const source = createBleDiceSource(
      [
        { family: "pixels", id: "red-1", name: "Pixel red", kind: "d6" },
        { family: "godice", id: "white-1", name: "GoDice_CE03C9_B_v04", shell: "d6" },
      ],
      {},
    );
    await expect(source.start()).resolves.toBeUndefined();
    const health = source.health();
    expect(health.find((h) => h.id === "ble")).toMatchObject({
      kind: "adapter",
      family: "ble",
      connected: false,
      status: "unavailable",
      message: expect.stringMatching(/^Bluetooth unavailable: /),
    });
    expect(health.filter((h) => h.kind === "die").map((h) => [h.id, h.status, h.connected])).toEqual([
      ["red-1", "unavailable", false],
      ["white-1", "unavailable", false],
    ]);
    expect(await source.identify?.("red-1")).toBe(false);
    await source.stop();
  });

  it("maps noble's adapter states (loader injected: a plain emitter standing in for the module)", async () => {
    const fake = Object.assign(new EventEmitter(), {
      state: "unknown",
      startScanningAsync: async () => undefined,
      stopScanningAsync: async () => undefined,
    });
    const clock = new ManualClock();
    const central = createNobleCentral({ load: async () => ({ default: fake }), settleMs: 5000, clock });
    let settled: unknown = null;
    void central.whenSettled().then((s) => (settled = s));
    await clock.advance(5);
    fake.emit("stateChange", "poweredOff");
    // a powered-off report may be followed by a truer one for a second: settled only after that grace
    await clock.advance(999);
    expect(settled).toBeNull();
    await clock.advance(1);
    expect(settled).toEqual({ kind: "off", reason: "the adapter is powered off" });
    fake.emit("stateChange", "unauthorized");
    expect(central.state()).toEqual({
      kind: "unavailable",
      reason: "no permission to use the adapter (auto; see docs/devices-dice.md)",
    });
    fake.emit("stateChange", "poweredOn");
    expect(central.state()).toEqual({ kind: "ready" });
    await central.close();
  });

  it("a module that is not noble is a reason, not a crash", async () => {
    const central = createNobleCentral({ load: async () => ({}) });
    expect(bluetoothStatus(await central.whenSettled())).toMatch(/Bluetooth unavailable: .*startScanningAsync/);
  });
});
