import { describe, expect, it } from "vitest";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { classModifier } from "../../../../src/rulesets/wsim-battle-v3/melee.ts";
import { checkProperties, errorOf, mustResolve } from "../request-helpers.ts";
import { bucentaure, clubData, hermione, victory } from "./fixtures.ts";

const sections = (...parties: string[]) => parties.map((party) => ({ boxes: 4, party, formedTurn: party === "none" ? null : 1 }));
const form = (ship: Record<string, unknown>, section: number, party: string, turn = 2) =>
  ({ ships: [ship], game: { turn }, action: { type: "form-party", ship: ship.id, section, party } }) as const;

describe("VI.1 forming boarding parties", () => {
  const fresh = victory({ crewSections: sections("none", "none", "none") });
  it("the first DBP is crew section 1 or 2, never 3", () => {
    expect(mustResolve(wsimBattleV3, form(fresh, 2, "DBP")).state.ships[0]?.crewSections?.[1]?.party).toBe("DBP");
    expect(errorOf(wsimBattleV3, form(fresh, 3, "DBP")).code).toBe("rules.illegal");
  });
  it("one new DBP a boarding preparation phase; afterwards the lowest numbered section available", () => {
    const t = mustResolve(wsimBattleV3, form(fresh, 2, "DBP"));
    expect(errorOf(wsimBattleV3, { ...form(fresh, 1, "DBP"), ships: t.state.ships }).message).toMatch(/one crew section only/);
    const later = { ...form(fresh, 3, "DBP", 3), ships: t.state.ships };
    expect(errorOf(wsimBattleV3, later).message).toMatch(/lowest numbered .*\(1\)/);
    expect(mustResolve(wsimBattleV3, { ...form(fresh, 1, "DBP", 3), ships: t.state.ships }).outcome.boardersReady).toBe(true);
  });
  it("an OBP or TBP must have been a DBP on a previous turn (two turns to form an OBP)", () => {
    expect(errorOf(wsimBattleV3, form(fresh, 1, "OBP")).message).toMatch(/formed as DBP first/);
    const t = mustResolve(wsimBattleV3, form(fresh, 1, "DBP", 2));
    expect(errorOf(wsimBattleV3, { ...form(fresh, 1, "OBP", 2), ships: t.state.ships }).message).toMatch(/previous turn/);
    expect(mustResolve(wsimBattleV3, { ...form(fresh, 1, "OBP", 3), ships: t.state.ships }).outcome.party).toBe("OBP");
  });
  it("crew section 3 may never become OBP or TBP; OBP↔TBP and back to DBP are free", () => {
    const s = victory({ crewSections: sections("OBP", "TBP", "DBP") });
    expect(errorOf(wsimBattleV3, form(s, 3, "OBP")).message).toMatch(/number 3/);
    expect(mustResolve(wsimBattleV3, form(s, 1, "TBP")).outcome.party).toBe("TBP");
    expect(mustResolve(wsimBattleV3, form(s, 2, "DBP")).outcome.party).toBe("DBP");
  });
});

describe("VI.3 melee modifiers", () => {
  it("the class table", () => {
    expect([
      classModifier(1, 2),
      classModifier(1, 5),
      classModifier(2, 3),
      classModifier(2, 1),
      classModifier(3, 2),
      classModifier(4, 1),
      classModifier(3, 4),
    ]).toEqual([-1, -1, -1, 1, 1, 2, 0]);
  });
});

describe("VI.2 and VI.4 melee rounds", () => {
  const att = (extra: Record<string, unknown> = {}) =>
    hermione({ grappledWith: ["bucentaure"], crewSections: sections("OBP", "OBP", "none"), ...extra });
  const def = (extra: Record<string, unknown> = {}) =>
    bucentaure({ grappledWith: ["hermione"], crewSections: sections("none", "none", "none"), ...extra });
  const melee = { type: "melee", ship: "hermione", enemy: "bucentaure" };
  it("no melee when neither ship has an OBP", () => {
    const ships = [att({ crewSections: sections("DBP", "TBP", "none") }), def()];
    expect(errorOf(wsimBattleV3, { ships, action: melee, dice: [3, 3] }, clubData()).message).toMatch(/VI.4/);
  });
  it("crew section 1 turns DBP against an OBP; OBP +1, DBP −2, class 5 vs class 2 +1, clamped to 1–6; seasoned 3.5 rounded up", () => {
    const t = mustResolve(wsimBattleV3, { ships: [att(), def()], action: melee, dice: [5, 2] }, clubData());
    expect(t.state.ships[1]?.crewSections?.[0]?.party).toBe("DBP");
    // hermione class 5 OBP vs class 2: +1 +1 = +2 → 7 → 6; bucentaure class 2 DBP vs class 3+: −2 −1 = −3 → −1 → 1
    expect(t.outcome).toMatchObject({ round: 1, parties: ["OBP", "DBP"], modifiers: [2, -3], rolls: [6, 1], strengths: [28, 12] });
    expect(t.followUps[0]).toMatchObject({
      kind: "choose",
      action: { type: "melee-losses", lossesShip: null },
      choice: { field: "lossesShip" },
    });
  });
  it("seasoned strength: 3 points × 3.5 = 10.5 → 11", () => {
    const ships = [att({ crewSections: [{ boxes: 3, party: "OBP", formedTurn: 1 }] }), def()];
    expect(mustResolve(wsimBattleV3, { ships, action: melee, dice: [3, 3] }, clubData()).outcome.strengths).toEqual([11, 12]);
  });
  it("a crew's multiplier must be known: from the club file or the action", () => {
    expect(errorOf(wsimBattleV3, { ships: [att(), def()], action: melee, dice: [3, 3] }).path).toBe("action.multiplierEnemy");
    expect(
      mustResolve(wsimBattleV3, { ships: [att(), def()], action: { ...melee, multiplierEnemy: 3 }, dice: [3, 3] }).outcome.strengths,
    ).toEqual([28, 12]);
  });
  it("3:1 for the OBP captures; 2:1 for the DBP throws the OBP back", () => {
    const ships = [att(), def({ crewSections: sections("DBP", "none", "none") })];
    const losses = { type: "melee-losses", ship: "hermione", enemy: "bucentaure", round: 1 };
    // OBP 8 points ×3.5 = 28 vs DBP (4 − 2) × 3 = 6 → 28 ≥ 18: captured
    const cap = mustResolve(wsimBattleV3, { ships, action: { ...losses, lossesShip: 0, lossesEnemy: 2 } }, clubData());
    expect(cap.outcome).toMatchObject({ result: "captured", captured: "bucentaure", strengths: [28, 6] });
    expect(cap.state.ships[1]).toMatchObject({ captured: true, side: "FR" });
    // OBP (8 − 6) × 3.5 = 7 vs DBP 4 × 3 = 12 → not 2:1 (14); (8 − 7) × 3.5 = 3.5 → 4 vs 12 → repulsed
    expect(mustResolve(wsimBattleV3, { ships, action: { ...losses, lossesShip: 6, lossesEnemy: 0 } }, clubData()).outcome.result).toBe(
      "continues",
    );
    const rep = mustResolve(wsimBattleV3, { ships, action: { ...losses, lossesShip: 7, lossesEnemy: 0 } }, clubData());
    expect(rep.outcome).toMatchObject({ result: "repulsed", strengths: [4, 12] });
    expect(rep.state.ships[0]?.crewSections?.map((c) => c.party)).toEqual(["DBP", "DBP", "none"]);
  });
  it("XII.1.1: leaders aboard a captured ship are captured, by the same procedure as a casualty", () => {
    const leaders = [
      { id: "villeneuve", name: "Villeneuve", side: "FR", ship: "bucentaure", rank: "admiral", seniority: 1, playedBy: "Cy" },
      { id: "dumanoir", name: "Dumanoir", side: "FR", ship: "formidable", rank: "admiral", seniority: 2, playedBy: "Di" },
      { id: "magendie", name: "Magendie", side: "FR", ship: "bucentaure", rank: "captain", seniority: 5 },
      { id: "lucas", name: "Lucas", side: "FR", ship: "redoutable", rank: "captain", seniority: 6 },
    ];
    const ships = [att({ side: "GB" }), def({ crewSections: sections("DBP", "none", "none") })];
    const losses = { type: "melee-losses", ship: "hermione", enemy: "bucentaure", round: 1, lossesShip: 0, lossesEnemy: 2 };
    const t = mustResolve(wsimBattleV3, { ships, game: { leaders }, action: losses }, clubData());
    expect(t.outcome).toMatchObject({ result: "captured", captured: "bucentaure", leadersCaptured: ["villeneuve", "magendie"] });
    expect(t.state.ships[1]).toMatchObject({ captured: true, side: "GB" });
    expect(t.state.game.leaders.map((l) => [l.id, l.status])).toEqual([
      ["villeneuve", "captured"],
      ["dumanoir", "active"],
      ["magendie", "captured"],
      ["lucas", "active"],
    ]);
    // The played admiral's command passes to the next player in seniority (after a Leader Loss signal) …
    expect(t.state.game.commandChanges).toEqual([{ side: "FR", from: "villeneuve", to: "dumanoir", effective: false }]);
    // … and his player takes on a leader still free and not played.
    expect(t.followUps).toEqual([
      expect.objectContaining({
        kind: "choose",
        action: { type: "impersonate", player: "Cy", leader: null },
        choice: expect.objectContaining({ options: [{ value: "lucas", label: "Lucas" }] }),
      }),
    ]);
    expect(wsimBattleV3.describe(t.state, losses, t.outcome)).toBe("Bucentaure is captured! Leaders taken: Villeneuve, Magendie.");
    // No capture, no leader lost.
    const goesOn = mustResolve(
      wsimBattleV3,
      { ships, game: { leaders }, action: { ...losses, lossesShip: 6, lossesEnemy: 0 } },
      clubData(),
    );
    expect(goesOn.state.game.leaders.every((l) => l.status === "active")).toBe(true);
    expect(goesOn.followUps).toEqual([]);
  });
  it("the enemy's losses are asked next when missing", () => {
    const ships = [att(), def({ crewSections: sections("DBP", "none", "none") })];
    const t = mustResolve(
      wsimBattleV3,
      { ships, action: { type: "melee-losses", ship: "hermione", enemy: "bucentaure", round: 1, lossesShip: 1 } },
      clubData(),
    );
    expect(t.followUps[0]).toMatchObject({
      kind: "choose",
      action: { lossesShip: 1, lossesEnemy: null },
      choice: { field: "lossesEnemy" },
    });
  });
  it("OBP against OBP: a 2:1 disadvantage turns into DBP and the odds are recalculated with the other DBPs", () => {
    const ships = [att(), def({ crewSections: sections("OBP", "DBP", "none") })];
    // hermione OBP 8 × 3.5 = 28; bucentaure OBP (4 − 2) × 3 = 6 → 2:1: bucentaure DBP = (2 + 4) × 3 = 18; 28 < 54: continues
    const t = mustResolve(
      wsimBattleV3,
      { ships, action: { type: "melee-losses", ship: "hermione", enemy: "bucentaure", round: 3, lossesShip: 0, lossesEnemy: 2 } },
      clubData(),
    );
    expect(t.outcome).toMatchObject({ parties: ["OBP", "DBP"], strengths: [28, 18], result: "continues", continuesNextTurn: true });
  });
  it("rule I: a frigate in a melee with a SOL may be fired on for three turns after that round", () => {
    const ships = [att({ lastEngagedSol: 1 }), def()];
    const t = mustResolve(wsimBattleV3, { ships, game: { turn: 6 }, action: melee, dice: [3, 3] }, clubData());
    expect(t.state.ships[0]).toMatchObject({ lastEngagedSol: 6, lastCombatTurn: 6 });
    expect(t.state.ships[1]).toMatchObject({ lastEngagedSol: null, lastCombatTurn: 6 }); // the SOL's own record is not rule I's
    const later = { ...t.state.game, turn: 9 };
    const ready = [t.state.ships[1], { ...t.state.ships[0], grappledWith: [] }];
    const action = { type: "fire", firer: "bucentaure", target: "hermione", rangeHexes: 9 };
    expect(mustResolve(wsimBattleV3, { ships: ready, game: later, action, dice: [2, 3] }).outcome.aim).toBe("rigging");
    expect(errorOf(wsimBattleV3, { ships: ready, game: { ...later, turn: 10 }, action, dice: [2, 3] }).path).toBe("action.rangeHexes");
  });
  it("three melee rounds a turn", () => {
    const ships = [att(), def()];
    const game = { turn: 4, melees: [{ ships: ["bucentaure", "hermione"], turn: 4, rounds: 3 }] };
    expect(errorOf(wsimBattleV3, { ships, game, action: melee, dice: [3, 3] }, clubData()).message).toMatch(/three melee rounds/);
    expect(mustResolve(wsimBattleV3, { ships, game: { ...game, turn: 5 }, action: melee, dice: [3, 3] }, clubData()).outcome.round).toBe(1);
  });
  it("properties: melee odds sum to 1", () =>
    checkProperties(wsimBattleV3, { ships: [att(), def()], action: melee, dice: [6, 1] }, clubData()));
});
