import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { runCli } from "../../../host/cli/main.ts";
import { resolveBin } from "./bin.ts";

const io = (text: string) => ({ readStdin: async () => text });
const ships = [
  { id: "royal-james", name: "Royal James", side: "english", rating: 1, speed: "medium", hull: "stout", crew: "elite", flagship: true },
  { id: "groot-hollandia", name: "Groot Hollandia", side: "dutch", rating: 2, speed: "medium", hull: "average", fullSail: true },
];
const broadside = { type: "broadside", firer: "royal-james", target: "groot-hollandia", rangeInches: 3, rake: true };
const run = async (command: "plan" | "odds" | "resolve", body: unknown) => {
  const r = await runRulesCommand(command, "sole-bay-1672", io(typeof body === "string" ? body : JSON.stringify(body)));
  return { code: r.code, json: JSON.parse(r.stdout) };
};

describe("quarterdeck plan/odds/resolve --ruleset sole-bay-1672", () => {
  it("plan: the largest broadside is 15 d6 for role attack", async () => {
    const { code, json } = await run("plan", { ships, action: broadside });
    expect(code).toBe(0);
    expect(json.plan).toEqual([expect.objectContaining({ role: "attack", die: "d6", count: 15, color: null })]);
  });
  it("odds: exact outcomes summing to 1, with the hit distribution and the chance of a drop and of destruction", async () => {
    const { code, json } = await run("odds", { ships, action: broadside });
    expect(code).toBe(0);
    expect(json.outcomes.reduce((s: number, o: { p: number }) => s + o.p, 0)).toBeCloseTo(1, 9);
    expect(json.summary.hits).toHaveLength(16);
    // 4 hits or more (of 15 at 4+) take the fresh average ship to Worn: 1 − (1 + 15 + 105 + 455) / 2^15
    expect(json.summary.pConditionDrops).toBeCloseTo(1 - 576 / 32768, 12);
    expect(json.summary.pDestroyed).toBe(0); // 15 hits cannot fill 16 boxes
  });
  it("resolve: outcome, events, ships after (with condition and destroyed), follow-ups", async () => {
    const { code, json } = await run("resolve", { ships, action: broadside, dice: [6, 6, 6, 6, 6, 5, 4, 1, 1, 1, 1, 1, 1, 1, 1] });
    expect(code).toBe(0);
    expect(json.outcome).toMatchObject({ hits: 7, marked: 7, conditionAfter: "worn", levelsLost: 1 });
    expect(json.ships[1]).toMatchObject({ id: "groot-hollandia", damage: 7, condition: "worn", destroyed: false });
    expect(json.ships[0]).toMatchObject({ firstBroadsideUsed: true });
    expect(json.wind).toEqual({ windward: "W" });
    // no Dutch ship is marked, so Groot Hollandia, first (and only) on the Dutch roster, is the flagship: Fresh → Worn
    // risks her flag officer ("the first ship listed on its roster"; "Whenever the Flagship's Damage rating is reduced")
    expect(json.followUps.map((f: { action: unknown }) => f.action)).toEqual([
      { type: "flag-officer-risk", ship: "groot-hollandia", cause: "broadside", rolls: 1 },
    ]);
  });
  it("a follow-up's action can be sent back as the next request", async () => {
    const wreck = [ships[0], { ...ships[1], damage: 15 }];
    const first = await run("resolve", { ships: wreck, action: broadside, dice: Array(15).fill(6) });
    const explosion = first.json.followUps.find((f: { action: { type: string } }) => f.action.type === "explosion-roll");
    const second = await run("resolve", { ships: first.json.ships, game: first.json.game, action: explosion.action, dice: [6, 6] });
    expect(second.json.outcome).toMatchObject({ exploded: true });
    expect(second.json.followUps[0].action).toEqual({ type: "explosion-radius", ship: "groot-hollandia" });
  });
});

describe("bad input to sole-bay-1672 exits 2 with the contract's error JSON", () => {
  const isError = (json: unknown, code: string, path: unknown) =>
    expect(json).toEqual({ ok: false, error: { code, message: expect.stringMatching(/\w/), path } });
  it("malformed JSON", async () => {
    const { code, json } = await run("resolve", '{"ships": x}');
    expect(code).toBe(2);
    // the position is added when the JSON parser reports one
    isError(json, "input.invalid", expect.stringMatching(/^stdin/));
  });
  it("an unknown ship", async () => {
    const { code, json } = await run("resolve", { ships, action: { ...broadside, target: "de-zeven-provincien" }, dice: [] });
    expect(code).toBe(2);
    isError(json, "ship.unknown", "action.target");
  });
  it("the wrong number of dice", async () => {
    const { code, json } = await run("resolve", { ships, action: broadside, dice: [6, 6, 6] });
    expect(code).toBe(2);
    isError(json, "dice.count", "dice");
    expect(json.error.message).toContain("15");
  });
  it("a die value out of range", async () => {
    const { code, json } = await run("resolve", { ships, action: broadside, dice: [...Array(14).fill(1), 7] });
    expect(code).toBe(2);
    isError(json, "dice.value", "dice[14]");
  });
  it("beyond 12 inches", async () => {
    const { code, json } = await run("plan", { ships, action: { ...broadside, rangeInches: 13 } });
    expect(code).toBe(2);
    isError(json, "rules.out-of-range", "action.rangeInches");
  });
  it("a typo'd ship field", async () => {
    const { code, json } = await run("plan", { ships: [{ ...ships[0], hul: "stout" }, ships[1]], action: broadside });
    expect(code).toBe(2);
    isError(json, "input.invalid", "ships[0].hul");
  });
});

describe("the quarterdeck binary with sole-bay-1672", () => {
  it("rulesets --json lists its actions and settings", async () => {
    const r = await runCli(["rulesets", "--json"]);
    const sb = JSON.parse(r.stdout).rulesets.find((x: { id: string }) => x.id === "sole-bay-1672");
    expect(sb.actions.length).toBeGreaterThan(15);
    expect(sb.settings.map((s: { name: string }) => s.name)).toContain("weakBoardingDice");
  });
  it("exits 2 with error JSON on stdout and no stack trace", () => {
    const p = resolveBin("sole-bay-1672", JSON.stringify({ ships, action: broadside, dice: [0] }));
    expect(p.status).toBe(2);
    expect(p.json.error.code).toBe("dice.count");
    expect(p.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
