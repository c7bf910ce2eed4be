/**
 * `quarterdeck start` listens before its devices start (host/compose.ts `devicesLater`, `startDevices()`): until then
 * the table takes actions and `/api/health` says so, its devices counted as not connected; once started they connect
 * and the demo's fleet stands on the emulated table (docs/reference/http-api.md, `GET /api/health`).
 */
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { tableHealth } from "../../../host/server/routes/health.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
let table: TableRuntime;

beforeAll(async () => {
  const composed = await composeTable({
    setup: demoSetup(),
    dbFile: join(tempDir(), "game.sqlite"),
    logger,
    sim: true,
    devicesLater: true,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
});
afterAll(async () => {
  await table.close();
});

describe("a table composed with its devices held back", () => {
  it("is ready before its devices start, which count as not connected; none of its ships is placed yet", () => {
    const health = tableHealth(table);
    expect(health).toMatchObject({ ok: true, ready: true, store: { ok: true } });
    // the dice, the readers and the dial have not started connecting (the emulated table's feed is there at once)
    expect(health.devices.byKind.die).toEqual({ total: 9, connected: 0 });
    expect(health.devices.connected).toBeLessThan(health.devices.total);
    expect(Object.keys(table.session.work.positions ?? {})).toEqual([]);
    // it takes actions already: a broadside set up from /control
    expect(
      table.session.send({
        type: "start",
        action: { type: "broadside", firer: "royal-prince", target: "zeven-provincien", rangeInches: 4 },
      }),
    ).toMatchObject({ ok: true });
  });

  it("startDevices() connects them and places the fleet; a second call does nothing", async () => {
    table.startDevices();
    table.startDevices();
    await expect.poll(() => tableHealth(table).devices.notConnected, { timeout: 30_000 }).toBe(0);
    const ships = table.session.state.ships.map((s) => s.id);
    expect(Object.keys(table.session.work.positions ?? {}).sort()).toEqual([...ships].sort());
  });
});
