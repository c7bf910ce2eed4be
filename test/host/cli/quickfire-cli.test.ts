import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { houseChart } from "../../../src/rulesets/quickfire/chart.ts";
import { BORODINO, MIKASA } from "../../../src/rulesets/quickfire/examples/index.ts";
import { resolveBin } from "./bin.ts";

const io = (value: unknown) => ({ readStdin: async () => JSON.stringify(value) });
const dir = mkdtempSync(join(tmpdir(), "quickfire-cli-"));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const YAML_CHART = `label: Club chart
gunnery:
  - { percent: 0, hits: 7 }
blast:
  short: {}
  long: {}
torpedo: { moving: [5], static: [7] }
damage:
  blast: { 2: [], 3: [], 4: [], 5: [], 6: [], 7: [], 8: [], 9: [], 10: [], 11: [], 12: [] }
  explosion: { 2: [], 3: [], 4: [], 5: [], 6: [], 7: [], 8: [], 9: [], 10: [], 11: [], 12: [] }
  fire:
    2: [E]
    7: [X]
    3: []
    4: []
    5: []
    6: []
    8: [out]
    9: [out]
    10: [out]
    11: [out]
    12: [out]
repair: { speed: [8, 9, 10, 11], direction: [2, 3, 4, 5, 6, 7], gun: [12] }
sinking: { sizes: { 7: 2 }, perFire: 1, perExtraSpeedHit: 1 }
`;
const request = (dice?: number[]) => ({
  ships: [MIKASA.ship, BORODINO.ship],
  action: { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "long" },
  ...(dice ? { dice } : {}),
});

describe("quarterdeck resolve/odds --ruleset quickfire", () => {
  it("resolves the text's 4,1,3 example from the example ship logs", async () => {
    const r = await runRulesCommand("resolve", "quickfire", io(request([4, 1, 3])));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.outcome).toMatchObject({ fired: true, hit: "G", blast: [], chart: "house default — not the official chart" });
    expect(out.ships[1].heavyRofLost).toBe(1);
    expect(out.plan.map((e: { color: string }) => e.color)).toEqual(["black", "white"]);
    expect((out.marks ?? []).flat().every((m: unknown) => m === null)).toBe(true);
    expect(out.plan.map((e: { reads?: string }) => e.reads ?? null)).toEqual([null, "total"]);
  });
  it("odds sum to 1", async () => {
    const out = JSON.parse((await runRulesCommand("odds", "quickfire", io(request()))).stdout);
    expect(out.outcomes.reduce((s: number, o: { p: number }) => s + o.p, 0)).toBeCloseTo(1, 9);
  });
  it("a club chart from --data (YAML) is used and named", async () => {
    const yaml = JSON.stringify({ ...houseChart(), label: "Club chart", gunnery: [{ percent: 0, hits: 12 }] }, null, 2);
    const r = await runRulesCommand("resolve", "quickfire", io(request([2, 5, 5])), file("club.yaml", yaml));
    expect(JSON.parse(r.stdout).outcome).toMatchObject({ hit: "G", chart: "Club chart" });
  });
  it("a bad chart file exits 2 naming the file, line and key", async () => {
    const lines = JSON.stringify(houseChart(), null, 2).split("\n");
    const at = lines.findIndex((l) => l.includes('"hits": 7'));
    lines[at] = lines[at]?.replace('"hits": 7', '"hits": "seven"') ?? "";
    const path = file("bad-chart.json", lines.join("\n"));
    const r = await runRulesCommand("resolve", "quickfire", io(request([4, 1, 3])), path);
    expect(r.code).toBe(2);
    const err = JSON.parse(r.stdout).error;
    expect(err.code).toBe("input.invalid");
    expect(err.path).toBe(`${path}:${at + 1} (gunnery[3].hits)`);
  });
  it("a bad code in a YAML chart names its line (numeric keys of the Damage table lines)", async () => {
    const path = file("club-bad.yaml", YAML_CHART);
    const r = await runRulesCommand("plan", "quickfire", io({ ships: [], action: { type: "end-phase" } }), path);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: `${path}:13 (damage.fire[7][0])` });
  });
  it("a chart with an unknown key exits 2 naming it", async () => {
    const path = file("extra.yaml", `${JSON.stringify(houseChart())}\n`.replace('{"label"', '{"colour": 1, "label"'));
    const r = await runRulesCommand("plan", "quickfire", io(request()), path);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.path).toBe(`${path}:1 (colour)`);
  });
  it("an illegal shot exits 2 with rules.illegal", async () => {
    const req = { ...request([1, 1, 1]), game: { phase: "movement" } };
    const r = await runRulesCommand("resolve", "quickfire", io(req));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "rules.illegal", path: "game.phase" });
  });
  it("a bad ship log field is named", async () => {
    const req = { ...request(), ships: [{ ...MIKASA.ship, blastCap: 4 }, BORODINO.ship] };
    const r = await runRulesCommand("plan", "quickfire", io(req));
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "ships[0].blastCap" });
  });
});

describe("bad input through the real bin (node bin/quarterdeck.mjs resolve --ruleset quickfire) exits 2 with the error JSON", () => {
  const bin = (input: string) => resolveBin("quickfire", input);
  const cases: ReadonlyArray<readonly [string, string, string, string]> = [
    ["malformed JSON", '{"ships": x', "input.invalid", "stdin"],
    [
      "an unknown ship",
      JSON.stringify({ ...request([1, 1, 1]), action: { ...request().action, target: "retvizan" } }),
      "ship.unknown",
      "action.target",
    ],
    ["the wrong number of dice", JSON.stringify(request([1, 1])), "dice.count", "dice"],
    ["a die value out of range", JSON.stringify(request([1, 7, 1])), "dice.value", "dice[1]"],
  ];
  it.each(cases)("%s", (_name, input, code, path) => {
    const { status, json } = bin(input);
    expect(status).toBe(2);
    expect(json).toEqual({ ok: false, error: { code, message: expect.stringMatching(/\w/), path: expect.stringContaining(path) } });
  });
});
