/**
 * Setting the table up by touch (issue 12 items 3 and 4): "tap the base of Royal James now" gives the next tag read
 * on any reader to the ship; "roll the die you want as the black die" binds the die rolled. Through the real
 * emulators and drivers of the demo table; what is given is kept with the game across a restart.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { poll as until } from "../../support/wait.ts";
import { demoSetup, tempDir, uidOf } from "../helpers.ts";

const logger = pino({ level: "silent" });
const setup = demoSetup();
const file = join(tempDir(), "game.sqlite");
let app: FastifyInstance;
let table: TableRuntime;

async function start(): Promise<void> {
  const composed = await composeTable({ setup, dbFile: file, logger, sim: true });
  if (!composed.ok) throw new Error(composed.error.message);
  table = composed.value;
  app = await buildApp({ table, logger, token: "t".repeat(20) });
  await until(
    () => table.view().devices,
    (d) => d.filter((x) => x.connected).length >= 12,
  );
}
async function stop(): Promise<void> {
  await app.close();
  await table.close();
}
beforeAll(start);
afterAll(stop);

const post = (url: string, payload: object = {}) => app.inject({ method: "POST", url, payload });
const lastNotice = () => table.view().notices.at(-1)?.text ?? "";
const NEW_UID = "04C0FFEE0A0B0C";

describe("set-up by touch", { timeout: 60_000 }, () => {
  it("gives the next tag read to the ship waiting, says so, and keeps it across a restart", async () => {
    const r = await post("/api/setup/tag", { ship: "gouda" });
    expect(r.statusCode).toBe(200);
    expect(table.view().assigning).toMatchObject({ kind: "tag", ship: "gouda", instruction: "Tap the base of Gouda on a reader now." });
    // a tag another ship has: said, and the table waits on
    await post("/api/sim/tap", { reader: "reader-2", uid: uidOf(setup, "royal-james") });
    await until(lastNotice, (t) => t.includes("already on Royal James"));
    expect(table.view().assigning?.ship).toBe("gouda");
    expect(table.view().focus).toBeNull(); // the tap while waiting shows nothing else
    await post("/api/sim/lift", { reader: "reader-2" });
    await post("/api/sim/tap", { reader: "reader-1", uid: NEW_UID });
    await until(
      () => table.view().assigning,
      (a) => a === null,
    );
    expect(lastNotice()).toBe(`Gouda: tag ${NEW_UID} assigned.`);
    expect(table.view().ships.find((s) => s.id === "gouda")?.tags).toContain(NEW_UID);
    await post("/api/sim/lift", { reader: "reader-1" });
    // the new tag now taps the ship
    await post("/api/sim/tap", { reader: "reader-1", uid: NEW_UID });
    await until(
      () => table.view().focus?.ship?.id,
      (id) => id === "gouda",
    );
    await post("/api/sim/lift", { reader: "reader-1" });
    await stop();
    await start();
    expect(table.view().ships.find((s) => s.id === "gouda")?.tags).toContain(NEW_UID);
  });

  it("lists the ships without a tag", async () => {
    const created = await post("/api/games", {
      ruleset: "sole-bay-1672",
      fleets: [
        { side: "English", ships: [{ id: "a", name: "Anne", rating: 3, speed: "medium", hull: "average", tag: "04AA" }] },
        { side: "Dutch", ships: [{ id: "b", name: "Batavia", rating: 3, speed: "medium", hull: "average" }] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const first = table.gameId;
    expect((await post(`/api/games/${created.json().id}/open`)).statusCode).toBe(200);
    expect(table.view().untagged).toEqual([{ id: "b", name: "Batavia" }]);
    expect((await post(`/api/games/${first}/open`)).statusCode).toBe(200);
  });

  it("binds the next die rolled; a die already bound, an unknown side or ship is refused in words", async () => {
    expect((await post("/api/setup/tag", { ship: "nope" })).json().error).toMatchObject({ code: "ship.unknown", path: "ship" });
    expect((await post("/api/setup/die", { side: "Prussia" })).json().error).toMatchObject({ code: "side.unknown", path: "side" });
    expect((await post("/api/setup/die", { colors: ["black"], roles: ["rof"], wings: 2 })).statusCode).toBe(400);
    expect((await post("/api/setup/die", { colors: ["black"], side: "Allied" })).statusCode).toBe(200);
    expect(table.view().assigning?.instruction).toBe("Roll the die you want as the black die of the Allied.");
    await post("/api/sim/roll", { die: "pixel-5", face: 3 });
    await until(
      () => table.view().assigning,
      (a) => a === null,
    );
    expect(table.view().bindings).toContainEqual({ die: "pixel-5", colors: ["black"], side: "Allied" });
    expect(lastNotice()).toBe("Black die is now the black die of the Allied.");
    // the same die again: already bound
    expect((await post("/api/setup/die", { colors: ["red"] })).statusCode).toBe(200);
    await post("/api/sim/roll", { die: "pixel-5", face: 4 });
    await until(lastNotice, (t) => t.startsWith("Black die is already the black die of the Allied"));
    expect(table.view().assigning?.kind).toBe("die");
    expect((await post("/api/setup/stop")).statusCode).toBe(200);
    expect(table.view().assigning).toBeNull();
  });

  it("gives a device a friendly name, kept in the file; an unknown device is 404, a long name 400", async () => {
    const put = (id: string, name: string) => app.inject({ method: "PUT", url: `/api/devices/${id}/name`, payload: { name } });
    const before = table.view().devices.find((d) => d.id === "pixel-5")?.name;
    expect(before, "a device nobody named is named in words, never by its id").toMatch(/^[A-Z][a-z]+ die\b/);
    expect((await put("pixel-5", "  Black with the chip ")).statusCode).toBe(200);
    expect(table.view().devices.find((d) => d.id === "pixel-5")).toMatchObject({ name: "Black with the chip" });
    expect(table.store.deviceNames()).toEqual({ "pixel-5": "Black with the chip" });
    expect((await put("pixel-9", "x")).json().error).toMatchObject({ code: "device.unknown", path: "id" });
    expect((await put("pixel-5", "x".repeat(41))).statusCode).toBe(400);
    expect((await put("pixel-5", "")).statusCode).toBe(200);
    expect(table.view().devices.find((d) => d.id === "pixel-5")?.name, "back to the name it had").toBe(before);
  });
});
