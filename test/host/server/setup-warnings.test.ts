/**
 * A 1666 squadron with no flagship marked is said at set-up (issue 24 item 8): when its roster is read, when its game
 * is created, and on the display when the game opens (until the first result).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const ship = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  name: id,
  nation: "english",
  guns: 60,
  hullPoints: 20,
  firePoints: 5,
  ...more,
});
const NO_FLAG = /^The English squadron has no flagship marked, so it rolls initiative at −1 every move/;

describe("a 1666 squadron with no flagship marked", () => {
  it("is said beside the roster's ships (which are added all the same)", async () => {
    const text = [
      "side,id,name,nation,guns,hullPoints,firePoints",
      "English,a,Anne,english,60,20,5",
      "English,b,Bear,english,60,20,5",
    ].join("\n");
    const r = await f.app.inject({
      method: "POST",
      url: "/api/rosters/parse",
      payload: { ruleset: "anglo-dutch-1666", format: "csv", text },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().ships).toHaveLength(2);
    expect(r.json().warnings).toEqual([expect.stringMatching(NO_FLAG)]);
  });
  it("is said when the game is created and on the display when it opens, until the first result", async () => {
    const created = await f.app.inject({
      method: "POST",
      url: "/api/games",
      payload: {
        ruleset: "anglo-dutch-1666",
        fleets: [
          { side: "English", ships: [ship("a"), ship("b")] },
          { side: "Dutch", ships: [ship("z", { nation: "dutch", flagship: true })] },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().warnings).toEqual([expect.stringMatching(NO_FLAG)]);
    expect((await f.app.inject({ method: "POST", url: `/api/games/${created.json().id}/open` })).statusCode).toBe(200);
    expect(f.table.view().setupWarnings).toEqual([expect.stringMatching(NO_FLAG)]);
    expect(f.table.session.send({ type: "start", action: { type: "initiative" } }).ok).toBe(true);
    expect(f.table.session.send({ type: "dice", values: [3, 4] })).toEqual({ ok: true, value: null });
    expect(f.table.view().setupWarnings).toEqual([]);
  });
  it("a scenario that marks its flagships says nothing", async () => {
    const created = await f.app.inject({
      method: "POST",
      url: "/api/games",
      payload: { ruleset: "anglo-dutch-1666", scenario: "anglo-dutch-1666" },
    });
    expect(created.json().warnings).toEqual([]);
  });
});
