import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseWsimData } from "../../../../src/rulesets/wsim-battle-v3/data.ts";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { checkProperties, errorOf, mustResolve, oddsFor } from "../request-helpers.ts";
import { bucentaure, CLUB_DATA_RAW, clubData, hermione, victory } from "./fixtures.ts";

const ships = [victory(), bucentaure(), hermione()];
const fire = (extra: Record<string, unknown>) => ({ type: "fire", firer: "victory", target: "bucentaure", rangeHexes: 3, ...extra });

describe("X fire combat dice", () => {
  it("plans a normal and a red die", () => {
    const s = wsimBattleV3.parseState({ ships });
    if (!s.ok) throw new Error();
    expect(wsimBattleV3.plan(s.value, fire({}))).toMatchObject({
      ok: true,
      value: [
        { role: "fire", die: "d6", count: 1, color: "normal" },
        { role: "critical", die: "d6", count: 1, color: "red" },
      ],
    });
  });
  it("a critical only on doubles — not on a 6 of the normal die — and also on a no-result", () => {
    expect(mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [3, 3] }).outcome.critical).toBe(true);
    expect(mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [6, 5] }).outcome.critical).toBe(false);
    const noResult = mustResolve(wsimBattleV3, { ships, action: fire({ gunsFiring: 5 }), dice: [1, 1] }, clubData());
    expect(noResult.outcome).toMatchObject({ hits: 0, critical: true });
  });
  it("aims at the hull at 5 hexes or less unless declared, always at the rigging beyond", () => {
    expect(mustResolve(wsimBattleV3, { ships, action: fire({ rangeHexes: 5 }), dice: [2, 3] }).outcome.aim).toBe("hull");
    expect(mustResolve(wsimBattleV3, { ships, action: fire({ rangeHexes: 5, aim: "rigging" }), dice: [2, 3] }).outcome.aim).toBe("rigging");
    expect(mustResolve(wsimBattleV3, { ships, action: fire({ rangeHexes: 6 }), dice: [2, 3] }).outcome.aim).toBe("rigging");
    expect(errorOf(wsimBattleV3, { ships, action: fire({ rangeHexes: 6, aim: "hull" }), dice: [2, 3] }).path).toBe("action.aim");
  });
  it("the display sentence and the ship log", () => {
    const t = mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [3, 3] });
    expect(wsimBattleV3.describe(t.state, fire({}), t.outcome)).toBe(
      "Victory fires at Bucentaure's hull: die 3, read the Fire Table — doubles: critical hit!",
    );
    const none = mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [6, 5] });
    expect(none.outcome.critical).toBe(false);
    expect(wsimBattleV3.describe(none.state, fire({}), none.outcome)).toBe(
      "Victory fires at Bucentaure's hull: die 6, read the Fire Table — no critical (red 5).",
    );
    const v = wsimBattleV3.shipViews(t.state)[2];
    expect(v?.tracks).toEqual([
      { label: "Guns left", boxes: 8, marked: 0 },
      { label: "Rigging 1", boxes: 4, marked: 0 },
      { label: "Rigging 2", boxes: 4, marked: 0 },
      { label: "Rigging 3", boxes: 4, marked: 0 },
    ]);
  });
  it("odds: a critical hit 1 time in 6", () => {
    expect(oddsFor(wsimBattleV3, { ships, action: fire({}) }).summary.pCritical).toBeCloseTo(1 / 6, 12);
  });
});

describe("I SOLs and frigates", () => {
  const at = (rangeHexes: number, target: Record<string, unknown> = {}, turn = 10) =>
    wsimBattleV3.parseAction(
      (() => {
        const s = wsimBattleV3.parseState({ ships: [victory(), bucentaure(), hermione(target)], game: { turn } });
        if (!s.ok) throw new Error();
        return s.value;
      })(),
      fire({ target: "hermione", rangeHexes }),
    );
  it("a SOL may not fire at a frigate 8 or more hexes away", () => {
    expect(at(7).ok).toBe(true);
    expect(at(8)).toMatchObject({ ok: false, error: { code: "rules.illegal", path: "action.rangeHexes" } });
  });
  it("unless the frigate engaged a SOL during the last three turns", () => {
    expect(at(9, { lastEngagedSol: 7 }).ok).toBe(true);
    expect(at(9, { lastEngagedSol: 6 }).ok).toBe(false);
  });
  it("SOL against SOL at any range is fine; a frigate firing on a SOL is recorded", () => {
    expect(mustResolve(wsimBattleV3, { ships, action: fire({ rangeHexes: 12 }), dice: [2, 3] }).outcome.aim).toBe("rigging");
    const t = mustResolve(wsimBattleV3, {
      ships,
      game: { turn: 4 },
      action: { type: "fire", firer: "hermione", target: "victory", rangeHexes: 3 },
      dice: [2, 3],
    });
    expect(t.state.ships[2]?.lastEngagedSol).toBe(4);
  });
});

describe("II seasoned crews (fire)", () => {
  const mods = (gunsFiring: number, settings?: unknown) =>
    mustResolve(wsimBattleV3, {
      ships,
      settings,
      action: { type: "fire", firer: "hermione", target: "bucentaure", rangeHexes: 2, gunsFiring },
      dice: [3, 4],
    }).outcome;
  it("+1 with 7 guns or more in the Advanced Game", () => {
    expect(mods(7)).toMatchObject({ modifiedDie: 4, modifiers: { seasoned: 1 } });
    expect(mods(6)).toMatchObject({ modifiedDie: 3, modifiers: {} });
  });
  it("+1 with 4 guns or more in the Basic Game", () => {
    expect(mods(4, { gameLevel: "basic" }).modifiedDie).toBe(4);
    expect(mods(3, { gameLevel: "basic" }).modifiedDie).toBe(3);
  });
  it("guns firing defaults to the broadside's guns track", () => {
    const o = mustResolve(wsimBattleV3, {
      ships,
      action: { type: "fire", firer: "hermione", target: "bucentaure", rangeHexes: 2 },
      dice: [3, 4],
    });
    expect(o.outcome).toMatchObject({ guns: 8, modifiedDie: 4 });
  });
});

describe("the base Fire Table", () => {
  it("without a club table the person reads it: a choose follow-up carrying the modified die", () => {
    const t = mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [4, 4] });
    expect(t.outcome.hits).toBeNull();
    expect(t.followUps[0]).toMatchObject({ kind: "choose", action: { type: "fire-result", hits: null }, choice: { field: "hits" } });
    expect(t.followUps[1]).toMatchObject({ kind: "choose", action: { type: "critical", ship: "bucentaure", aim: "hull", entry: null } });
    const r = mustResolve(wsimBattleV3, {
      ships,
      action: { type: "fire-result", firer: "victory", target: "bucentaure", aim: "hull", hits: 3 },
    });
    expect(r.events[0]).toMatchObject({ type: "fire-hits", hits: 3 });
  });
  it("with a club table: hits by guns, range and modified die (crew modifier from the file), clamped to its rows", () => {
    const data = clubData();
    const t = mustResolve(wsimBattleV3, { ships, action: fire({ gunsFiring: 12 }), dice: [5, 2] }, data);
    expect(t.outcome).toMatchObject({ modifiedDie: 6, modifiers: { crew: 1 }, hits: 4 });
    const far = mustResolve(wsimBattleV3, { ships, action: fire({ gunsFiring: 12, rangeHexes: 9, modifier: 3 }), dice: [6, 2] }, data);
    expect(far.outcome).toMatchObject({ modifiedDie: 10, hits: 2 });
    const crit = mustResolve(wsimBattleV3, { ships, action: fire({ gunsFiring: 12 }), dice: [2, 2] }, data);
    expect(crit.followUps[0]).toMatchObject({ kind: "roll", action: { type: "critical", ship: "bucentaure", aim: "hull" } });
  });
  it("the data file is validated with JSON paths", () => {
    const bad = { ...CLUB_DATA_RAW, fire: { columns: [{ guns: [5, 1], range: [1, 2], hits: [1] }] } };
    expect(parseWsimData(bad)).toMatchObject({ ok: false, error: { path: "fire.columns[0].guns" } });
    expect(parseWsimData({ name: "x", critcal: {} })).toMatchObject({ ok: false, error: { path: "critcal" } });
    expect(parseWsimData({ name: "x", meleeMultipliers: { seasonned: 3 } })).toMatchObject({
      ok: false,
      error: { path: "meleeMultipliers.seasonned" },
    });
  });
  it("properties: odds sum to 1 and the resolved outcome has p > 0, with and without a table", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 }), (n, r, range) => {
        checkProperties(wsimBattleV3, { ships, action: fire({ rangeHexes: range, gunsFiring: 12 }), dice: [n, r] });
        checkProperties(wsimBattleV3, { ships, action: fire({ rangeHexes: range, gunsFiring: 12 }), dice: [n, r] }, clubData());
      }),
      { numRuns: 30 },
    );
  });
});

describe("which dice made the result (the display's marks and the dice's lights)", () => {
  it("the normal die hits or misses by the club's Fire Table; the red die counts only for a critical", () => {
    const noResult = mustResolve(wsimBattleV3, { ships, action: fire({ gunsFiring: 5 }), dice: [1, 1] }, clubData());
    expect(noResult.outcome).toMatchObject({ hits: 0, critical: true });
    expect(noResult.marks).toEqual([["miss"], ["hit"]]);
    const hits = mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [6, 5] }, clubData());
    expect((hits.outcome.hits as number) > 0).toBe(true);
    expect(hits.marks).toEqual([["hit"], [null]]);
  });
  it("while the Fire Table is read by hand the normal die is not marked (the hits are not known yet)", () => {
    expect(mustResolve(wsimBattleV3, { ships, action: fire({}), dice: [6, 5] }).marks).toEqual([[null], [null]]);
  });
});
