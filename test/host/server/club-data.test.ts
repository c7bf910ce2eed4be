/**
 * Club data files from the browser (issue 28 item 3), through the API: `POST /api/data-files/check` reads a Quickfire
 * chart, a WS&IM base-game file or sail(6)'s globals.c (converted), or names its error by line and key; `POST
 * /api/games` with a bad `data` creates nothing, with a good one keeps it with the game; the game's exported table
 * file carries the data inline and loads back (and imports) with the same data; bad inline data in a table file is
 * named by its line and key in that file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTableFile } from "../../../host/config/load.ts";
import { tempDir } from "../helpers.ts";
import { type AppFixture, appFixture } from "./app-fixture.ts";

const CHART = readFileSync(join(import.meta.dirname, "../../../src/rulesets/quickfire/house-chart.json"), "utf8");
const BAD_CHART = CHART.replace('{ "percent": 50, "hits": 5 }', '{ "percent": 50, "hits": "five" }');
const BASE = readFileSync(join(import.meta.dirname, "../../../host/scenarios/data/wsim-house-tables.yaml"), "utf8");
const GLOBALS = readFileSync(join(import.meta.dirname, "../import/fixtures/globals.c"), "utf8");

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const post = (url: string, payload: object) => f.app.inject({ method: "POST", url, payload });
const check = (ruleset: string, name: string, text: string) => post("/api/data-files/check", { ruleset, name, text });
const games = () => f.table.store.games().length;

describe("POST /api/data-files/check", () => {
  it("reads a Quickfire chart, a WS&IM base-game file and a club's globals.c (converted)", async () => {
    const chart = await check("quickfire", "club-chart.json", CHART);
    expect(chart.json()).toMatchObject({
      ok: true,
      ruleset: "quickfire",
      format: "data",
      sections: expect.arrayContaining(["gunnery", "torpedo"]),
    });
    expect((await check("wsim-battle-v3", "base.yaml", BASE)).json()).toMatchObject({ ok: true, format: "data" });
    const sail = await check("wsim-battle-v3", "globals.c", GLOBALS);
    expect(sail.json()).toMatchObject({ ok: true, format: "sail-globals", sections: expect.arrayContaining(["hitTables"]) });
  });

  it("names a bad chart's and a bad base-game file's error by line and key", async () => {
    const bad = await check("quickfire", "club-chart.json", BAD_CHART);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: "input.invalid",
      line: 7,
      key: "gunnery[2].hits",
      path: "club-chart.json:7 (gunnery[2].hits)",
      message: 'club-chart.json:7 (gunnery[2].hits): gunnery[2].hits expected integer; got "five".',
    });
    const base = await check("wsim-battle-v3", "base.yaml", BASE.replace("carronadeRange: 2", "carronadeRange: far"));
    expect(base.json().error).toMatchObject({ line: 10, key: "hitTables.carronadeRange" });
    const syntax = await check("quickfire", "chart.yaml", "gunnery: [\n  {percent: 0\n");
    expect(syntax.json().error).toMatchObject({ code: "input.invalid", key: "" });
    expect(syntax.json().error.line).toBeGreaterThan(0);
  });

  it("a bad globals.c is named by its line and table; a globals.c is WS&IM's only; a rule set without data files says so", async () => {
    const bad = await check("wsim-battle-v3", "globals.c", GLOBALS.replace(/\{ *[0-9]/, "{ x"));
    expect(bad.json().error).toMatchObject({ line: 23, key: "RigTable" });
    expect((await check("quickfire", "globals.c", GLOBALS)).json().error.message).toMatch(/WS&IM's tables, not Quickfire's/);
    expect((await check("sole-bay-1672", "chart.yaml", "a: 1")).json().error.message).toMatch(/takes no data file/);
    expect((await check("nope", "chart.yaml", "a: 1")).json().error.code).toBe("ruleset.unknown");
  });
});

describe("a game created with a club data file", () => {
  const body = (data: object) => ({ ruleset: "quickfire", scenario: "quickfire", title: "Club chart", data });

  it("a bad chart creates no game and names the line and key", async () => {
    const before = games();
    const r = await post("/api/games", body({ name: "club-chart.json", text: BAD_CHART }));
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "input.invalid", path: "data" });
    expect(r.json().error.message).toContain("club-chart.json:7 (gunnery[2].hits)");
    expect(games()).toBe(before);
  });

  it("a good chart is kept with the game; its exported table file carries it and loads back with the same data", async () => {
    const r = await post("/api/games", body({ name: "club-chart.json", text: CHART.replace('"hits": 7', '"hits": 6') }));
    expect(r.statusCode).toBe(201);
    const record = f.table.store.gameRecord(r.json().id);
    const data = record?.setup.data as { gunnery: { hits: number }[] } | undefined;
    expect(data?.gunnery[3]?.hits).toBe(6);
    const text = (await f.app.inject({ method: "GET", url: `/api/games/${r.json().id}/table-file` })).body;
    expect(text).toMatch(/^data:\n/m);
    expect(text).not.toMatch(/not written here/);
    const file = join(tempDir(), "exported.yaml");
    writeFileSync(file, text);
    const back = loadTableFile(file);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.data).toEqual(record?.setup.data);
    // and the exported file, imported on another table, makes a game with the same data
    const imported = await post("/api/games/import", { text });
    expect(imported.statusCode).toBe(201);
    expect(f.table.store.gameRecord(imported.json().id)?.setup.data).toEqual(record?.setup.data);
  });

  it("bad data inline in a table file is named by its line and key in that file", async () => {
    const r = await post("/api/games", body({ name: "club-chart.json", text: CHART }));
    const text = (await f.app.inject({ method: "GET", url: `/api/games/${r.json().id}/table-file` })).body;
    const lines = text.split("\n");
    const at = lines.findIndex((l) => /^ {6}hits: 7$/.test(l));
    expect(at).toBeGreaterThan(0);
    lines[at] = "      hits: seven";
    const before = games();
    const refused = await post("/api/games/import", { text: lines.join("\n") });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(new RegExp(`^table\\.yaml:${at + 1} \\(data\\.gunnery\\[3\\]\\.hits\\): `));
    expect(games()).toBe(before);
  });
});
