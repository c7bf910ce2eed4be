/** `GET /api/games/:id/summary` (issue 12): losses by side, breakpoints, and the winner by the rules or by a person. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const create = async (body: unknown): Promise<number> => {
  const r = await f.app.inject({ method: "POST", url: "/api/games", payload: body as object });
  if (r.statusCode !== 201) throw new Error(r.body);
  return r.json().id;
};
const summary = (id: number) => f.app.inject({ method: "GET", url: `/api/games/${id}/summary` });

describe("GET /api/games/:id/summary", () => {
  it("the open game: every ship afloat, squadrons' breakpoints, no victory condition in the Sole Bay text", async () => {
    const r = await summary(f.table.gameId);
    expect(r.statusCode).toBe(200);
    const s = r.json();
    expect(s).toMatchObject({
      id: f.table.gameId,
      ruleset: "sole-bay-1672",
      status: "active",
      winner: null,
      victoryCondition: false,
      namedWinner: null,
    });
    expect(s.reason).toMatch(/name no victory condition; ships lost side by side: .* 0 of \d+/);
    const ships = f.table.session.state.ships;
    expect(s.sides.map((x: { side: string }) => x.side)).toEqual([...new Set(ships.map((x) => x.side))]);
    for (const side of s.sides) {
      expect(side.afloat).toBe(side.ships);
      expect(side.out).toEqual({});
      expect(side.breakpoints.length).toBeGreaterThan(0);
      expect(side.breakpoints[0]).toMatchObject({ lost: 0, reached: false, broken: false });
    }
  });

  it("counts ships out of the fight by the rule set's words and marks a breakpoint reached", async () => {
    const ship = (id: string, more: Record<string, unknown> = {}) => ({
      id,
      name: id,
      rating: 2,
      speed: "medium",
      hull: "stout",
      squadron: "Red",
      ...more,
    });
    const id = await create({
      ruleset: "sole-bay-1672",
      fleets: [
        { side: "English", ships: [ship("a", { damage: 20 }), ship("b"), ship("c")] },
        { side: "Dutch", ships: [ship("d", { squadron: "Zeeland" })] },
      ],
      players: [{ side: "English", name: "Ann" }],
    });
    const s = (await summary(id)).json();
    expect(s.sides[0]).toEqual({
      side: "English",
      players: ["Ann"],
      ships: 3,
      afloat: 2,
      // one ship, counted once under its first word ("destroyed · prize" is not two ships)
      out: { destroyed: 1 },
      lost: [{ id: "a", name: "a", status: expect.arrayContaining(["destroyed", "prize"]) }],
      breakpoints: [{ group: "Red", counted: 3, lost: 1, reached: true, broken: false }],
    });
    expect(s.reason).toMatch(/English 1 of 3, Dutch 0 of 1/);
  });

  it("names the winner by the rule set's own victory condition (Age of Sail: most damage inflicted)", async () => {
    const id = await create({
      ruleset: "age-of-sail",
      fleets: [
        { side: "GB", ships: [{ id: "victory", name: "Victory", class: "ship-of-the-line" }] },
        {
          side: "FR",
          ships: [
            { id: "hermione", name: "Hermione", class: "frigate", sunk: true },
            { id: "fougueux", name: "Fougueux", class: "ship-of-the-line" },
          ],
        },
      ],
    });
    const s = (await summary(id)).json();
    expect(s).toMatchObject({ winner: "GB", victoryCondition: true, namedWinner: null });
    expect(s.reason).toMatch(/most damage on the opposing fleet/);
    expect(s.sides[1]).toMatchObject({ side: "FR", ships: 2, afloat: 1, out: { sunk: 1 } });
  });

  it("gives the winner a person named on ending the game beside the rules' own", async () => {
    const id = await create({ ruleset: "quickfire", scenario: "quickfire" });
    await f.app.inject({ method: "POST", url: `/api/games/${id}/end`, payload: { winner: "Japan" } });
    const s = (await summary(id)).json();
    expect(s).toMatchObject({ status: "ended", namedWinner: "Japan", winner: null, victoryCondition: false });
  });

  it("an unknown game is 404 naming it; the route is in the OpenAPI document", async () => {
    const r = await summary(999);
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toMatchObject({ code: "game.unknown", path: "id" });
    const doc = (await f.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/games/{id}/summary"].get.responses["200"]).toBeDefined();
  });
});

describe("ending a game that is not open", () => {
  it("refuses a winner that is not one of its sides", async () => {
    const id = await create({ ruleset: "quickfire", scenario: "quickfire" });
    const r = await f.app.inject({ method: "POST", url: `/api/games/${id}/end`, payload: { winner: "Prussia" } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "side.unknown", path: "winner" });
  });
});
