import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { resolveBin } from "./bin.ts";

const io = (value: unknown) => ({ readStdin: async () => JSON.stringify(value) });
const dir = mkdtempSync(join(tmpdir(), "wsim-cli-"));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const ships = [
  { id: "victory", name: "Victory", side: "GB", class: 1, kind: "sol", guns: 100, crew: "crack", gunsLeft: { boxes: 12 } },
  { id: "redoutable", name: "Redoutable", side: "FR", class: 2, kind: "sol", guns: 74, crew: "average" },
];
const fire = { ships, action: { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2 } };

const CLUB_YAML = `name: Our club's copy
fire:
  columns:
    - guns: [1, 20]
      range: [1, 4]
      hits: [0, 1, 1, 2, 2, 3]
critical:
  dice: 2
  hull: { "9": "Possible leader casualty" }
  rigging: {}
`;

describe("quarterdeck plan/odds/resolve --ruleset wsim-battle-v3", () => {
  it("plan: a normal and a red die", async () => {
    const r = await runRulesCommand("plan", "wsim-battle-v3", io(fire));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).plan.map((e: { color: string }) => e.color)).toEqual(["normal", "red"]);
  });
  it("resolve without a data file asks for the table's result", async () => {
    const r = await runRulesCommand("resolve", "wsim-battle-v3", io({ ...fire, dice: [4, 4] }));
    const out = JSON.parse(r.stdout);
    expect(r.code).toBe(0);
    expect(out.outcome).toMatchObject({ critical: true, hits: null, aim: "hull" });
    expect(out.followUps.map((f: { kind: string }) => f.kind)).toEqual(["choose", "choose"]);
  });
  it("resolve with a club data file reads the hits", async () => {
    const r = await runRulesCommand("resolve", "wsim-battle-v3", io({ ...fire, dice: [5, 1] }), file("club.yaml", CLUB_YAML));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).outcome).toMatchObject({ hits: 2, critical: false });
  });
  it("odds: the critical chance is 1/6, summing to 1", async () => {
    const r = await runRulesCommand("odds", "wsim-battle-v3", io(fire), file("club2.yaml", CLUB_YAML));
    const out = JSON.parse(r.stdout);
    expect(out.summary.pCritical).toBeCloseTo(1 / 6, 12);
    expect(out.outcomes.reduce((s: number, o: { p: number }) => s + o.p, 0)).toBeCloseTo(1, 9);
  });
  it("a bad data file exits 2 naming file:line and the key", async () => {
    const bad = file("bad.yaml", CLUB_YAML.replace("hits: [0, 1, 1, 2, 2, 3]", "hits: [0, 1, one]"));
    const r = await runRulesCommand("resolve", "wsim-battle-v3", io({ ...fire, dice: [5, 1] }), bad);
    expect(r.code).toBe(2);
    const err = JSON.parse(r.stdout).error;
    expect(err.code).toBe("input.invalid");
    expect(err.path).toBe(`${bad}:6 (fire.columns[0].hits[2])`);
  });
  it("an unknown key in the data file is named with its line", async () => {
    const bad = file("typo.yaml", `${CLUB_YAML}meleeMultiplier: { crack: 4 }\n`);
    const r = await runRulesCommand("plan", "wsim-battle-v3", io(fire), bad);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.path).toBe(`${bad}:11 (meleeMultiplier)`);
  });
  it("rule I over the CLI: a SOL may not fire on a frigate 8 hexes away", async () => {
    const req = { ships: [ships[0], { ...ships[1], kind: "frigate", class: 5 }], action: { ...fire.action, rangeHexes: 8 }, dice: [1, 2] };
    const r = await runRulesCommand("resolve", "wsim-battle-v3", io(req));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "rules.illegal", path: "action.rangeHexes" });
  });
  describe("the installed command (node bin/quarterdeck.mjs): bad input exits 2 with the error JSON", () => {
    const bin = (stdin: string) => resolveBin("wsim-battle-v3", stdin);
    it.each([
      ["malformed JSON", '{"ships" ]}', "input.invalid", "stdin:1:10"],
      [
        "an unknown ship",
        JSON.stringify({ ...fire, action: { ...fire.action, target: "ghost" }, dice: [1, 2] }),
        "ship.unknown",
        "action.target",
      ],
      ["one die where the plan needs a normal and a red", JSON.stringify({ ...fire, dice: [3] }), "dice.count", "dice"],
      ["a red die of 7", JSON.stringify({ ...fire, dice: [3, 7] }), "dice.value", "dice[1]"],
      [
        "a wind-change number of 7",
        JSON.stringify({ wind: { changeNumber: 7 }, action: { type: "wind" }, dice: [1, 1] }),
        "input.invalid",
        "wind.changeNumber",
      ],
    ])("%s", (_label, stdin, code, path) => {
      const r = bin(stdin);
      expect(r.status).toBe(2);
      expect(r.json).toEqual({ ok: false, error: { code, message: expect.any(String), path } });
      expect(r.json.error.message.length).toBeGreaterThan(10);
    });
    it("a good roll exits 0: a wind change on 2 with number 6, effective next turn", () => {
      const r = bin(JSON.stringify({ wind: { direction: 2, changeNumber: 6 }, action: { type: "wind" }, dice: [1, 1] }));
      expect(r.status).toBe(0);
      expect(r.json).toMatchObject({
        ok: true,
        outcome: { total: 2, changes: true, effectiveTurn: 2 },
        wind: { direction: 2, pending: { direction: null } },
      });
    });
  });
});
