/**
 * Discovery where there is nothing to look through (issue 28, done-when (b)): with no Bluetooth, no serial ports
 * and no HID, each is a sentence saying what could not be looked at and why; on this machine as it is (no radio,
 * no USB) the same holds. And a device that vanishes while being identified is reported in words, with nothing
 * already set up lost.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import { sharedCentral } from "../../../devices/ble/shared-central.ts";
import { nodeHidBackend } from "../../../devices/hid/node-hid-backend.ts";
import { realWorld } from "../../../devices/real-world.ts";
import { serialPortFactory } from "../../../devices/serial/serialport-transport.ts";
import { serialPortFactory as firmataPorts } from "../../../devices/wind-dial/five.ts";
import type { DeviceWorld } from "../../../devices/world.ts";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { discover } from "../../../host/device-setup/discover.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });

/** A machine with none of it: noble cannot load, serial ports cannot be listed, node-hid misses libusb. */
function bareWorld(): DeviceWorld {
  const central = createNobleCentral({ load: () => Promise.reject(new Error("Cannot find module '@stoprocent/noble'")), settleMs: 200 });
  return {
    emulated: false,
    defaultAdapters: [{ binding: "auto" }],
    central: () => sharedCentral(central),
    listSerial: () => Promise.reject(new Error("the serialport binding could not be loaded")),
    serial: serialPortFactory,
    firmataPorts,
    hid: nodeHidBackend(() => Promise.reject(new Error("libusb-1.0.so.0: cannot open shared object file: No such file or directory"))),
    close: () => central.close(),
  };
}

describe("discovery with nothing to look through", () => {
  it("says, for Bluetooth, serial ports and HID, what it could not look at and why", async () => {
    const world = bareWorld();
    const d = await discover(world, {}, 1);
    await world.close();
    expect(d.found).toEqual([]);
    const said = Object.fromEntries(d.looked.map((l) => [l.what, l]));
    expect(said.bluetooth).toMatchObject({ ok: false });
    expect(said.bluetooth?.said).toMatch(
      /^Dice could not be looked for: Bluetooth unavailable: .*Cannot find module.*Plug in a Bluetooth adapter/,
    );
    expect(said.serial).toMatchObject({
      ok: false,
      said: expect.stringMatching(/^Serial ports could not be listed: the serialport binding could not be loaded\./),
    });
    expect(said.hid).toMatchObject({
      ok: false,
      said: expect.stringMatching(/^USB button pads could not be looked for: HID unavailable: .*libusb.*apt-get install libusb-1\.0-0/),
    });
  });

  it("on this machine as it is (no Bluetooth radio, no USB devices), every part is a sentence", async () => {
    const world = realWorld();
    const d = await discover(world, {}, 1);
    await world.close();
    expect(d.looked.map((l) => l.what)).toEqual(["bluetooth", "serial", "hid"]);
    for (const l of d.looked) expect(l.said).toMatch(/^[A-Z].{20,}[.)]$/);
    // this machine has no Bluetooth adapter: the page says so and why
    expect(d.looked[0]).toMatchObject({ ok: false, said: expect.stringContaining("Bluetooth") });
  }, 20_000);
});

describe("a device that vanishes while it is identified", () => {
  let app: FastifyInstance;
  let table: TableRuntime;
  afterAll(async () => {
    await app?.close();
    await table?.close();
  });

  it("is reported in words, and the devices already on the table stay", async () => {
    const composed = await composeTable({
      setup: { ...demoSetup(), devices: {}, devicesSection: true },
      dbFile: join(tempDir(), "game.sqlite"),
      logger,
      sim: true,
    });
    if (!composed.ok) throw new Error(composed.error.message);
    table = composed.value;
    app = await buildApp({ table, logger, token: "t".repeat(24) });
    const post = async (url: string, payload: object) => (await app.inject({ method: "POST", url, payload })).json();
    const found = (await post("/api/devices/discover", { seconds: 1 })).found as Array<{ key: string; family: string; detail: string }>;
    const readers = found.filter((f) => f.family === "readers");
    expect(await post("/api/devices", { key: readers[0]?.key ?? "", name: "Allied reader" })).toMatchObject({ ok: true, id: "reader-1" });
    await poll(
      () => table.view().devices.find((d) => d.id === "reader-1")?.connected,
      (c) => c === true,
    );

    // the second reader is unplugged while the page waits for a tag on it
    const waiting = post("/api/devices/found/identify", { key: readers[1]?.key ?? "", seconds: 10 });
    await new Promise((r) => setTimeout(r, 800));
    expect((await post("/api/sim/disconnect", { device: "reader-2" })).ok).toBe(true);
    const outcome = (await waiting).outcome;
    expect(outcome.ok).toBe(false);
    expect(outcome.said).toMatch(
      /^The reader on \/emulated\/reader-2 went away while waiting for a tag \(unplugged\?\)\. Plug it back in and search again; nothing on the table changed\.$/,
    );

    // a die switched off before it could blink
    const die = found.find((f) => f.family === "dice" && f.detail.startsWith("pixel-6"));
    expect((await post("/api/sim/disconnect", { device: "pixel-6" })).ok).toBe(true);
    const blink = (await post("/api/devices/found/identify", { key: die?.key ?? "", seconds: 2 })).outcome;
    expect(blink).toMatchObject({ ok: false });
    expect(blink.said).toMatch(/^The Pixels die did not answer within 2 s: it may have gone out of range, been switched off/);

    // what was set up is still there, and still works
    const reader = table.view().devices.find((d) => d.id === "reader-1");
    expect(reader).toMatchObject({ connected: true, name: "Allied reader" });
    expect(table.store.addedDevices().map((d) => d.id)).toEqual(["reader-1"]);
    expect((await post("/api/sim/tap", { reader: "reader-1", uid: "04A10000000002" })).ok).toBe(true);
    await poll(
      () => table.view().focus?.ship?.id,
      (id) => id === "st-michael",
    );
  }, 60_000);
});
