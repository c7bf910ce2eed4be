/**
 * WS&IM's moves judged on the hex grid through `quarterdeck plan/resolve` with `table.before` (issue 43 done-when;
 * docs/reference/request-result.md "Moves"), each case worked by hand from the text's sentences. A ship stands in a
 * bow hex and a stern hex; a forward move takes both a hex ahead, a turn pivots her on her bow hex (V.5: "a turn which
 * results in a movement of its stern"). The grid is flat-topped, 1″ across the flats, hexside 0 facing north.
 * Victory is class 1 ("A Class 1 ship (1 turn per movement phase)"), 100 guns; Redoutable class 2.
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { twoHexShipAt } from "../../support/two-hex-ship.ts";

const GRID = { size: 25.4, origin: { x: 500, y: 500 }, orientation: "flat" as const };
type Pose = { x: number; y: number; heading: number };
/** A two-hex ship with her bow in hex (q, r) facing hexside f, on this test's grid. */
const at = (q: number, r: number, f: number) => twoHexShipAt(GRID, q, r, f);
const START = at(0, 0, 0);
const AWAY = at(8, 8, 0);

const VICTORY = { id: "victory", name: "Victory", side: "GB", class: 1, kind: "sol", guns: 100, crew: "crack" };
const REDOUTABLE = {
  id: "redoutable",
  name: "Redoutable",
  side: "FR",
  class: 2,
  kind: "sol",
  guns: 74,
  crew: "average",
  turningAllowance: 2,
};

async function run(
  command: "plan" | "resolve",
  action: Record<string, unknown>,
  now: Record<string, Pose>,
  opts: { victory?: Record<string, unknown>; before?: Record<string, unknown> } = {},
) {
  const request = {
    ships: [{ ...VICTORY, ...opts.victory }, REDOUTABLE],
    action: { type: "plot", ship: "victory", allowanceMP: 3, ...action },
    table: { ships: { redoutable: AWAY, ...now }, before: opts.before ?? { victory: START }, hexGrid: GRID },
    dice: [],
  };
  const r = await runRulesCommand(command, "wsim-battle-v3", { readStdin: async () => JSON.stringify(request) });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

describe("WS&IM moves via the CLI", () => {
  it('"a forward number its hexes": three hexes ahead, exactly her 3 MP — the plot 3 measured, legal', async () => {
    for (const command of ["plan", "resolve"] as const) {
      const r = await run(command, {}, { victory: at(0, 3, 0) });
      expect(r.code, JSON.stringify(r.json)).toBe(0);
      expect(r.json.measured).toMatchObject({ plot: "3" });
      expect(r.json.move).toMatchObject({
        ship: "victory",
        distance: 3,
        unit: "hex",
        turns: [],
        allowance: 3,
        allowanceUnit: "MP",
        legal: true,
      });
      expect(r.json.move.words).toBe("Victory moved three hexes, no turn: 3 MP of her 3 MP");
    }
  });

  it('one hex over: "4 MP — her allowance is 3 MP" (plan says why, resolve refuses naming her)', async () => {
    const plan = await run("plan", {}, { victory: at(0, 4, 0) });
    expect(plan.json.move).toMatchObject({ distance: 4, legal: false, why: "4 MP — her allowance is 3 MP" });
    const resolve = await run("resolve", {}, { victory: at(0, 4, 0) });
    expect(resolve.code).toBe(2);
    expect(resolve.json.error).toMatchObject({ code: "rules.illegal", path: "table.ships.victory" });
    expect(resolve.json.error.message).toMatch(/^Victory's move is not legal: 4 MP — her allowance is 3 MP/);
  });

  it('"L and R cost 1 MP": a hex, a turn to starboard on her bow hex, a hex — 1R1, legal at her 3 MP', async () => {
    // F: bow (0, 1); R: she faces NE on the same bow hex; F: bow (1, 1)
    const r = await run("resolve", {}, { victory: at(1, 1, 1) });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ plot: "1R1" });
    expect(r.json.move).toMatchObject({ distance: 2, turns: [60], legal: true });
    expect(r.json.move.words).toBe("Victory moved two hexes, one turn of 60° to starboard: 3 MP of her 3 MP");
    expect(r.json.move.path).toHaveLength(4);
  });

  it('"A ship has to move 1 forward after a turn, even if the turn is made in the previous game turn" (IV.1)', async () => {
    // last turn she plotted 1R, ending with a turn: turning at once (R1) is too early
    const r = await run("plan", {}, { victory: at(1, 0, 1) }, { victory: { lastPlot: "1R" } });
    expect(r.json.move).toMatchObject({ legal: false, turns: [60] });
    expect(r.json.move.why).toMatch(/^a turn before her first hex — "A ship has to move 1 forward after a turn, even if/);
    // last turn's R1 moved a hex after its turn (the same 2 MP for momentum): no turn is owed, the same move is legal
    const free = await run("plan", {}, { victory: at(1, 0, 1) }, { victory: { lastPlot: "R1" } });
    expect(free.json.move).toMatchObject({ legal: true });
  });

  it('too many turns: "A Class 1 ship (1 turn per movement phase)" — two turns, "she may make one"', async () => {
    // 1R1R: bow (1, 1) facing SE
    const r = await run("plan", { allowanceMP: 4 }, { victory: at(1, 1, 2) });
    expect(r.json.move).toMatchObject({ turns: [60, 60], legal: false });
    expect(r.json.move.why).toBe("two turns — she may make one (her turning allowance; a T does not count)");
    const refused = await run("resolve", { allowanceMP: 4 }, { victory: at(1, 1, 2) });
    expect(refused.json.error.message).toMatch(/two turns — she may make one/);
  });

  it('the crab: "A Class 1 ship … LT is allowed"; "A T plot costs 1 movement point (MP), not 2"', async () => {
    // L: faces NW on bow (0, 0); T: a hex NW to (−1, 1), then the turn back to N
    const r = await run("resolve", {}, { victory: at(-1, 1, 0) });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ plot: "LT" });
    expect(r.json.move).toMatchObject({ distance: 1, turns: [-60, 60], legal: true });
    expect(r.json.move.words).toMatch(/: 2 MP of her 3 MP$/);
  });

  it('wind: "turned into the wind … so that its movement allowance is too low. It has to move the maximum allowed then" (V.2)', async () => {
    // 4 MP last turn, 100 guns ("Ships of 80 guns or more may decelerate 1 MP"), her allowance now 2 MP
    const short = await run("plan", { allowanceMP: 2, plot: "1" }, { victory: at(0, 1, 0) }, { victory: { lastMP: 4 } });
    expect(short.json.move).toMatchObject({ legal: false, why: "1 MP — she must move at least 2 MP" });
    const full = await run("resolve", { allowanceMP: 2 }, { victory: at(0, 2, 0) }, { victory: { lastMP: 4 } });
    expect(full.code, JSON.stringify(full.json)).toBe(0);
    expect(full.json.move).toMatchObject({ distance: 2, allowance: 2, legal: true });
  });

  it('"Ships of the Line may accelerate 1 MP per turn" (V.1): 3 hexes after 1 MP last turn, with the wind allowing 4', async () => {
    const r = await run("plan", { allowanceMP: 4 }, { victory: at(0, 3, 0) }, { victory: { lastMP: 1 } });
    expect(r.json.move).toMatchObject({ allowance: 2, legal: false });
    expect(r.json.move.why).toBe(
      '3 MP — "Ships of the Line may accelerate 1 MP per turn" (V.1): Victory may use 2 MP after 1 last turn (+1)',
    );
  });

  it("her plot must take her where she stands: ordered 2R1, she stands where 1R1 takes her", async () => {
    const r = await run("plan", { plot: "2R1", allowanceMP: 4 }, { victory: at(1, 1, 1) });
    expect(r.json.move).toMatchObject({ legal: false, why: "where she stands is the plot 1R1, not her plot 2R1" });
    const ok = await run("resolve", { plot: "1R1" }, { victory: at(1, 1, 1) });
    expect(ok.code, JSON.stringify(ok.json)).toBe(0);
  });

  it("a collision: she sails into Redoutable's hex — the collision and the fouling question, both ships named", async () => {
    const r = await run("resolve", {}, { victory: at(0, 3, 0), redoutable: at(0, 3, 1) });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.move.contacts).toEqual([{ ship: "redoutable", kind: "collision" }]);
    const [collision, fouled] = r.json.followUps;
    expect(collision).toMatchObject({ kind: "roll", action: { type: "collision", ship: "victory", other: "redoutable" } });
    expect(collision.purpose).toMatch(/Victory ran into Redoutable's hex/);
    expect(fouled).toMatchObject({ kind: "choose", action: { type: "grapple", ship: "victory", other: "redoutable" } });
    expect(fouled.purpose).toMatch(/Victory and Redoutable collided: are they fouled\?/);
  });

  it('V.5: "a turn which results in a movement of its stern in a hex where a collision would occur … the next plotted movement factor … would resolve this collision": no collision', async () => {
    // R on her bow hex swings her stern from (0, −1) into (−1, 0), Redoutable's bow hex; the next hex (bow (1, 0)) clears it
    const r = await run("resolve", {}, { victory: at(1, 0, 1), redoutable: at(-1, 0, 3) });
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.measured).toMatchObject({ plot: "R1" });
    expect(r.json.move.contacts).toEqual([]);
    // the turn alone ends there: a collision
    const stays = await run("resolve", {}, { victory: at(0, 0, 1), redoutable: at(-1, 0, 3) });
    expect(stays.json.move.contacts).toEqual([{ ship: "redoutable", kind: "collision" }]);
  });

  it("bad input is refused naming the ship: before for an unknown ship, a move of 10 m, a heading not a number", async () => {
    const unknown = await run("plan", {}, { victory: at(0, 3, 0) }, { before: { victory: START, bucentaure: START } });
    expect(unknown.code).toBe(2);
    expect(unknown.json.error).toMatchObject({ code: "ship.unknown", path: "table.before.bucentaure" });
    const far = await run("plan", {}, { victory: { x: START.x, y: START.y + 10_000, heading: 0 } });
    expect(far.json.error.message).toMatch(/^Victory would have moved 10 m/);
    const nan = await run("plan", {}, { victory: at(0, 3, 0) }, { before: { victory: { ...START, heading: "NaN" } } });
    expect(nan.json.error).toMatchObject({ code: "input.invalid", path: "table.before.victory.heading" });
    expect(nan.json.error.message).toMatch(/Victory's heading/);
  });
});

describe("WS&IM Movement (the movement phase: she sails her plot)", () => {
  const sail = (now: Pose, plot: string) =>
    runRulesCommand("resolve", "wsim-battle-v3", {
      readStdin: async () =>
        JSON.stringify({
          ships: [{ ...VICTORY, plot }, REDOUTABLE],
          action: { type: "move", ship: "victory" },
          table: { ships: { victory: now, redoutable: AWAY }, before: { victory: START }, hexGrid: GRID },
          dice: [],
        }),
    }).then((r) => ({ code: r.code, json: JSON.parse(r.stdout) }));

  it("where her plot 1R1 takes her: legal, her plot's 3 MP", async () => {
    const r = await sail(at(1, 1, 1), "1R1");
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.outcome).toMatchObject({ plot: "1R1", mp: 3 });
    expect(r.json.move).toMatchObject({ turns: [60], allowance: 3, legal: true });
  });

  it("three hexes ahead when she plotted 1R1: refused, saying the plot she sailed", async () => {
    const r = await sail(at(0, 3, 0), "1R1");
    expect(r.code).toBe(2);
    expect(r.json.error.message).toMatch(/where she stands is the plot 3, not her plot 1R1/);
  });
});
