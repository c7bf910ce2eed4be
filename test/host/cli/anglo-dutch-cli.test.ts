import { describe, expect, it } from "vitest";
import { listRuleSets, runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { ANTELOPE } from "../../../src/rulesets/anglo-dutch-1666/cards.ts";
import { resolveBin } from "./bin.ts";

const io = (value: unknown) => ({ readStdin: async () => JSON.stringify(value) });
const call = async (command: "plan" | "odds" | "resolve", request: unknown) => {
  const r = await runRulesCommand(command, "anglo-dutch-1666", io(request));
  return { code: r.code, json: JSON.parse(r.stdout) };
};
const zeven = { id: "zeven", name: "Zeven Provincien", side: "dutch", nation: "dutch", guns: 80, hullPoints: 30, firePoints: 7.5 };
const wind = { direction: 5, strength: "normal" };

describe("quarterdeck plan/odds/resolve --ruleset anglo-dutch-1666", () => {
  it("lists the rule set with its actions and settings", () => {
    const all = JSON.parse(listRuleSets(true).stdout).rulesets;
    const ad = all.find((r: { id: string }) => r.id === "anglo-dutch-1666");
    expect(ad.actions.map((a: { type: string }) => a.type)).toEqual(
      expect.arrayContaining(["set-wind", "wind", "fire", "move", "initiative", "board"]),
    );
    expect(
      ad.actions
        .find((a: { type: string }) => a.type === "fire")
        .fields.slice(0, 2)
        .map((f: { name: string; type: string }) => [f.name, f.type]),
    ).toEqual([
      ["firer", "ship"],
      ["target", "ship"],
    ]);
    expect(ad.settings.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(["weather", "moveReach", "strongWindFirePenalty"]),
    );
  });
  it("plan: one d6 to fire, 2 d6 for the wind", async () => {
    const fire = await call("plan", {
      ships: [zeven, { ...ANTELOPE }],
      wind,
      action: { type: "fire", firer: "zeven", target: "antelope", range: "medium" },
    });
    expect(fire).toMatchObject({ code: 0, json: { ok: true, plan: [{ role: "fire", die: "d6", count: 1, color: null }] } });
    const w = await call("plan", { wind, action: { type: "wind" } });
    expect(w.json.plan).toEqual([expect.objectContaining({ role: "wind", die: "d6", count: 2 })]);
  });
  it("resolve: a long-range 6 reads the 8+ column, no hits and no follow-ups", async () => {
    const r = await call("resolve", {
      ships: [zeven, { ...ANTELOPE, damage: 5 }],
      wind,
      action: { type: "fire", firer: "zeven", target: "antelope", range: "long" },
      dice: [6],
    });
    expect(r.code).toBe(0);
    expect(r.json.outcome).toMatchObject({ hits: 0, modifiedRoll: 8, column: "8+", row: "7-8" });
    expect(r.json.followUps).toEqual([]);
  });
  it("resolve chain: a hit crossing a step, then the critical roll from the follow-up", async () => {
    const first = await call("resolve", {
      ships: [zeven, { ...ANTELOPE, damage: 5 }],
      wind,
      action: { type: "fire", firer: "zeven", target: "antelope", range: "medium" },
      dice: [6],
    });
    expect(first.json.outcome.hits).toBe(1);
    expect(first.json.ships[1]).toMatchObject({ damage: 6, stepsLost: 1 });
    const next = first.json.followUps[0];
    expect(next).toMatchObject({ kind: "roll", action: { type: "critical", ship: "antelope" } });
    const crit = await call("resolve", {
      ships: first.json.ships,
      wind: first.json.wind,
      game: first.json.game,
      action: next.action,
      dice: [2, 3],
    });
    expect(crit.json.outcome).toEqual({ score: 5, effect: "fire" });
    expect(crit.json.followUps[0].action).toEqual({ type: "fire-check", ship: "antelope" });
  });
  it("odds: exact, summing to 1", async () => {
    const o = await call("odds", {
      ships: [zeven, { ...ANTELOPE }],
      wind,
      action: { type: "fire", firer: "zeven", target: "antelope", range: "medium" },
    });
    expect(o.json.outcomes.reduce((t: number, x: { p: number }) => t + x.p, 0)).toBeCloseTo(1, 9);
    expect(o.json.summary.expectedHits).toBeCloseTo((3 + 3 + 2 + 2 + 1 + 1) / 6, 9);
  });
  it("bad input exits 2 with a code and path", async () => {
    const r = await call("resolve", { ships: [{ ...zeven, handling: "clumsy" }], action: { type: "wind" }, dice: [1, 2] });
    expect(r).toMatchObject({ code: 2, json: { ok: false, error: { code: "input.invalid", path: "ships[0].handling" } } });
    const d = await call("resolve", { wind, action: { type: "wind" }, dice: [1, 7] });
    expect(d.json.error).toMatchObject({ code: "dice.value", path: "dice[1]" });
    const s = await call("plan", { ships: [zeven], action: { type: "fire", firer: "zeven", target: "ghost", range: "short" } });
    expect(s.json.error).toMatchObject({ code: "ship.unknown", path: "action.target" });
  });
  it("the installed command runs a wind roll end to end", () => {
    const out = resolveBin("anglo-dutch-1666", JSON.stringify({ wind: { direction: 0 }, action: { type: "wind" }, dice: [3, 3] }));
    expect(out.status).toBe(0);
    expect(out.json).toMatchObject({
      ok: true,
      outcome: { changed: true, to: 1 },
      wind: { direction: 1, previous: 0, justChanged: true },
    });
  });
  describe("the installed command: bad input exits 2 with the error JSON", () => {
    const bin = (stdin: string) => resolveBin("anglo-dutch-1666", stdin);
    const fire = { ships: [zeven, { ...ANTELOPE }], wind, action: { type: "fire", firer: "zeven", target: "antelope", range: "medium" } };
    it.each([
      ["malformed JSON", "{wind", "input.invalid", "stdin:1:2"],
      [
        "an unknown ship",
        JSON.stringify({ ...fire, action: { ...fire.action, firer: "ghost" }, dice: [3] }),
        "ship.unknown",
        "action.firer",
      ],
      ["two dice for a one-die broadside", JSON.stringify({ ...fire, dice: [3, 4] }), "dice.count", "dice"],
      ["one die for the wind's two", JSON.stringify({ wind, action: { type: "wind" }, dice: [3] }), "dice.count", "dice"],
      ["a die of 0", JSON.stringify({ ...fire, dice: [0] }), "dice.value", "dice[0]"],
      [
        "a wind direction of 6",
        JSON.stringify({ wind: { direction: 6 }, action: { type: "wind" }, dice: [1, 2] }),
        "input.invalid",
        "wind.direction",
      ],
    ])("%s", (_label, stdin, code, path) => {
      const r = bin(stdin);
      expect(r.status).toBe(2);
      expect(r.json).toEqual({ ok: false, error: { code, message: expect.any(String), path } });
      expect(r.json.error.message.length).toBeGreaterThan(10);
    });
  });
});
