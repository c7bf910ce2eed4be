/** `POST /api/games` (docs/reference/http-api.md, issue 12): a new game, not opened, never disturbing the open one. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableSetupOfGame } from "../../../host/config/game-table.ts";
import { type AppFixture, appFixture, fingerprint } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const create = (body: unknown) => f.app.inject({ method: "POST", url: "/api/games", payload: body as object });

const FLEETS = [
  { side: "English", ships: [{ id: "royal-james", name: "Royal James", tag: "04aa", rating: 1, speed: "slow", hull: "stout" }] },
  { side: "Dutch", ships: [{ id: "gouda", name: "Gouda", tag: ["04BB", "04BC"], rating: 3, speed: "medium", hull: "average" }] },
];

describe("POST /api/games", () => {
  it("creates a game from fleets and players: 201 with its list entry, active and not open", async () => {
    const before = fingerprint(f.table);
    const r = await create({
      ruleset: "sole-bay-1672",
      title: "Club night",
      fleets: FLEETS,
      players: [{ side: "Dutch", name: "Ruth", dice: "manual" }],
    });
    expect(r.statusCode).toBe(201);
    const game = r.json();
    expect(game).toMatchObject({
      ruleset: "sole-bay-1672",
      title: "Club night",
      scenario: null,
      turn: 1,
      status: "active",
      open: false,
      winner: null,
    });
    expect(game.id).not.toBe(f.table.gameId);
    expect(fingerprint(f.table)).toBe(before);
    // the stored set-up opens as the table setup: ships, tags and players
    const record = f.table.store.games().find((g) => g.id === game.id);
    const setup = record && tableSetupOfGame(record);
    expect(setup?.ok && setup.value.tags).toEqual({ "04AA": "royal-james", "04BB": "gouda", "04BC": "gouda" });
    expect(setup?.ok && setup.value.players).toEqual([{ side: "Dutch", name: "Ruth", dice: "manual" }]);
    expect(setup?.ok && setup.value.start.ships.map((s) => [s.id, s.side])).toEqual([
      ["royal-james", "English"],
      ["gouda", "Dutch"],
    ]);
  });

  it("creates a game from a bundled scenario, with the scenario named in the list", async () => {
    const r = await create({ ruleset: "quickfire", scenario: "quickfire" });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ ruleset: "quickfire", scenario: "quickfire", title: "Tsushima, 27 May 1905", open: false });
    const listed = (await f.app.inject({ method: "GET", url: "/api/games" })).json();
    expect(listed.find((g: { id: number }) => g.id === r.json().id)).toMatchObject({ scenario: "quickfire" });
  });

  it("a game from the open table's own scenario is a game of its own: a restart still resumes the open one", async () => {
    const setup = f.table.session.setup;
    const r = await create({ ruleset: setup.ruleset.id, scenario: "sole-bay-1672" });
    expect(r.statusCode).toBe(201);
    const again = f.table.store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, 9);
    expect(again.gameId).toBe(f.table.gameId);
  });

  it("refuses an unknown rule set or scenario, a scenario of another rule set, and no ships, naming the field", async () => {
    const before = f.table.store.games().length;
    const rs = await create({ ruleset: "trafalgar" });
    expect(rs.statusCode).toBe(400);
    expect(rs.json().error).toMatchObject({ code: "ruleset.unknown", path: "ruleset" });
    const sc = await create({ ruleset: "sole-bay-1672", scenario: "lepanto" });
    expect(sc.statusCode).toBe(400);
    expect(sc.json().error).toMatchObject({ code: "scenario.unknown", path: "scenario" });
    const other = await create({ ruleset: "sole-bay-1672", scenario: "quickfire" });
    expect(other.json().error).toMatchObject({ path: "scenario" });
    expect(other.json().error.message).toMatch(/quickfire game, not sole-bay-1672/);
    const none = await create({ ruleset: "sole-bay-1672" });
    expect(none.json().error).toMatchObject({ code: "input.invalid", path: "fleets" });
    expect(f.table.store.games().length).toBe(before);
  });

  it("refuses a bad ship, a tag on two ships and a player of no side, naming the fleet, ship and field", async () => {
    const before = f.table.store.games().length;
    const bad = structuredClone(FLEETS);
    (bad[1]?.ships[0] as Record<string, unknown>).hull = "paper";
    const r = await create({ ruleset: "sole-bay-1672", fleets: bad });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "input.invalid", path: "fleets[1].ships[0].hull" });
    expect(r.json().error.message).toMatch(/^fleets\[1\]\.ships\[0\]\.hull: hull must be one of/);
    const twice = structuredClone(FLEETS);
    (twice[1]?.ships[0] as Record<string, unknown>).tag = "04:AA";
    expect((await create({ ruleset: "sole-bay-1672", fleets: twice })).json().error).toMatchObject({ path: "fleets[1].ships[0].tag" });
    const player = await create({ ruleset: "sole-bay-1672", fleets: FLEETS, players: [{ side: "Prussia" }] });
    expect(player.json().error).toMatchObject({ path: "players[0].side" });
    const extra = await create({ ruleset: "sole-bay-1672", fleets: FLEETS, colour: "blue" });
    expect(extra.json().error).toMatchObject({ code: "input.invalid", path: "colour" });
    const noName = await create({ ruleset: "sole-bay-1672", fleets: [{ side: "A", ships: [{ id: "a" }] }] });
    expect(noName.json().error).toMatchObject({ path: "fleets[0].ships[0].name" });
    expect(f.table.store.games().length).toBe(before);
  });

  it("takes a roster's worth of ships (over 64 KB of body)", async () => {
    const ships = Array.from({ length: 480 }, (_, i) => ({
      id: `ship-${i}`,
      name: `A ship with a rather long name, number ${i}`,
      tag: `04${i.toString(16).padStart(12, "0")}`,
      rating: 3,
      speed: "medium",
      hull: "average",
      squadron: "White",
    }));
    const body = {
      ruleset: "sole-bay-1672",
      fleets: [
        { side: "English", ships: ships.slice(0, 240) },
        { side: "Dutch", ships: ships.slice(240) },
      ],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    expect((await create(body)).statusCode).toBe(201);
  });

  it("shows its body in the OpenAPI document", async () => {
    const doc = (await f.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/games"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("fleets");
  });
});
