import { afterEach, describe, expect, it } from "vitest";
import { bluetoothStatus, createNobleCentral } from "../../../../devices/ble/noble-adapter.ts";
import type { BleDiscovery } from "../../../../devices/ble/seam.ts";
import { systemClock } from "../../../../devices/common/clock.ts";
import { createBleDiceSource } from "../../../../devices/dice/index.ts";
import { EmulatedGoDice } from "../../../../devices/testing/ble/godice-die.ts";
import { plugHciController } from "../../../../devices/testing/hci/hci-uart.ts";
import { hciTable, until } from "./table-rig.ts";

let table: Awaited<ReturnType<typeof hciTable>> | null = null;
afterEach(async () => {
  await table?.stop();
  table = null;
});

describe("noble over an emulated HCI controller on a pty (H4 UART)", () => {
  it("discovers 6 Pixels and 3 GoDice with their adverts and scan responses", async () => {
    table = await hciTable({ pixels: 6, godice: 3 });
    const central = table.centrals[0];
    if (!central) throw new Error("no central");
    // The rig's source is not started: scan with the bare central.
    expect(await central.whenSettled()).toEqual({ kind: "ready" });
    const seen = new Map<string, BleDiscovery>();
    central.onDiscover((d) => seen.set(d.advertisement.id, d));
    await central.startScan({ allowDuplicates: true });
    await until(() => seen.size === 9, "9 dice");
    for (const p of table.pixels) {
      const ad = seen.get(p.address.replace(/:/g, ""))?.advertisement;
      expect(ad?.name).toBe(p.name);
      expect(ad?.manufacturerData?.slice(0, 2)).toEqual(Uint8Array.of(0x39, 0x0d));
      expect(ad?.serviceUuids).toContain("a6b900017a5a43f2a962350c8edc9b5b");
      expect(ad?.serviceData.map((s) => s.uuid)).toEqual(["180a"]);
    }
    const names = [...seen.values()].map((d) => d.advertisement.name);
    for (const g of table.godice) expect(names).toContain(g.name);
    await central.stopScan();
  });

  it("connects and subscribes: 100 rolls per die family give exactly 100 readings", async () => {
    table = await hciTable({ pixels: 1, godice: 1 });
    await table.start();
    const t = table;
    await until(() => t.health("px1")?.connected === true && t.health("gd1")?.connected === true, "both dice linked");
    for (const [die, id] of [
      [t.pixels[0], "px1"],
      [t.godice[0], "gd1"],
    ] as const) {
      for (let i = 0; i < 100; i++) {
        const before = t.readings.length;
        die?.roll((i % 6) + 1);
        await until(() => t.readings.length > before, `roll ${i + 1} of ${id}`);
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(t.readings.filter((r) => r.dieId === "px1")).toHaveLength(100);
    expect(t.readings.filter((r) => r.dieId === "gd1")).toHaveLength(100);
    expect(t.readings.filter((r) => r.dieId === "px1").map((r) => r.face)).toEqual(Array.from({ length: 100 }, (_, i) => (i % 6) + 1));
  });

  it("a link dropped mid-roll (supervision timeout) reconnects with no roll lost or doubled", async () => {
    table = await hciTable({ pixels: 1, godice: 0 });
    await table.start();
    const t = table;
    const die = t.pixels[0];
    if (!die) throw new Error("no die");
    await until(() => t.health("px1")?.connected === true, "linked");
    die.roll(5);
    await until(() => t.readings.length === 1, "first roll");
    die.startRoll();
    await new Promise((r) => setTimeout(r, 20));
    expect(t.controllers[0]?.supervisionTimeout("px1")).toBe(true);
    await until(() => t.health("px1")?.connected === false, "link lost");
    expect(t.health("px1")?.message).toMatch(/connection timeout.*0x08/);
    die.land(17);
    await until(() => t.readings.length === 2, "the roll landed while away", 20_000);
    await until(() => t.health("px1")?.connected === true, "relinked");
    await new Promise((r) => setTimeout(r, 300));
    expect(t.readings.map((r) => r.face)).toEqual([5, 17]);
    die.roll(3);
    await until(() => t.readings.length === 3, "a roll after the reconnect");
    expect(t.readings.map((r) => r.face)).toEqual([5, 17, 3]);
  }, 30_000);
});

describe("Bluetooth unavailable, the table keeps running", () => {
  it("no adapter at the configured port", async () => {
    const central = createNobleCentral({ binding: { kind: "uart", port: "/dev/quarterdeck-no-such-dongle" } });
    const s = await central.whenSettled();
    expect(s).toEqual({ kind: "unavailable", reason: expect.stringMatching(/no adapter at \/dev\/quarterdeck-no-such-dongle/) });
    await expect(central.startScan({ allowDuplicates: true })).rejects.toThrow(/^Bluetooth unavailable: no adapter/);
    await central.close();
  });

  it("no Bluetooth in the kernel (hci binding on this machine): noble says off, then unsupported", async () => {
    const central = createNobleCentral({ binding: { kind: "hci", deviceId: 0 }, settleMs: 3000 });
    const s = await central.whenSettled();
    expect(bluetoothStatus(s)).toMatch(/^Bluetooth unavailable: no Bluetooth LE adapter \(hci0 reports "unsupported"\)|^Bluetooth is off/);
    await central.close();
  });

  it("a noble module that fails to load is a reason, with its error code", async () => {
    const central = createNobleCentral({
      binding: { kind: "dbus" },
      load: async () => {
        throw Object.assign(new Error("cannot open shared object"), { code: "ERR_DLOPEN_FAILED" });
      },
    });
    expect(bluetoothStatus(await central.whenSettled())).toBe("Bluetooth unavailable: ERR_DLOPEN_FAILED: cannot open shared object");
    expect(bluetoothStatus({ kind: "off", reason: "the adapter is powered off" })).toBe("Bluetooth is off: the adapter is powered off");
    expect(bluetoothStatus({ kind: "starting" })).toBe("Bluetooth is starting");
    expect(bluetoothStatus({ kind: "ready" })).toBeNull();
    await central.close();
  });

  it("a controller that stops answering", async () => {
    // nothing will answer: a short wait for the first answer says the same as the default 5 s
    table = await hciTable({ pixels: 1, godice: 0, settleMs: 300 });
    const hci = table.controllers[0];
    hci?.stopAnswering();
    const central = table.centrals[0];
    if (!central) throw new Error("no central");
    await table.start();
    const s = await central.whenSettled();
    expect(bluetoothStatus(s)).toMatch(/^Bluetooth unavailable: the adapter \(uart \/.*\) did not answer in time$/);
    expect(table.health("ble")).toMatchObject({ status: "unavailable", message: expect.stringMatching(/^Bluetooth unavailable: /) });
    expect(table.health("px1")).toMatchObject({ status: "unavailable", connected: false });
  }, 15_000);
});

describe("link limits and several adapters", () => {
  it("the link limit reached: the rest of the Pixels are read from adverts, GoDice beyond it wait for a link", async () => {
    table = await hciTable({ pixels: 6, godice: 3, controller: { linkLimit: 5 } });
    await table.start();
    const t = table;
    const ids = [...t.pixels, ...t.godice].map((d) => d.id);
    const settled = () =>
      ids.every((id) => {
        const h = t.health(id);
        return h?.status === "connected" || h?.status === "listening" || h?.status === "waiting for a link";
      });
    const linked = (id: string) => t.health(id)?.status === "connected";
    await until(() => settled() && ids.filter(linked).length === 5, "5 links and the rest placed", 30_000);
    expect(t.controllers[0]?.links().size).toBe(5);
    const unlinked = ids.filter((id) => !linked(id));
    expect(unlinked).toHaveLength(4);
    for (const id of unlinked) {
      expect(t.health(id)?.status).toBe(id.startsWith("px") ? "listening" : "waiting for a link");
      if (id.startsWith("gd")) expect(t.health(id)?.message).toMatch(/link limit/);
    }
    // Every Pixels rolls through, linked or not (advert-read ones once heard); so does every linked GoDice.
    await until(() => unlinked.every((id) => id.startsWith("gd") || t.health(id)?.connected), "the advert-read Pixels heard");
    const reachable = [...t.pixels, ...t.godice].filter((d) => d.id.startsWith("px") || linked(d.id));
    for (const d of reachable) {
      d.roll(4);
      await until(() => t.readings.some((r) => r.dieId === d.id), `a reading from ${d.id}`);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(t.readings.map((r) => r.dieId).sort()).toEqual(reachable.map((d) => d.id).sort());
    expect(t.readings.every((r) => r.face === 4)).toBe(true);
  }, 45_000);

  it("two controllers carry 12 dice, each die once", async () => {
    table = await hciTable({ pixels: 6, godice: 6, controllers: 2 });
    await table.start();
    const t = table;
    const ids = [...t.pixels, ...t.godice].map((d) => d.id);
    await until(() => ids.every((id) => t.health(id)?.connected), "12 dice linked", 40_000);
    expect(t.controllers.map((c) => c.links().size)).toEqual([6, 6]);
    expect(t.health("ble:1")?.status).toBe("ready");
    expect(t.health("ble:2")?.status).toBe("ready");
    for (const [i, d] of [...t.pixels, ...t.godice].entries()) d.roll((i % 6) + 1);
    await until(() => t.readings.length === 12, "12 readings");
    await new Promise((r) => setTimeout(r, 300));
    expect(t.readings.map((r) => r.dieId).sort()).toEqual([...ids].sort());
  }, 60_000);

  it("the table file's adapter list: createBleDiceSource spreads the dice over two UART adapters", async () => {
    const [a, b] = await Promise.all([plugHciController({ name: "a" }), plugHciController({ name: "b" })]);
    if (!a || !b) throw new Error("no controllers");
    const dice = Array.from({ length: 4 }, (_, i) => new EmulatedGoDice({ id: `g${i}`, shell: "d6", clock: systemClock }));
    for (const d of dice) for (const c of [a, b]) c.controller.add(d);
    const source = createBleDiceSource(
      dice.map((d) => ({ family: "godice", id: d.id, name: d.name, shell: "d6" })),
      {
        ble: [
          { binding: "uart", port: a.hostPath },
          { binding: "uart", port: b.hostPath },
        ],
      },
    );
    try {
      await source.start();
      await until(() => dice.every((d) => source.health().find((h) => h.id === d.id)?.connected), "4 dice linked");
      expect(
        source
          .health()
          .filter((h) => h.kind === "adapter")
          .map((h) => [h.id, h.status]),
      ).toEqual([
        ["ble:1", "ready"],
        ["ble:2", "ready"],
      ]);
      expect([...a.controller.links().keys()].sort()).toEqual(["g0", "g2"]);
      expect([...b.controller.links().keys()].sort()).toEqual(["g1", "g3"]);
      const got: string[] = [];
      source.onReading((r) => r.type === "die.rolled" && got.push(r.dieId));
      for (const d of dice) d.roll(2);
      await until(() => got.length === 4, "4 readings");
      expect(await source.identify?.("g1")).toBe(true);
    } finally {
      await source.stop();
      await Promise.all([a.dispose(), b.dispose()]);
    }
  }, 30_000);
});
