/**
 * End to end through the installed command (`node bin/quarterdeck.mjs`): a base-game broadside read on a club data
 * file in the new format, and `data import-sail` writing such a file from a globals.c-shaped fixture.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { BASE_DATA_RAW, bucentaure, victory } from "../../src/rulesets/wsim-battle-v3/fixtures.ts";
import { runBin } from "./bin.ts";

const dir = mkdtempSync(join(tmpdir(), "wsim-base-"));
const clubFile = join(dir, "club-base.yaml");
writeFileSync(clubFile, stringify(BASE_DATA_RAW));
const FIXTURE = join(import.meta.dirname, "..", "import", "fixtures", "globals.c");

const ships = [
  victory(),
  bucentaure({
    hull: { boxes: 20 },
    gunsRight: { boxes: 1 },
    crewSections: [{ boxes: 3 }, { boxes: 3 }, { boxes: 3 }],
    rigging: [{ boxes: 2 }, { boxes: 2 }, { boxes: 2 }],
  }),
];
const leaders = [{ id: "villeneuve", name: "Villeneuve", side: "FR", ship: "bucentaure", rank: "admiral", seniority: 1 }];
const broadside = { type: "fire", firer: "victory", target: "bucentaure", rangeHexes: 3, targetBroadside: "right" };
const run = (cmd: string, data: string, req: unknown) => runBin([cmd, "--ruleset", "wsim-battle-v3", "--data", data], JSON.stringify(req));

describe("a base-game broadside end to end (quarterdeck resolve/odds --data club-base.yaml)", () => {
  it("Hit Table number from guns and range with crew and initial-broadside modifiers; H/G/C/R on the log; a critical on doubles", () => {
    const r = run("resolve", clubFile, { ships, game: { leaders }, action: broadside, dice: [3, 3] });
    expect(r.status).toBe(0);
    // 12 guns at 3 hexes: 2; crack +1; initial broadside +2 → Hit Table 5; die 3 → hull 5, guns 1
    expect(r.json.outcome).toMatchObject({
      hitTableBase: 2,
      modifiers: { crew: 1, initialBroadside: 2 },
      hitTable: 5,
      damage: { hull: 5, guns: 1, crew: 0, rigging: 0 },
      critical: true,
    });
    expect(r.json.ships[1]).toMatchObject({ hull: { marked: 5 }, gunsRight: { marked: 1 } });
    expect(r.json.ships[0].broadsidesFired).toEqual(["left"]);
    const crit = r.json.followUps[0];
    expect(crit).toMatchObject({ kind: "roll", action: { type: "critical", hitTable: 5 } });
    // the critical roll: one die plus the Hit Table number — 4 + 5 = 9H, a possible leader casualty (XII.1)
    const c = run("resolve", clubFile, { ships: r.json.ships, game: r.json.game, action: crit.action, dice: [4] });
    expect(c.status).toBe(0);
    expect(c.json.plan).toEqual([expect.objectContaining({ die: "d6", count: 1 })]);
    expect(c.json.outcome).toMatchObject({ entry: 9, code: "9H", text: "Rudder hit", leaderRisk: true });
    expect(c.json.followUps[0]).toMatchObject({ kind: "roll", action: { type: "leader-casualty", leader: "villeneuve" } });
  });
  it("a stern rake reads the rake table plus the stern modifier", () => {
    const r = run("resolve", clubFile, { ships, action: { ...broadside, rake: "stern", initialBroadside: false }, dice: [1, 2] });
    expect(r.json.outcome).toMatchObject({ hitTableBase: 3, modifiers: { crew: 1, sternRake: 1 }, hitTable: 5 });
  });
  it("odds are exact: hull 5 on 1–4, 6 on 5–6; guns 1 on a 3; crew 1 on 4–6; critical 1/6", () => {
    const o = run("odds", clubFile, { ships, action: broadside });
    expect(o.status).toBe(0);
    const { damage, pCritical } = o.json.summary;
    const near = (got: Record<string, number>, want: Record<string, number>) => {
      expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
      for (const [k, p] of Object.entries(want)) expect(got[k]).toBeCloseTo(p, 12);
    };
    near(damage.hull, { "5": 4 / 6, "6": 2 / 6 });
    near(damage.guns, { "0": 5 / 6, "1": 1 / 6 });
    near(damage.crew, { "0": 3 / 6, "1": 3 / 6 });
    expect(pCritical).toBeCloseTo(1 / 6, 12);
  });
});

describe("quarterdeck data import-sail", () => {
  it("writes a data file from globals.c that plays a broadside", () => {
    const out = join(dir, "sail.yaml");
    const w = runBin(["data", "import-sail", FIXTURE, "--out", out], "");
    expect(w.status).toBe(0);
    expect(w.json).toMatchObject({ ok: true, written: out, tables: expect.arrayContaining(["HDT", "HullTable", "MT"]) });
    // 12 guns: band 7–9 is the last (more guns read it); 2 hexes: 2; crack +1; round 0 → Hit Table 3, die 6 → 4 H, 2 G, 1 C
    const r = run("resolve", out, { ships, action: { ...broadside, rangeHexes: 2 }, dice: [6, 6] });
    expect(r.status).toBe(0);
    expect(r.json.outcome).toMatchObject({ band: 2, hitTable: 3, damage: { hull: 4, guns: 2, crew: 1, rigging: 0 }, critical: true });
    // no critical table in globals.c: the person picks the entry (one die plus Hit Table number 3)
    expect(r.json.followUps[0]).toMatchObject({ kind: "choose", action: { type: "critical", hitTable: 3 } });
    expect(r.json.followUps[0].purpose).toMatch(/one die plus Hit Table number 3/);
  });
  it("bad input exits 2 with the error JSON naming file:line", () => {
    const bad = join(dir, "bad-globals.c");
    writeFileSync(bad, "/* Copyright (c) someone */\nconst char HDT[1][2] = {\n\t{ 1, two }\n};\n");
    const r = runBin(["data", "import-sail", bad, "--out", join(dir, "x.yaml")], "");
    expect(r.status).toBe(2);
    expect(r.json).toEqual({
      ok: false,
      error: { code: "input.invalid", message: expect.stringMatching(/found "two"/), path: `${bad}:3` },
    });
    const missing = runBin(["data", "import-sail", join(dir, "nope.c")], "");
    expect(missing.status).toBe(2);
    expect(missing.json.error).toMatchObject({ code: "input.invalid", path: join(dir, "nope.c") });
    expect(runBin(["data", "export"], "").status).toBe(2);
  });
});
