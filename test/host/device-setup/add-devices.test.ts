/**
 * Adding devices from /devices over the demo's emulated world (a table file with an empty `devices` section and
 * `--sim`): discovery finds the dice, readers, pad and dial within reach; each is identified, added with no
 * restart, works at once, and comes back on the next start from the game file; removing one leaves the others.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll } from "../../support/wait.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
const dbFile = join(tempDir(), "game.sqlite");
const setup = { ...demoSetup(), devices: {}, devicesSection: true };
const open: Array<{ app: FastifyInstance; table: TableRuntime }> = [];

async function start() {
  const composed = await composeTable({ setup, dbFile, logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  const app = await buildApp({ table: composed.value, logger, token: "t".repeat(24) });
  open.push({ app, table: composed.value });
  return { app, table: composed.value };
}
async function stop(t: { app: FastifyInstance; table: TableRuntime }) {
  await t.app.close();
  await t.table.close();
  open.splice(open.indexOf(t), 1);
}
const post = async (app: FastifyInstance, url: string, payload: object) => (await app.inject({ method: "POST", url, payload })).json();

afterAll(async () => {
  for (const t of [...open]) await stop(t);
});

describe("adding devices from /devices over the emulated world", () => {
  it("finds, identifies and adds dice, readers, the pad and the dial; they work at once and come back after a restart", async () => {
    const first = await start();
    expect(first.table.view().devices.filter((d) => d.kind !== "adapter")).toEqual([]);
    const found = await post(first.app, "/api/devices/discover", { seconds: 1 });
    expect(found.ok).toBe(true);
    const families = (f: string) => found.found.filter((d: { family: string }) => d.family === f);
    expect(families("dice").length).toBe(9);
    expect(families("readers").length).toBe(2);
    expect(families("pad").length).toBe(1);
    expect(families("dial").length).toBe(1);
    expect(found.looked.map((l: { ok: boolean }) => l.ok)).toEqual([true, true, true]);

    const die = families("dice").find((d: { what: string }) => d.what === "Pixels die");
    // each die is offered the colours its family really comes in (devices/dice/colours.ts), by their names
    expect(die.colors).toContainEqual({ color: "black", label: "Onyx Black" });
    const goDice = families("dice").find((d: { what: string }) => d.what === "GoDice");
    expect(goDice.colors.map((c: { color: string }) => c.color)).toEqual(["black", "red", "green", "blue", "yellow", "orange"]);
    const blink = await post(first.app, "/api/devices/found/identify", { key: die.key });
    expect(blink.outcome).toMatchObject({ ok: true });
    const added = await post(first.app, "/api/devices", { key: die.key, name: "Black one", color: "black" });
    expect(added).toMatchObject({ ok: true, id: "die-1" });
    const reader = families("readers")[0];
    expect(await post(first.app, "/api/devices", { key: reader.key })).toMatchObject({ ok: true, id: "reader-1" });
    expect(await post(first.app, "/api/devices", { key: families("pad")[0].key })).toMatchObject({ ok: true, id: "pad" });
    expect(await post(first.app, "/api/devices", { key: families("dial")[0].key })).toMatchObject({ ok: true, id: "dial" });
    const connected = (t: TableRuntime) =>
      t
        .view()
        .devices.filter((d) => d.connected && d.kind !== "adapter")
        .map((d) => d.id)
        .sort();
    await poll(
      () => connected(first.table),
      (ids) => ids.length === 4,
      15_000,
    );
    expect(first.table.view().devices.find((d) => d.id === "die-1")).toMatchObject({ name: "Black one", color: "black" });
    // the die added is read at once (by its table id, through the sim)
    await post(first.app, "/api/sim/roll", { die: "die-1", face: 5 });
    // a die on the table is linked and no longer advertises: it is not offered again
    const again = await post(first.app, "/api/devices/discover", { seconds: 1 });
    expect(again.found.some((d: { key: string }) => d.key === die.key)).toBe(false);
    expect(await post(first.app, "/api/devices", { key: die.key })).toMatchObject({ ok: false, error: { code: "device.unknown" } });
    // the reader on the table is not probed again (it would cut it off)
    expect(again.found.some((d: { key: string }) => d.key === reader.key)).toBe(false);
    const yaml = (await first.app.inject({ method: "GET", url: "/api/devices/table-file" })).body;
    expect(yaml).toContain("id: die-1");
    expect(yaml).toContain("kind: pn532");
    // the names given on this page go with the devices, so a table rebuilt from the export names its dice as before
    expect(yaml.slice(yaml.indexOf("\ndeviceNames:"))).toMatch(/\n {2}die-1: Black one\n/);
    await stop(first);

    const second = await start();
    await poll(
      () => connected(second.table),
      (ids) => ids.length === 4,
      15_000,
    );
    expect(connected(second.table)).toEqual(["dial", "die-1", "pad", "reader-1"]);
    const removed = (await second.app.inject({ method: "DELETE", url: "/api/devices/reader-1" })).json();
    expect(removed.ok).toBe(true);
    expect(second.table.view().devices.some((d) => d.id === "reader-1")).toBe(false);
    expect(connected(second.table)).toEqual(["dial", "die-1", "pad"]);
  }, 60_000);

  it("lists a device whose id is a name of every object (`constructor`) as added here, so /devices can remove it", async () => {
    const t = await start();
    const found = await post(t.app, "/api/devices/discover", { seconds: 1 });
    const dice = found.found.filter((d: { family: string }) => d.family === "dice");
    expect(await post(t.app, "/api/devices", { key: dice[0].key, id: "constructor" })).toMatchObject({ ok: true, id: "constructor" });
    expect(await post(t.app, "/api/devices", { key: dice[1].key, id: "toString" })).toMatchObject({ ok: true, id: "toString" });
    const setup = (await t.app.inject({ method: "GET", url: "/api/devices/setup" })).json() as { origins: Record<string, string> };
    expect(Object.hasOwn(setup.origins, "constructor") && setup.origins.constructor).toBe("added");
    expect(Object.hasOwn(setup.origins, "toString") && setup.origins.toString).toBe("added");
    for (const id of ["constructor", "toString"]) {
      expect((await t.app.inject({ method: "DELETE", url: `/api/devices/${id}` })).json()).toMatchObject({ ok: true });
      expect(t.table.view().devices.some((d) => d.id === id)).toBe(false);
    }
    await stop(t);
  }, 60_000);
});
