/**
 * A ship's marker given by showing it to the camera during set-up (issue 30 item 1; docs/camera.md), as a tag is
 * given by tapping: `POST /api/setup/marker {ship}` makes the table wait, the /camera page reports the ship markers
 * that come into view (`camera.shown` on the live socket), and the first goes to the ship — kept in the game file, so
 * the same game opened again still has it, and its exported table file carries it (each ship's `marker`). A marker another ship was given is refused and the table waits on; one
 * another ship carries only by roster order is taken from her, and she is listed with no marker. Roster order stays
 * the default for every other ship.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { CameraSetup } from "../../../host/camera-sightings.ts";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { tableSetupOfGame } from "../../../host/config/game-table.ts";
import { loadTableFile } from "../../../host/config/load.ts";
import { buildApp } from "../../../host/server/app.ts";
import { LiveServerMessage } from "../../../host/server/schemas.ts";
import type { TableView } from "../../../host/server/view-schema.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const logger = pino({ level: "silent" });
const opened: { app: FastifyInstance; table: TableRuntime }[] = [];
const dbFile = join(tempDir(), "game.sqlite");

async function open() {
  const composed = await composeTable({ setup: { ...demoSetup(), devices: { positions: {} } }, dbFile, logger, sim: false });
  if (!composed.ok) throw new Error(composed.error.message);
  const app = await buildApp({ table: composed.value, logger, token: "test-token-0123456789abcdef" });
  opened.push({ app, table: composed.value });
  await app.ready();
  return { app, table: composed.value };
}

async function close(o: { app: FastifyInstance; table: TableRuntime }) {
  await o.app.close();
  await o.table.close();
  opened.splice(opened.indexOf(o), 1);
}

afterAll(async () => {
  for (const o of [...opened]) await close(o);
});

/** Sends each message on a live socket; what the host answered besides the state pushes and the display's preferences. */
async function exchange(app: FastifyInstance, sent: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const got: Record<string, unknown>[] = [];
  const ws = await app.injectWS("/api/live", {}, { onInit: (s) => s.on("message", (d) => got.push(JSON.parse(String(d)))) });
  for (const m of sent) ws.send(JSON.stringify(m));
  await new Promise((r) => setTimeout(r, 150));
  ws.terminate();
  for (const m of got) expect(Value.Check(LiveServerMessage, m), JSON.stringify(m).slice(0, 100)).toBe(true);
  return got.filter((m) => m.type !== "state" && m.type !== "display" && m.type !== "event");
}

const shown = (...markers: number[]) => ({ type: "camera.shown", markers });
const post = (app: FastifyInstance, url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as object });
const state = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/api/state" })).json() as TableView;
const camera = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/api/camera" })).json() as CameraSetup;
const markerOf = (c: CameraSetup, ship: string) => c.ships.find((s) => s.ship === ship)?.marker;
const lastNotice = (v: TableView) => v.notices.at(-1)?.text ?? "";

describe("a ship's marker given by showing it to the camera", () => {
  it("binds the marker that comes into view to the ship waiting, keeps it in the game file, and refuses another ship's", async () => {
    const t = await open();
    const before = await camera(t.app);
    expect(markerOf(before, "royal-james")).toBe(13); // roster order: the fourth ship
    const third = before.ships.find((s) => s.marker === 12)?.ship as string;

    // not waiting: a marker coming into view gives nothing to anyone
    expect(await exchange(t.app, [shown(40)])).toEqual([]);
    expect(markerOf(await camera(t.app), "royal-james")).toBe(13);

    const waited = await post(t.app, "/api/setup/marker", { ship: "royal-james" });
    expect(waited.statusCode).toBe(200);
    const waiting = await state(t.app);
    expect(waiting.assigning).toMatchObject({ kind: "marker", ship: "royal-james" });
    expect(waiting.assigning?.instruction).toBe("Show Royal James's marker to the camera now: put her in its view.");

    expect(await exchange(t.app, [shown(40, 41)])).toEqual([]);
    const given = await state(t.app);
    expect(given.assigning).toBeNull();
    expect(lastNotice(given)).toBe("Royal James: marker 40 assigned.");
    const after = await camera(t.app);
    expect(markerOf(after, "royal-james")).toBe(40);
    expect(after.ships.some((s) => s.marker === 13)).toBe(false);
    expect(after.ships.some((s) => s.marker === 41)).toBe(false); // the second marker shown went to no one
    expect(after.unmarked).toEqual([]);

    // the camera's sightings of marker 40 are Royal James's now; 13 is no ship's
    const replies = await exchange(t.app, [
      {
        type: "camera.seen",
        markers: [
          { id: 40, x: 950, y: 535, heading: 84, uncertainty: 0.4 },
          { id: 13, x: 10, y: 10, heading: 0, uncertainty: 0.4 },
        ],
      },
    ]);
    expect(replies).toEqual([{ type: "camera.reported", reported: 1, unknown: [13] }]);
    expect((await state(t.app)).table?.ships.find((s) => s.id === "royal-james")).toMatchObject({ x: 950, y: 535, source: "camera" });

    // another ship's given marker is refused and the table waits on; one another ship has by roster order is taken
    await post(t.app, "/api/setup/marker", { ship: "gouda" });
    await exchange(t.app, [shown(40)]);
    const refused = await state(t.app);
    expect(lastNotice(refused)).toBe("Marker 40 is already Royal James's: show Gouda's own marker to the camera.");
    expect(refused.notices.at(-1)?.level).toBe("warn");
    expect(refused.assigning).toMatchObject({ kind: "marker", ship: "gouda" });
    await exchange(t.app, [shown(12)]);
    const taken = await state(t.app);
    const thirdName = before.ships.find((s) => s.ship === third)?.name;
    expect(lastNotice(taken)).toBe(`Gouda: marker 12 assigned (it was ${thirdName}'s by roster order: show hers to give her one).`);
    const now = await camera(t.app);
    expect(markerOf(now, "gouda")).toBe(12);
    expect(now.unmarked).toEqual([{ ship: third, name: thirdName }]);

    // the same game opened again keeps both
    await close(t);
    const again = await open();
    const kept = await camera(again.app);
    expect(markerOf(kept, "royal-james")).toBe(40);
    expect(markerOf(kept, "gouda")).toBe(12);
    expect(markerOf(kept, "royal-prince")).toBe(10);

    // the game's table file carries them as each ship's `marker`, and loads back (and imports) with them
    const exported = await again.app.inject({ method: "GET", url: `/api/games/${again.table.gameId}/table-file` });
    expect(exported.statusCode).toBe(200);
    const file = join(tempDir(), "exported.yaml");
    writeFileSync(file, exported.body);
    const loaded = loadTableFile(file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.markers).toEqual({ "royal-james": 40, gouda: 12 });
    const imported = await post(again.app, "/api/games/import", { text: exported.body });
    expect(imported.statusCode).toBe(201);
    const record = again.table.store.games().find((g) => g.id === imported.json().id);
    const setup = record && tableSetupOfGame(record);
    expect(setup?.ok && setup.value.markers).toEqual({ "royal-james": 40, gouda: 12 });
    // a game not open exports them too (the same file but for the table's devices, which only the open game has)
    const stored = await again.app.inject({ method: "GET", url: `/api/games/${imported.json().id}/table-file` });
    const withoutDevices = (text: string) => text.replace(/^devices:\n(?: .*\n)*/m, "");
    expect(withoutDevices(stored.body)).toBe(
      withoutDevices(exported.body.replace(`game-${again.table.gameId}`, `game-${imported.json().id}`)),
    );
    expect(stored.body).not.toMatch(/^devices:/m);
    await close(again);
  }, 60_000);

  it("refuses a camera.shown out of bounds, naming the field, and an unknown ship to wait for", async () => {
    const t = await open();
    const replies = await exchange(t.app, [shown(5), shown(), { type: "camera.shown", markers: [40], extra: 1 }]);
    expect(replies).toHaveLength(3);
    for (const r of replies) expect(r).toMatchObject({ type: "error", error: { code: "input.invalid", path: "message" } });
    expect(String((replies[0]?.error as { message: string } | undefined)?.message)).toMatch(/^camera\.shown\.markers\.0: /);
    const r = await post(t.app, "/api/setup/marker", { ship: "no-such-ship" });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ ok: false, error: { code: "ship.unknown" } });
    await close(t);
  }, 30_000);
});
