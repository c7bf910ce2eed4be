/** `POST /api/rosters/parse` and `POST /api/table-files/check` (issue 12: set up a game from the browser). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTableFile } from "../../../host/config/load.ts";
import { tempDir } from "../helpers.ts";
import { type AppFixture, appFixture, fingerprint } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const CSV =
  "side,id,name,tag,rating,speed,hull,crew,flagship\n" +
  "English,royal-james,Royal James,04AA,1,slow,stout,elite,true\n" +
  "Dutch,gouda,Gouda,04bb 04bc,3,medium,average,,false\n";

const parse = (body: unknown) => f.app.inject({ method: "POST", url: "/api/rosters/parse", payload: body as object });

describe("POST /api/rosters/parse", () => {
  it("reads a CSV roster's marker column into the ships' markers, and refuses a bad one by its line", async () => {
    const csv =
      "side,id,name,marker,rating,speed,hull,crew\nEnglish,royal-james,Royal James,40,1,slow,stout,elite\n" +
      "Dutch,gouda,Gouda,,3,medium,average,regular\nDutch,essen,Essen,40,3,medium,average,regular\n";
    const r = await parse({ ruleset: "sole-bay-1672", format: "csv", text: csv });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.errors).toEqual([{ line: 4, field: "marker", message: "marker 40 is already on the ship of line 2." }]);
    const good = await parse({ ruleset: "sole-bay-1672", format: "csv", text: csv.replace("Essen,40,", "Essen,41,") });
    expect(good.statusCode).toBe(200);
    expect(good.json().ships.map((s: { id: string; marker?: number }) => [s.id, s.marker])).toEqual([
      ["royal-james", 40],
      ["gouda", undefined],
      ["essen", 41],
    ]);
  });

  it("reads a CSV roster into fleet entries checked by the rule set, tags normalised", async () => {
    const r = await parse({ ruleset: "sole-bay-1672", format: "csv", text: CSV });
    expect(r.statusCode).toBe(200);
    expect(r.json().ships).toEqual([
      {
        side: "English",
        id: "royal-james",
        name: "Royal James",
        tag: ["04AA"],
        rating: 1,
        speed: "slow",
        hull: "stout",
        crew: "elite",
        flagship: true,
      },
      { side: "Dutch", id: "gouda", name: "Gouda", tag: ["04BB", "04BC"], rating: 3, speed: "medium", hull: "average", flagship: false },
    ]);
  });

  it("reads a YAML roster: a list of ships with their sides, or a table file's fleets", async () => {
    const list = "- { side: English, id: royal-james, name: Royal James, rating: 1, speed: slow, hull: stout }\n";
    const a = await parse({ ruleset: "sole-bay-1672", format: "yaml", text: list });
    expect(a.json().ships).toEqual([{ side: "English", id: "royal-james", name: "Royal James", rating: 1, speed: "slow", hull: "stout" }]);
    const fleets =
      "fleets:\n  - side: Dutch\n    ships:\n      - { id: gouda, name: Gouda, tag: 04D2, rating: 3, speed: medium, hull: average }\n";
    const b = await parse({ ruleset: "sole-bay-1672", format: "yaml", text: fleets });
    expect(b.json().ships).toEqual([
      { side: "Dutch", id: "gouda", name: "Gouda", tag: ["04D2"], rating: 3, speed: "medium", hull: "average" },
    ]);
  });

  it("names the line and field of every bad row at once, and changes nothing", async () => {
    const before = fingerprint(f.table);
    const text = `${CSV}English,gouda,Gouda again,04AA,9,slow,stout,,\n,x,No side,,1,slow,stout,,\nDutch,y,Y,zz,1,slow,paper,,\n`;
    const r = await parse({ ruleset: "sole-bay-1672", format: "csv", text });
    expect(r.statusCode).toBe(400);
    const { error } = r.json();
    expect(error.code).toBe("roster.invalid");
    expect(error.errors).toEqual([
      { line: 4, field: "id", message: expect.stringMatching(/already the id of the ship of line 3/) },
      { line: 4, field: "tag", message: expect.stringMatching(/tag 04AA is already on the ship of line 2/) },
      { line: 4, field: "rating", message: expect.stringMatching(/^rating must be/) },
      { line: 5, field: "side", message: expect.stringMatching(/side.*must not be empty/) },
      { line: 6, field: "tag", message: expect.stringMatching(/"zz" is not a hex tag UID/) },
      { line: 6, field: "hull", message: expect.stringMatching(/^hull must be one of/) },
    ]);
    expect(error.message).toMatch(/6 problem\(s\): line 4 \(id\)/);
    expect(fingerprint(f.table)).toBe(before);
  });

  it("names the YAML line of a bad ship, and of a syntax error", async () => {
    const text =
      "- { side: A, id: a, name: A, rating: 1, speed: slow, hull: stout }\n- side: B\n  id: b\n  name: B\n  rating: 7\n  speed: slow\n  hull: stout\n";
    const r = await parse({ ruleset: "sole-bay-1672", format: "yaml", text });
    expect(r.json().error.errors).toEqual([{ line: 2, field: "rating", message: expect.stringMatching(/^rating must be/) }]);
    const broken = await parse({ ruleset: "sole-bay-1672", format: "yaml", text: "- { side: A\n" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.errors[0].line).toBeGreaterThanOrEqual(1);
  });

  it("an unknown rule set is 400 naming ruleset; an empty roster, a bad format and a text too long are refused", async () => {
    const rs = await parse({ ruleset: "trafalgar", format: "csv", text: CSV });
    expect(rs.statusCode).toBe(400);
    expect(rs.json().error).toMatchObject({ code: "ruleset.unknown", path: "ruleset" });
    const empty = await parse({ ruleset: "sole-bay-1672", format: "csv", text: "side,id,name\n" });
    expect(empty.json().error.errors).toEqual([{ line: null, field: "", message: "the roster has no ships." }]);
    expect((await parse({ ruleset: "sole-bay-1672", format: "xls", text: CSV })).json().error).toMatchObject({ path: "format" });
    const huge = await parse({ ruleset: "sole-bay-1672", format: "csv", text: "x".repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("input.too-large");
  });

  it("takes a roster longer than other bodies (100 KB), and refuses more than 500 ships", async () => {
    const row = (i: number) => `English,s${i},Ship ${i},,3,medium,average,,\n`;
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i)).join("");
    const big = await parse({
      ruleset: "sole-bay-1672",
      format: "csv",
      text: `side,id,name,tag,rating,speed,hull,crew,flagship\n${rows(500)}`,
    });
    expect(big.statusCode).toBe(200);
    expect(big.json().ships).toHaveLength(500);
    const over = await parse({
      ruleset: "sole-bay-1672",
      format: "csv",
      text: `side,id,name,tag,rating,speed,hull,crew,flagship\n${rows(501)}`,
    });
    expect(over.json().error.errors).toEqual([{ line: 502, field: "", message: "a roster holds at most 500 ships." }]);
  });

  it("refuses a cell nested thousands deep by its line and column, and the table file naming that roster (issue 27)", async () => {
    const deep = `"${"[".repeat(20_000)}${"]".repeat(20_000)}"`;
    const text = `side,id,name,tag,rating,speed,hull,crew,flagship\nEnglish,a,A,,${deep},medium,average,,\n`;
    const r = await parse({ ruleset: "sole-bay-1672", format: "csv", text });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.errors).toEqual([
      { line: 2, field: "rating", message: 'the cell "rating" is longer than 2048 characters or nested more than 4 deep.' },
    ]);
    const dir = tempDir();
    writeFileSync(join(dir, "roster.csv"), text);
    writeFileSync(join(dir, "table.yaml"), "ruleset: sole-bay-1672\nroster: roster.csv\n");
    expect(loadTableFile(join(dir, "table.yaml"))).toMatchObject({ ok: false, error: { path: "roster.csv:2 (rating)" } });
  });
});

const check = (text: string) => f.app.inject({ method: "POST", url: "/api/table-files/check", payload: { text } });

describe("POST /api/table-files/check", () => {
  it("is ok for a table file start --config loads", async () => {
    const r = await check("ruleset: sole-bay-1672\nscenario: sole-bay-1672\ntitle: Club night\n");
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true });
  });

  it("names the line and key of a bad value, as the file is called, not where it was checked", async () => {
    const text =
      "ruleset: sole-bay-1672\nfleets:\n  - side: A\n    ships:\n      - { id: a, name: A, rating: 9, speed: slow, hull: stout }\n";
    const r = await check(text);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "config.invalid", path: "table.yaml:5 (fleets[0].ships[0].rating)" });
    expect(r.json().error.message).toMatch(/^table\.yaml:5 \(fleets\[0\]\.ships\[0\]\.rating\): rating must be/);
    const key = await check("ruleset: sole-bay-1672\nscenario: sole-bay-1672\ncolour: blue\n");
    expect(key.json().error.path).toBe("table.yaml:3 (colour)");
  });

  it("never reads a file outside the checked file's folder", async () => {
    const r = await check("ruleset: sole-bay-1672\nroster: /etc/passwd\n");
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: "config.invalid", path: "table.yaml:2 (roster)" });
    const up = await check("ruleset: sole-bay-1672\nroster: ../ships.csv\n");
    expect(up.json().error.path).toBe("table.yaml:2 (roster)");
    const beside = await check("ruleset: sole-bay-1672\nroster: ships.csv\n");
    expect(beside.json().error.message).toMatch(/^table\.yaml:2 \(roster\): cannot read ships\.csv \(ENOENT\)/);
  });

  it("shows both routes in the OpenAPI document", async () => {
    const doc = (await f.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/rosters/parse"].post.requestBody).toBeDefined();
    expect(doc.paths["/api/table-files/check"].post.requestBody).toBeDefined();
  });
});
