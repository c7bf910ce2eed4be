/** `GET /api/games/:id/table-file` (issue 12: save the set-up): a table file `start --config` loads unchanged. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableSetupOfGame } from "../../../host/config/game-table.ts";
import { loadTableFile, type TableSetup } from "../../../host/config/load.ts";
import { tempDir } from "../helpers.ts";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

/** What a game owns of a table setup: everything but the table's devices, bindings and club. */
const gamePart = ({ devices: _d, deviceNames: _n, devicesSection: _s, club: _c, bindings: _b, ...rest }: TableSetup) => rest;

/** The exported text written to a file and loaded as `start --config` loads it. */
function loaded(text: string): TableSetup {
  const file = join(tempDir(), "exported.yaml");
  writeFileSync(file, text);
  const r = loadTableFile(file);
  if (!r.ok) throw new Error(`${r.error.message}\n${text}`);
  return r.value;
}

const exported = (id: number) => f.app.inject({ method: "GET", url: `/api/games/${id}/table-file` });

describe("GET /api/games/:id/table-file", () => {
  it("the open game's set-up loads back as the same game: scenario, ships, tags, wind", async () => {
    const r = await exported(f.table.gameId);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/yaml/);
    expect(r.headers["content-disposition"]).toBe(`attachment; filename="game-${f.table.gameId}.yaml"`);
    expect(r.body).toMatch(/^# quarterdeck table file: /);
    expect(gamePart(loaded(r.body))).toEqual(gamePart(f.table.session.setup));
    // the table's devices go with it (issue 38: Save set-up wrote no devices), as /devices' export gives them
    const sections = f.table.deviceSetup.sections();
    if (sections) expect(loaded(r.body).devices).toEqual(sections.devices);
  });

  it("a game created from the browser loads back with its fleets, tags and players, and passes the check route", async () => {
    const created = await f.app.inject({
      method: "POST",
      url: "/api/games",
      payload: {
        ruleset: "age-of-sail",
        scenario: "age-of-sail",
        title: "Finisterre again",
        fleets: [
          { side: "GB", ships: [{ id: "victory", name: "Victory", tag: "04:c2:00:01", class: "ship-of-the-line", heading: "S" }] },
          { side: "FR", ships: [{ id: "hermione", name: "Hermione", tag: ["04D2", "04D3"], class: "frigate", heading: "N" }] },
        ],
        players: [{ side: "FR", name: "Marie", dice: "software" }],
      },
    });
    const id = created.json().id;
    const r = await exported(id);
    const back = loaded(r.body);
    const record = f.table.store.games().find((g) => g.id === id);
    const stored = record && tableSetupOfGame(record);
    expect(stored?.ok).toBe(true);
    if (stored?.ok) expect(gamePart(back)).toEqual(gamePart(stored.value));
    expect(back.tags).toEqual({ "04C20001": "victory", "04D2": "hermione", "04D3": "hermione" });
    expect(back.players).toEqual([{ side: "FR", name: "Marie", dice: "software" }]);
    expect(back.start.wind).toEqual({ direction: "S", speed: 4 });
    const check = await f.app.inject({ method: "POST", url: "/api/table-files/check", payload: { text: r.body } });
    expect(check.json()).toEqual({ ok: true });
  });

  it("a title with line breaks stays the title: nothing of it is read back as a key (issue 27)", async () => {
    const title = "Night\nclub:\n  broker: mqtts://elsewhere.example\r\nruleset: quickfire";
    const created = await f.app.inject({
      method: "POST",
      url: "/api/games",
      payload: { ruleset: "sole-bay-1672", scenario: "sole-bay-1672", title },
    });
    const r = await exported(created.json().id);
    const back = loaded(r.body);
    expect(back.title).toBe(title);
    expect(back.club ?? null).toBeNull();
    expect(back.ruleset.id).toBe("sole-bay-1672");
    expect(r.body.split("\n").filter((l) => /^club:|^ruleset: quickfire/.test(l))).toEqual([]);
  });

  it("an unknown game is 404 naming it", async () => {
    const r = await exported(999);
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toMatchObject({ code: "game.unknown", path: "id" });
  });
});

describe("POST /api/games/import", () => {
  it("makes a new game (not opened) of a table file's set-up: exported from one game, it loads as the same game", async () => {
    const text = (await exported(f.table.gameId)).body;
    const before = f.table.store.games().length;
    const r = await f.app.inject({ method: "POST", url: "/api/games/import", payload: { text } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ ruleset: "sole-bay-1672", open: false, status: "active" });
    expect(f.table.store.games()).toHaveLength(before + 1);
    const record = f.table.store.games().find((g) => g.id === r.json().id);
    const setup = record && tableSetupOfGame(record);
    expect(setup?.ok && gamePart(setup.value)).toEqual(gamePart(f.table.session.setup));
  });

  it("refuses a table file of 2,000 ships at once, naming the cap, and saves nothing (issue 27)", async () => {
    const before = f.table.store.games().length;
    const ship = (side: string, i: number) => `      - { id: ${side}-${i}, name: ${side} ${i}, rating: 3, speed: medium, hull: average }`;
    const fleet = (side: string) => [`  - side: ${side}`, "    ships:", ...Array.from({ length: 1000 }, (_, i) => ship(side, i))];
    const text = ["ruleset: sole-bay-1672", "fleets:", ...fleet("English"), ...fleet("Dutch")].join("\n");
    const r = await f.app.inject({ method: "POST", url: "/api/games/import", payload: { text } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({
      code: "config.invalid",
      message: "table.yaml:2 (fleets): a game holds at most 500 ships; this one has 2000.",
    });
    expect(f.table.store.games()).toHaveLength(before);
  });

  it("refuses a ship's camera marker that is no ship marker, or another ship's, at its line", async () => {
    const ship = (id: string, marker: string) =>
      `      - { id: ${id}, name: ${id.toUpperCase()}, marker: ${marker}, rating: 3, speed: medium, hull: average }`;
    const file = (a: string, b: string) =>
      ["ruleset: sole-bay-1672", "fleets:", "  - side: English", "    ships:", ship("a", a), ship("b", b)].join("\n");
    const refused = async (text: string) => (await f.app.inject({ method: "POST", url: "/api/games/import", payload: { text } })).json();
    expect((await refused(file("40", "40"))).error).toMatchObject({
      code: "config.invalid",
      message: "table.yaml:6 (fleets[0].ships[1].marker): marker 40 is already on a.",
    });
    expect((await refused(file("3", "41"))).error.message).toMatch(/^table\.yaml:5 \(fleets\[0\]\.ships\[0\]\.marker\): /);
  });

  it("names the line and key of a bad table file, and saves nothing", async () => {
    const before = f.table.store.games().length;
    const text =
      "ruleset: sole-bay-1672\nfleets:\n  - side: English\n    ships:\n      - id: a\n        name: A\n        rating: 9\n        speed: medium\n        hull: average\n";
    const r = await f.app.inject({ method: "POST", url: "/api/games/import", payload: { text } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toMatch(/^table\.yaml:7 .*rating/);
    expect(f.table.store.games()).toHaveLength(before);
  });
});
