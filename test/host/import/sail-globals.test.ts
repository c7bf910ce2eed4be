/**
 * `importSailGlobals` on a small globals.c-shaped fixture with invented numbers (fixtures/globals.c): every table
 * lands where the base-game model reads it, the notice and source are carried, and bad C is an error at file:line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importSailGlobals } from "../../../host/import/sail-globals.ts";
import { parseWsimData } from "../../../src/rulesets/wsim-battle-v3/data.ts";

const FIXTURE = join(import.meta.dirname, "fixtures", "globals.c");
const C = readFileSync(FIXTURE, "utf8");
const imported = (text = C) => importSailGlobals(text, "globals.c", new Date("2026-11-23T00:00:00Z"));

function tables() {
  const r = imported();
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return { text: r.value.text, data: parse(r.value.text) };
}

describe("import-sail: globals.c → wsim-battle-v3 data file", () => {
  it("carries the copyright notice and the source in the header, and loads as a data file", () => {
    const { text, data } = tables();
    expect(text).toMatch(/^# wsim-battle-v3 data file/);
    expect(text).toContain("#   Copyright (c) 2026 The quarterdeck test fixture.  All rights reserved.");
    expect(text).toContain("globals.c ($Test: globals.c,v 0.1 2026/11/23 quarterdeck fixture $)");
    expect(data.notice).toMatch(/^Copyright \(c\) 2026 .*\n\nRedistribution/s);
    expect(parseWsimData(data).ok).toBe(true);
  });
  it("HDT and HDTrake by gun band (3 guns a band) and range; QUAL as crew columns mutinous…elite", () => {
    const t = tables().data.hitTables;
    expect(t.gunBands).toEqual([
      [1, 3],
      [4, 6],
      [7, 9],
    ]);
    expect(t.determination[1]).toEqual([2, 1, 0, -1]);
    expect(t.rake[2]).toEqual([4, 3, 2, 1]);
    expect(t.modifiers.crew).toEqual({ poor: [-1, -1, -2], green: [0, 0, -1], average: [0, 0, 0], crack: [1, 1, 1], elite: [1, 2, 2] });
  });
  it("AMMO columns grape, chain, round, double with their reach from rangeofshot", () => {
    const a = tables().data.hitTables.ammunition;
    expect(a.grape).toEqual({ modifiers: [-1, -1, -2], maxRange: 1, hits: "crew" });
    expect(a.chain).toEqual({ modifiers: [1, 1, 1], maxRange: 2, hits: "rigging" });
    expect(a.double).toEqual({ modifiers: [1, 1, 2], maxRange: 1, hits: "table" });
  });
  it("Hit Tables as {H, G, C, R} cells by Hit Table number and die; MT spread over the die (6 → column 0)", () => {
    const d = tables().data;
    expect(d.hitTables.hull[3][5]).toEqual([4, 2, 1, 0]);
    expect(d.hitTables.rigging[2][1]).toEqual([0, 0, 1, 2]);
    expect(d.melee).toEqual({
      strengthPerRow: 10,
      losses: [
        [0, 0, 0, 0, 0, 1],
        [0, 0, 1, 1, 1, 2],
        [1, 1, 2, 2, 2, 3],
      ],
    });
  });
});

describe("import-sail: bad input names file:line", () => {
  const lineOf = (needle: string) => C.slice(0, C.indexOf(needle)).split("\n").length;
  it.each([
    [
      "a word inside a table",
      C.replace("{ -1, 0, 0, 1, 2 }", "{ -1, 0, X, 1, 2 }"),
      `globals.c:${lineOf("{ -1, 0, 0, 1, 2 }")}`,
      /found "X"/,
    ],
    [
      "a row of the wrong length",
      C.replace("{ 2, 1, 0,-1 },\n\t{ 3, 2, 1, 0 },\n\t{ 4", "{ 2, 1, 0 },\n\t{ 3, 2, 1, 0 },\n\t{ 4"),
      `globals.c:${lineOf("HDTrake[3][4] =")}`,
      /HDTrake must be 3 rows of 4/,
    ],
    [
      "a Hit Table cell missing",
      C.replace("{0,0,1,2}, {0,1,0,2}, {0,0,1,3}, {1,0,0,3}, {0,1,1,4}, {1,1,0,5}", "{0,0,1,2}, {0,1,0,2}"),
      `globals.c:${lineOf("RigTable[4][6] =")}`,
      /six \{H, G, C, R\}/,
    ],
    ["an initializer never closed", C.slice(0, C.indexOf("{ 3, 2, 1 }")), /^globals\.c:\d+$/, /not closed/],
    [
      "empty rows",
      C.replace("{ 1, 0,-1,-2 },\n\t{ 2, 1, 0,-1 },\n\t{ 3, 2, 1, 0 }", "{ }, { }, { }"),
      `globals.c:${lineOf("HDT[3][4] =")}`,
      /gives no ranges/,
    ],
    ["no HullTable", C.replace("HullTable[4][6] =", "OtherTable[4][6] ="), /^globals\.c:\d+$/, /No HullTable/],
    ["no copyright notice", C.replace(/Copyright/g, "Written"), "globals.c:1", /copyright notice/],
    ["an unterminated comment", `${C}\n/* trailing`, /^globals\.c:\d+$/, /never closed/],
  ])("%s", (_label, text, path, message) => {
    const r = imported(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("input.invalid");
    if (typeof path === "string") expect(r.error.path).toBe(path);
    else expect(r.error.path).toMatch(path);
    expect(r.error.message).toMatch(message);
  });
});

describe("import-sail: garbage never crashes", () => {
  const check = (text: string) => {
    const r = imported(text);
    if (!r.ok) {
      expect(r.error.code).toBe("input.invalid");
      expect(r.error.path).toMatch(/^globals\.c:\d+$/);
    } else expect(parseWsimData(parse(r.value.text)).ok).toBe(true);
  };
  it("arbitrary text", () => fc.assert(fc.property(fc.string({ maxLength: 400 }), check), { numRuns: 300 }));
  it("the fixture cut, spliced or with characters replaced", () =>
    fc.assert(
      fc.property(
        fc.nat(C.length),
        fc.nat(C.length),
        fc.constantFrom("", "{", "}", ",", "-", "x", "/*", "*/", ";", "9", '"'),
        (a, b, ins) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          check(C.slice(0, from) + ins + C.slice(Math.min(to, from + 3)));
        },
      ),
      { numRuns: 300 },
    ));
});
