import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { resolveBin } from "./bin.ts";

const io = (value: unknown) => ({ readStdin: async () => JSON.stringify(value) });
const ships = [
  { id: "victory", name: "Victory", side: "GB", class: "ship-of-the-line", heading: "S" },
  { id: "redoutable", name: "Redoutable", side: "FR", class: "ship-of-the-line" },
];
const fire = {
  ships,
  wind: { direction: "S", speed: 4 },
  action: { type: "fire", firer: "victory", target: "redoutable", rangeCm: 6, aim: "hull", side: "stern" },
};

describe("quarterdeck plan/odds/resolve --ruleset age-of-sail", () => {
  it("plan: one d6 per gun deck in the arc", async () => {
    const r = await runRulesCommand("plan", "age-of-sail", io(fire));
    expect(JSON.parse(r.stdout).plan).toEqual([
      { role: "fire", die: "d6", count: 3, color: null, purpose: "3 port gun decks at the hull: 4+ hits" },
    ]);
  });
  it("resolve: a raking broadside from astern with a pair of sixes", async () => {
    const r = await runRulesCommand("resolve", "age-of-sail", io({ ...fire, dice: [6, 6, 1] }));
    const out = JSON.parse(r.stdout);
    expect(r.code).toBe(0);
    expect(out.outcome).toMatchObject({ hits: 2, onFire: true, damage: 4 });
    expect(out.ships[1]).toMatchObject({ gunDecks: { port: 1, starboard: 1 }, fire: 1 });
    expect(out.game.score).toEqual({ GB: 4 });
  });
  it("odds: hit distribution and chance of fire", async () => {
    const out = JSON.parse((await runRulesCommand("odds", "age-of-sail", io(fire))).stdout);
    expect(out.summary.pFire).toBeCloseTo(16 / 216, 12);
    expect(out.outcomes.reduce((s: number, o: { p: number }) => s + o.p, 0)).toBeCloseTo(1, 9);
  });
  it("speed: the text's 12 cm example", async () => {
    const r = await runRulesCommand(
      "resolve",
      "age-of-sail",
      io({ ships, wind: { direction: "S", speed: 4 }, action: { type: "speed", ship: "victory" }, dice: [] }),
    );
    expect(JSON.parse(r.stdout).outcome.maxMove).toBe(12);
  });
  it("bad ship fields exit 2 with the JSON path", async () => {
    const r = await runRulesCommand("plan", "age-of-sail", io({ ...fire, ships: [{ ...ships[0], class: "galleon" }, ships[1]] }));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "ships[0].class" });
  });
  it("out of range and wrong dice exit 2", async () => {
    const far = await runRulesCommand("resolve", "age-of-sail", io({ ...fire, action: { ...fire.action, rangeCm: 13 }, dice: [1, 1, 1] }));
    expect(JSON.parse(far.stdout).error.code).toBe("rules.out-of-range");
    const dice = await runRulesCommand("resolve", "age-of-sail", io({ ...fire, dice: [1, 1] }));
    expect(JSON.parse(dice.stdout).error.code).toBe("dice.count");
  });
  it("age-of-sail takes no data file: --data exits 2", async () => {
    const p = join(mkdtempSync(join(tmpdir(), "aos-cli-")), "x.yaml");
    writeFileSync(p, "a: 1\n");
    const r = await runRulesCommand("plan", "age-of-sail", io(fire), p);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.path).toBe("--data");
  });
});

describe("bad input through the real bin (node bin/quarterdeck.mjs resolve --ruleset age-of-sail) exits 2 with the error JSON", () => {
  const bin = (input: string) => resolveBin("age-of-sail", input);
  const cases: ReadonlyArray<readonly [string, string, string, string]> = [
    ["malformed JSON", '{"ships": x', "input.invalid", "stdin"],
    [
      "an unknown ship",
      JSON.stringify({ ...fire, action: { ...fire.action, target: "santisima-trinidad" }, dice: [1, 1, 1] }),
      "ship.unknown",
      "action.target",
    ],
    ["the wrong number of dice", JSON.stringify({ ...fire, dice: [1, 1] }), "dice.count", "dice"],
    ["a die value out of range", JSON.stringify({ ...fire, dice: [1, 0, 1] }), "dice.value", "dice[1]"],
  ];
  it.each(cases)("%s", (_name, input, code, path) => {
    const { status, json } = bin(input);
    expect(status).toBe(2);
    expect(json).toEqual({ ok: false, error: { code, message: expect.stringMatching(/\w/), path: expect.stringContaining(path) } });
  });
});
