/** `GET /api/games` and `GET /api/games/:id/report` (docs/reference/http-api.md, the read side of issue 12). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

describe("the games of the table's file", () => {
  it("lists the open game with its rule set, scenario, turn and last change", async () => {
    const r = await f.app.inject({ method: "GET", url: "/api/games" });
    expect(r.statusCode).toBe(200);
    const [game, ...more] = r.json();
    expect(more).toEqual([]);
    expect(game).toMatchObject({ id: f.table.gameId, ruleset: "sole-bay-1672", turn: 1, status: "active", open: true });
    expect(game.title).toBe(f.table.session.setup.title);
    expect(typeof game.updatedAt).toBe("number");
  });

  it("serves a game's after-action report as HTML: the log as sentences with the dice of each result", async () => {
    expect(f.table.session.send({ type: "dice", values: [6, 2] }).ok).toBe(true);
    const last = f.table.session.records.at(-1);
    const r = await f.app.inject({ method: "GET", url: `/api/games/${f.table.gameId}/report` });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    expect(r.body).toContain(last?.description ?? "?");
    const games = (await f.app.inject({ method: "GET", url: "/api/games" })).json();
    expect(games[0].updatedAt).toBe(last?.at);
  });

  it("an unknown game is 404 naming it; a bad id is 400", async () => {
    const missing = await f.app.inject({ method: "GET", url: "/api/games/999/report" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: "game.unknown", path: "id" });
    expect((await f.app.inject({ method: "GET", url: "/api/games/nope/report" })).statusCode).toBe(400);
  });
});

describe("ending, archiving and deleting games", () => {
  it("ends the open game with the winner a person names (a side of the table), or none; bad winners are refused", async () => {
    const bad = await f.app.inject({ method: "POST", url: `/api/games/${f.table.gameId}/end`, payload: { winner: "Prussia" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "side.unknown", path: "winner" });
    expect(
      (await f.app.inject({ method: "POST", url: `/api/games/${f.table.gameId}/end`, payload: { winner: "Allied", x: 1 } })).statusCode,
    ).toBe(400);
    const ended = await f.app.inject({ method: "POST", url: `/api/games/${f.table.gameId}/end`, payload: { winner: "Allied" } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().game).toMatchObject({ status: "ended", winner: "Allied" });
    // body-less: an empty body is accepted
    const again = await f.app.inject({
      method: "POST",
      url: `/api/games/${f.table.gameId}/end`,
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().game).toMatchObject({ status: "ended", winner: null });
  });

  it("a game of the same table file started after one was ended is a new game; archive and delete earlier ones, never the open one", async () => {
    const setup = f.table.session.setup;
    const next = f.table.store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, 5);
    expect(next.gameId).not.toBe(f.table.gameId);
    const listed = (await f.app.inject({ method: "GET", url: "/api/games" })).json();
    expect(listed.map((g: { id: number; status: string }) => [g.id, g.status])).toEqual([
      [f.table.gameId, "ended"],
      [next.gameId, "active"],
    ]);
    const archived = await f.app.inject({ method: "POST", url: `/api/games/${next.gameId}/archive` });
    expect(archived.json().game.status).toBe("archived");
    const open = await f.app.inject({ method: "DELETE", url: `/api/games/${f.table.gameId}` });
    expect(open.statusCode).toBe(409);
    expect(open.json().error.code).toBe("game.open");
    expect((await f.app.inject({ method: "DELETE", url: `/api/games/${next.gameId}` })).statusCode).toBe(200);
    expect((await f.app.inject({ method: "DELETE", url: `/api/games/${next.gameId}` })).statusCode).toBe(404);
    const left = (await f.app.inject({ method: "GET", url: "/api/games" })).json();
    expect(left.map((g: { id: number }) => g.id)).toEqual([f.table.gameId]);
    // nothing of the open game was lost
    expect(f.table.store.log(f.table.gameId).length).toBeGreaterThan(0);
  });
});
