/** `GET /api/games` and `GET /api/games/:id/report` (CONTRACT §4, the read side of issue 12). */
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
    expect(f.table.session.enterDice([6, 2]).ok).toBe(true);
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
