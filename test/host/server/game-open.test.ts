/**
 * `POST /api/games/:id/open` (docs/reference/http-api.md, issue 12): another game of the file takes the table, on the same devices
 * and live sockets; the same start of the host resumes it; the game put away is kept exactly.
 */
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { composeTable, type TableRuntime } from "../../../host/compose.ts";
import { buildApp } from "../../../host/server/app.ts";
import { demoSetup, tempDir } from "../helpers.ts";
import { TOKEN, until } from "./app-fixture.ts";

const logger = pino({ level: "silent" });
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** The demo table (no devices) over `dbFile`, with its app. */
async function table(dbFile: string) {
  const composed = await composeTable({ setup: { ...demoSetup(), devices: {} }, dbFile, logger, sim: false });
  if (!composed.ok) throw new Error(composed.error.message);
  const t: TableRuntime = composed.value;
  const app = await buildApp({ table: t, logger, token: TOKEN });
  const handle = {
    t,
    app,
    close: async () => {
      await app.close();
      await t.close();
    },
  };
  opened.push(handle);
  return handle;
}

const post = (h: Awaited<ReturnType<typeof table>>, url: string, payload: object = {}) => h.app.inject({ method: "POST", url, payload });

describe("opening a game of the file on the table", () => {
  it("puts the game on the table (state, taps by its tags, live clients), keeps the one put away, and a restart resumes it", async () => {
    const file = join(tempDir(), "game.sqlite");
    const h = await table(file);
    const first = h.t.gameId;
    expect(h.t.session.send({ type: "dice", values: [6, 2] }).ok).toBe(true); // the opening initiative
    const played = h.t.session.records.length;
    const created = await post(h, "/api/games", { ruleset: "quickfire", scenario: "quickfire" });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;

    const url = await h.app.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${url.replace("http", "ws")}/api/live`);
    const states: { ruleset: { id: string }; version: number }[] = [];
    ws.on("message", (d) => {
      const m = JSON.parse(String(d));
      if (m.type === "state") states.push(m.state);
    });
    await until(
      () => states.length,
      (n) => n > 0,
    );
    const before = h.t.view().version;

    const r = await post(h, `/api/games/${id}/open`);
    expect(r.statusCode).toBe(200);
    expect(r.json().game).toMatchObject({ id, ruleset: "quickfire", open: true });
    expect(h.t.gameId).toBe(id);
    expect(h.t.view()).toMatchObject({ ruleset: { id: "quickfire" }, title: "Tsushima, 27 May 1905" });
    expect(h.t.view().version).toBeGreaterThan(before);
    // the live clients are told, with a newer version than any state of the game before
    await until(
      () => states.at(-1),
      (s) => s?.ruleset.id === "quickfire",
    );
    expect(states.at(-1)?.version).toBeGreaterThan(before);
    ws.close();
    // the API speaks to the new game
    const ship = h.t.session.state.ships[0]?.id as string;
    expect((await post(h, "/api/tap", { ship })).statusCode).toBe(200);
    expect(h.t.view().focus?.ship?.id).toBe(ship);
    const games = (await h.app.inject({ method: "GET", url: "/api/games" })).json() as { id: number; open: boolean }[];
    expect(games.filter((g) => g.open).map((g) => g.id)).toEqual([id]);
    // opening it again changes nothing
    expect((await post(h, `/api/games/${id}/open`)).statusCode).toBe(200);
    expect(h.t.gameId).toBe(id);

    // the same start resumes the game opened, as it was
    await h.close();
    opened.splice(0);
    const again = await table(file);
    expect(again.t.gameId).toBe(id);
    expect(again.t.session.work.focus).toBe(ship);
    // and the first game comes back exactly as it was put away
    expect((await post(again, `/api/games/${first}/open`)).statusCode).toBe(200);
    expect(again.t.view().ruleset.id).toBe("sole-bay-1672");
    expect(again.t.session.records.length).toBe(played);
  });

  it("refuses an unknown game (404) and a bad id (400); the open game cannot be deleted, the one put away can", async () => {
    const h = await table(join(tempDir(), "game.sqlite"));
    const first = h.t.gameId;
    const missing = await post(h, "/api/games/999/open");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: "game.unknown", path: "id" });
    expect((await post(h, "/api/games/x/open")).statusCode).toBe(400);
    expect(h.t.gameId).toBe(first);
    const id: number = (await post(h, "/api/games", { ruleset: "wsim-battle-v3", scenario: "wsim-battle-v3" })).json().id;
    expect((await post(h, `/api/games/${id}/open`)).statusCode).toBe(200);
    expect((await h.app.inject({ method: "DELETE", url: `/api/games/${id}` })).statusCode).toBe(409);
    expect((await h.app.inject({ method: "DELETE", url: `/api/games/${first}` })).statusCode).toBe(200);
    expect(h.t.store.games().map((g) => g.id)).toEqual([id]);
  });

  it("opening an ended game makes it active again; two opens at once end with one game on the table", async () => {
    const h = await table(join(tempDir(), "game.sqlite"));
    const first = h.t.gameId;
    const a: number = (await post(h, "/api/games", { ruleset: "quickfire", scenario: "quickfire" })).json().id;
    const b: number = (await post(h, "/api/games", { ruleset: "age-of-sail", scenario: "age-of-sail" })).json().id;
    expect((await post(h, `/api/games/${a}/end`)).statusCode).toBe(200);
    const [ra, rb] = await Promise.all([post(h, `/api/games/${a}/open`), post(h, `/api/games/${b}/open`)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(h.t.gameId).toBe(b);
    const games = (await h.app.inject({ method: "GET", url: "/api/games" })).json() as { id: number; status: string; open: boolean }[];
    expect(games.find((g) => g.id === a)).toMatchObject({ status: "active", open: false });
    expect(games.find((g) => g.id === first)).toMatchObject({ open: false });
    expect(h.t.view().ruleset.id).toBe("age-of-sail");
  });

  it("lists each game's turn, also of a game not on the table (the rule set's count, else the session's)", async () => {
    const h = await table(join(tempDir(), "game.sqlite"));
    const first = h.t.gameId;
    for (let i = 0; i < h.t.session.rs.phases.length; i++) expect(h.t.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(h.t.view().turn).toBe(2);
    const other: number = (await post(h, "/api/games", { ruleset: "quickfire", scenario: "quickfire" })).json().id;
    expect((await post(h, `/api/games/${other}/open`)).statusCode).toBe(200);
    const games = (await h.app.inject({ method: "GET", url: "/api/games" })).json() as { id: number; turn: number }[];
    expect(games.find((g) => g.id === first)?.turn).toBe(2);
    expect(games.find((g) => g.id === other)?.turn).toBe(1);
  });
});
