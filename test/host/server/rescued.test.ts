/**
 * Issue 39 item 5: a game file deleted under the host is rescued beside it (`game.sqlite.rescued-<time>`); the next
 * start, which begins an empty file, names the copy on the display and lists it on /games (`GET /api/games/rescued`),
 * and `POST /api/games/rescued/:name/restore` brings its games back into the file as new games, to be opened there —
 * with every result as it was. Before, a restart started an empty game and never mentioned the copy.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { demoSetup, tempDir } from "../helpers.ts";

const TOKEN = "test-token-0123456789abcdef";
const logger = pino({ level: "silent" });
const dbFile = join(tempDir(), "game.sqlite");
const opened: { app: FastifyInstance; table: TableRuntime }[] = [];

async function start() {
  const composed = await composeTable({ setup: { ...demoSetup(), devices: {} }, dbFile, logger, sim: false });
  if (!composed.ok) throw new Error(composed.error.message);
  const app = await buildApp({ table: composed.value, logger, token: TOKEN });
  await app.ready();
  const t = { app, table: composed.value };
  opened.push(t);
  return t;
}
async function stop(t: { app: FastifyInstance; table: TableRuntime }) {
  await t.app.close();
  await t.table.close();
  opened.splice(opened.indexOf(t), 1);
}
afterAll(async () => {
  for (const t of [...opened]) await stop(t);
});

/** Sets the wind by hand: one result (resolved at once: setting the wind takes no dice). */
function windResult(table: TableRuntime, windward: string): boolean {
  const before = table.session.records.length;
  table.session.send({ type: "start", action: { type: "set-wind", windward } });
  return table.session.records.length === before + 1;
}

describe("a rescued copy of the game file", () => {
  it("is named on the display at the next start, listed for /games, and restored there with every result", async () => {
    const first = await start();
    expect(windResult(first.table, "S")).toBe(true);
    expect(windResult(first.table, "E")).toBe(true);
    rmSync(dbFile); // deleted under the running host
    first.table.session.checkStore();
    const copy = readdirSync(dirname(dbFile)).find((n) => n.startsWith("game.sqlite.rescued-")) as string;
    expect(copy).toBeDefined();
    await stop(first);

    const second = await start(); // a new, empty game file
    expect(second.table.session.records).toHaveLength(0);
    const said = second.table.view().notices.map((n) => n.text);
    expect(said).toContain(
      `A copy of the game so far was kept when the game file was deleted or replaced: ${copy} (2 results). Restore it on /games.`,
    );
    const listed = (await second.app.inject({ method: "GET", url: "/api/games/rescued" })).json();
    expect(listed).toEqual({
      ok: true,
      copies: [
        {
          name: copy,
          at: Number(copy.split("-").at(-1)),
          games: [{ title: "Sole Bay, 28 May 1672", ruleset: "sole-bay-1672", results: 2 }],
        },
      ],
    });

    // a write: from another machine it needs the token, as every write does
    const url = `/api/games/rescued/${copy}/restore`;
    const lan = await second.app.inject({ method: "POST", url, remoteAddress: "192.168.1.20" });
    expect(lan.statusCode).toBe(401);
    const restored = await second.app.inject({ method: "POST", url });
    expect(restored.statusCode).toBe(200);
    const { games, kept } = restored.json() as { games: number[]; kept: string };
    expect(games).toHaveLength(1);
    expect(kept).toMatch(/^game\.sqlite\.restored-\d+$/);
    expect(existsSync(join(dirname(dbFile), kept))).toBe(true);
    expect((await second.app.inject({ method: "GET", url: "/api/games/rescued" })).json()).toEqual({ ok: true, copies: [] });
    const list = (await second.app.inject({ method: "GET", url: "/api/games" })).json() as { id: number }[];
    expect(list.map((g) => g.id)).toContain(games[0]);

    // opened from /games: the game as it was, both results and the wind
    const open = await second.app.inject({ method: "POST", url: `/api/games/${games[0]}/open` });
    expect(open.statusCode).toBe(200);
    expect(second.table.session.records.map((r) => r.description)).toEqual(["Windward edge: S", "Windward edge: E"]);
    expect(second.table.session.state.wind).toMatchObject({ windward: "E" });
    // and the table plays on in it
    expect(windResult(second.table, "N")).toBe(true);
    expect(second.table.store.log(games[0] as number).filter((r) => r.kind === "action")).toHaveLength(3);
  });

  it("an unknown copy is 404, a name that is no copy's 400; nothing is written", async () => {
    const t = opened[0] ?? (await start());
    const before = (await t.app.inject({ method: "GET", url: "/api/games" })).json() as unknown[];
    const unknown = await t.app.inject({ method: "POST", url: "/api/games/rescued/game.sqlite.rescued-1/restore" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: "rescued.unknown", path: "name" });
    for (const name of ["..%2Fgame.sqlite", "quarterdeck.lock", "game.sqlite.restored-1"]) {
      expect((await t.app.inject({ method: "POST", url: `/api/games/rescued/${name}/restore` })).statusCode, name).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/games" })).json()).toEqual(before);
  });
});
