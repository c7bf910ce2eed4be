import { describe, expect, it } from "vitest";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { checkProperties, errorOf, mustResolve, oddsFor } from "../request-helpers.ts";
import { bucentaure, clubData, hermione, victory } from "./fixtures.ts";

const ships = [victory(), bucentaure(), hermione()];

describe("VIII wind change", () => {
  const roll = (changeNumber: number, dice: number[]) =>
    mustResolve(wsimBattleV3, { wind: { direction: 3, changeNumber }, action: { type: "wind" }, dice }).outcome.changes;
  it("number 6: changes on 2 or 12", () => {
    expect([roll(6, [1, 1]), roll(6, [6, 6]), roll(6, [1, 2]), roll(6, [5, 6])]).toEqual([true, true, false, false]);
  });
  it("number 5: changes on 2, 11 or 12", () => {
    expect([roll(5, [5, 6]), roll(5, [1, 2]), roll(5, [4, 6])]).toEqual([true, false, false]);
  });
  it("number 4: changes on 2, 3, 11 or 12", () => {
    expect([roll(4, [1, 2]), roll(4, [2, 2]), roll(4, [5, 6]), roll(4, [4, 6])]).toEqual([true, false, true, false]);
  });
  it("the chance of a change this turn: 2/36 (number 6), 4/36 (5: 2 once, 11 twice, 12 once), 6/36 (4)", () => {
    const p = (n: number) => oddsFor(wsimBattleV3, { wind: { changeNumber: n }, action: { type: "wind" } }).summary.pChange;
    expect(p(6)).toBeCloseTo(2 / 36, 12);
    expect(p(5)).toBeCloseTo(4 / 36, 12);
    expect(p(4)).toBeCloseTo(6 / 36, 12);
  });
  it("takes effect the NEXT turn, with one turn of warning on the display", () => {
    const t = mustResolve(wsimBattleV3, { wind: { direction: 3, changeNumber: 6 }, action: { type: "wind" }, dice: [6, 6] });
    expect(t.state.wind.direction).toBe(3);
    expect(wsimBattleV3.windView(t.state)?.pending).toBe("The wind changes next turn (new direction to be set)");
    expect(t.followUps[0]).toMatchObject({ kind: "choose", action: { type: "wind-shift" }, choice: { field: "direction" } });
    const req = { wind: t.state.wind, game: t.state.game };
    expect(errorOf(wsimBattleV3, { ...req, action: { type: "wind" }, dice: [1, 1] }).code).toBe("rules.illegal");
    expect(errorOf(wsimBattleV3, { ...req, action: { type: "next-turn" } }).code).toBe("rules.illegal");
    const set = mustResolve(wsimBattleV3, { ...req, action: { type: "wind-shift", direction: 4 } });
    expect(wsimBattleV3.windView(set.state)).toMatchObject({ fromDegrees: 180, pending: "The wind changes next turn: from SW" });
    const next = mustResolve(wsimBattleV3, { wind: set.state.wind, game: set.state.game, action: { type: "next-turn" } });
    expect(next.state.wind).toMatchObject({ direction: 4, pending: null });
    expect(next.state.game.turn).toBe(2);
    expect(wsimBattleV3.windView(next.state)).toEqual({
      system: "hex6",
      fromDegrees: 240,
      label: "Wind from SW, change number 6",
      strength: "change number 6",
    });
  });
  it("properties hold for the wind roll", () =>
    checkProperties(wsimBattleV3, { wind: { changeNumber: 4 }, action: { type: "wind" }, dice: [1, 2] }));
});

describe("XII leader casualties", () => {
  const leaders = [
    { id: "nelson", name: "Nelson", side: "GB", ship: "victory", rank: "admiral", seniority: 1, playedBy: "Ann" },
    { id: "collingwood", name: "Collingwood", side: "GB", ship: "royal-sovereign", rank: "admiral", seniority: 2, playedBy: "Bob" },
    { id: "hardy", name: "Hardy", side: "GB", ship: "victory", rank: "captain", seniority: 5 },
  ];
  const game = { leaders };
  it("possible leader casualty is added to 3, 9 and 15 (R and H): a roll for each leader on board", () => {
    const t = mustResolve(wsimBattleV3, {
      ships,
      game,
      action: { type: "critical", ship: "victory", aim: "hull", rangeHexes: 2, entry: 9 },
    });
    expect(t.outcome).toMatchObject({ code: "9H", leaderRisk: true });
    expect(t.followUps.map((f) => f.action)).toEqual([
      { type: "leader-casualty", leader: "nelson", rangeHexes: 2 },
      { type: "leader-casualty", leader: "hardy", rangeHexes: 2 },
    ]);
    const other = mustResolve(wsimBattleV3, {
      ships,
      game,
      action: { type: "critical", ship: "victory", aim: "hull", rangeHexes: 2, entry: 10 },
    });
    expect(other.followUps).toEqual([]);
  });
  it("2d6 + 5 at range 1, +3 at 2, +2 at 3–4, +1 at 5–6: 12 or more is a casualty", () => {
    const r = (rangeHexes: number, dice: number[]) =>
      mustResolve(wsimBattleV3, { ships, game, action: { type: "leader-casualty", leader: "hardy", rangeHexes }, dice }).outcome;
    expect(r(1, [3, 4])).toMatchObject({ total: 12, casualty: true });
    expect(r(1, [3, 3])).toMatchObject({ total: 11, casualty: false });
    expect(r(2, [4, 5]).total).toBe(12);
    expect(r(4, [5, 5]).casualty).toBe(true);
    expect(r(6, [5, 5]).casualty).toBe(false);
    expect(r(7, [6, 5]).total).toBe(11);
    expect(
      oddsFor(wsimBattleV3, { ships, game, action: { type: "leader-casualty", leader: "hardy", rangeHexes: 1 } }).summary.pCasualty,
    ).toBeCloseTo(21 / 36, 12);
  });
  it("a played leader's fall: the next player in seniority succeeds once the Leader Loss signal arrives", () => {
    const t = mustResolve(wsimBattleV3, {
      ships,
      game,
      action: { type: "leader-casualty", leader: "nelson", rangeHexes: 1 },
      dice: [6, 6],
    });
    expect(t.outcome).toMatchObject({ casualty: true, successor: "collingwood", mustImpersonate: true });
    expect(t.state.game.commandChanges).toEqual([{ side: "GB", from: "nelson", to: "collingwood", effective: false }]);
    expect(t.followUps[0]).toMatchObject({
      kind: "choose",
      action: { type: "impersonate", player: "Ann" },
      choice: { options: [{ value: "hardy" }] },
    });
    const imp = mustResolve(wsimBattleV3, { ships, game: t.state.game, action: { type: "impersonate", player: "Ann", leader: "hardy" } });
    expect(imp.state.game.leaders[2]?.playedBy).toBe("Ann");
    const ships2 = [...ships, { ...bucentaure(), id: "royal-sovereign", name: "Royal Sovereign", side: "GB" }];
    const sig = {
      type: "signal",
      player: "Ann",
      from: "victory",
      to: "royal-sovereign",
      rank: "captain",
      size: 2,
      pathHexes: 6,
      leaderLoss: true,
    };
    const sent = mustResolve(wsimBattleV3, { ships: ships2, game: imp.state.game, action: sig });
    expect(sent.state.game.commandChanges[0]?.effective).toBe(false);
    const next = mustResolve(wsimBattleV3, { ships: ships2, game: sent.state.game, action: { type: "next-turn" } });
    expect(next.state.game.commandChanges[0]?.effective).toBe(true);
  });
  it("a leader not played: just note the loss", () => {
    const t = mustResolve(wsimBattleV3, { ships, game, action: { type: "leader-casualty", leader: "hardy", rangeHexes: 1 }, dice: [6, 6] });
    expect(t.outcome).toMatchObject({ casualty: true, successor: null, mustImpersonate: false });
    expect(t.state.game.leaders[2]?.status).toBe("casualty");
  });
  it("4R and 6R: one die, odd reduces the left broadside, even the right", () => {
    const c = mustResolve(wsimBattleV3, { ships, action: { type: "critical", ship: "victory", aim: "rigging", rangeHexes: 3, entry: 6 } });
    expect(c.followUps[0]).toMatchObject({ kind: "roll", action: { type: "broadside-loss", ship: "victory" } });
    expect(
      mustResolve(wsimBattleV3, { ships, action: { type: "critical", ship: "victory", aim: "hull", rangeHexes: 3, entry: 4 } }).followUps,
    ).toEqual([]);
    const b = (d: number) =>
      mustResolve(wsimBattleV3, { ships, action: { type: "broadside-loss", ship: "victory" }, dice: [d] }).outcome.broadside;
    expect([b(1), b(2), b(3), b(6)]).toEqual(["left", "right", "left", "right"]);
  });
  it("a club critical table is rolled, its entry text shown", () => {
    const t = mustResolve(
      wsimBattleV3,
      { ships, action: { type: "critical", ship: "victory", aim: "rigging", rangeHexes: 3 }, dice: [1, 3] },
      clubData(),
    );
    expect(t.outcome).toMatchObject({ code: "4R", text: "Mast hit", broadsideRoll: true });
    expect(errorOf(wsimBattleV3, { ships, action: { type: "critical", ship: "victory", aim: "rigging", rangeHexes: 3 } }).path).toBe(
      "action.entry",
    );
    checkProperties(
      wsimBattleV3,
      { ships, action: { type: "critical", ship: "victory", aim: "hull", rangeHexes: 3 }, dice: [4, 5] },
      clubData(),
    );
  });
});

describe("XI timed phases", () => {
  const time = (elapsedSeconds: number, game: unknown = {}) =>
    mustResolve(wsimBattleV3, { game, action: { type: "phase-timer", player: "Ann", phase: "movement plotting", elapsedSeconds } });
  it("within the limit, then a 30 s grace for the first violation only", () => {
    expect(time(120).outcome).toMatchObject({ withinLimit: true, violation: false });
    const g = time(150);
    expect(g.outcome).toMatchObject({ graceGiven: true, violation: false });
    expect(time(150, g.state.game).outcome).toMatchObject({ graceGiven: false, violation: true });
    expect(time(151).outcome.violation).toBe(true);
  });
});

describe("VII signalling", () => {
  const sig = (extra: Record<string, unknown> = {}) => ({
    type: "signal",
    player: "Ann",
    from: "victory",
    to: "bucentaure",
    rank: "admiral",
    size: 5,
    pathHexes: 6,
    ...extra,
  });
  it("an admiral sends 5 words (7 British after 1803), a captain 3; Casus Belli 3/4 and 2 signals", () => {
    expect(mustResolve(wsimBattleV3, { ships, action: sig() }).outcome.delivered).toBe(false);
    expect(errorOf(wsimBattleV3, { ships, action: sig({ size: 6 }) }).path).toBe("action.size");
    expect(mustResolve(wsimBattleV3, { ships, action: sig({ size: 7, britishAfter1803: true }) }).outcome).toBeTruthy();
    expect(errorOf(wsimBattleV3, { ships, action: sig({ rank: "captain", size: 4 }) }).code).toBe("rules.illegal");
    expect(errorOf(wsimBattleV3, { ships, settings: { signalling: "casus-belli" }, action: sig({ size: 4 }) }).code).toBe("rules.illegal");
    expect(errorOf(wsimBattleV3, { ships, settings: { signalling: "casus-belli" }, action: sig({ rank: "captain", size: 3 }) }).code).toBe(
      "rules.illegal",
    );
  });
  it("one message a player a turn; received next turn unless the path is 3 hexes or less", () => {
    const t = mustResolve(wsimBattleV3, { ships, action: sig() });
    expect(errorOf(wsimBattleV3, { ships, game: t.state.game, action: sig({ from: "bucentaure" }) }).path).toBe("action.player");
    expect(t.state.game.signals[0]?.deliverTurn).toBe(2);
    const next = mustResolve(wsimBattleV3, { ships, game: t.state.game, action: { type: "next-turn" } });
    expect(next.outcome.signalsDelivered).toBe(1);
    expect(next.state.game.signals).toEqual([]);
    expect(mustResolve(wsimBattleV3, { ships, action: sig({ pathHexes: 3 }) }).outcome).toEqual({ deliverTurn: 1, delivered: true });
  });
  it("repeaters (optional): legs of 15 hexes at most, class 3 or below not engaged, two legs a turn", () => {
    const on = { repeaters: true };
    const fleet = [...ships, { ...hermione(), id: "r2", name: "Euryalus" }];
    expect(errorOf(wsimBattleV3, { ships, action: sig({ repeaters: ["hermione"], legs: [5, 5] }) }).path).toBe("action.repeaters");
    expect(errorOf(wsimBattleV3, { ships, settings: on, action: sig({ repeaters: ["hermione"], legs: [16, 5] }) }).path).toBe(
      "action.legs[0]",
    );
    expect(errorOf(wsimBattleV3, { ships, settings: on, action: sig({ repeaters: ["bucentaure"], legs: [10, 5] }) }).path).toBe(
      "action.repeaters[0]",
    );
    const engaged = [victory(), bucentaure(), hermione({ lastCombatTurn: 3 })];
    const busy = { ships: engaged, game: { turn: 4 }, settings: on, action: sig({ repeaters: ["hermione"], legs: [10, 5] }) };
    expect(errorOf(wsimBattleV3, busy).path).toBe("action.repeaters[0]");
    expect(mustResolve(wsimBattleV3, { ...busy, game: { turn: 5 } }).outcome.deliverTurn).toBe(6);
    expect(
      mustResolve(wsimBattleV3, { ships, settings: on, action: sig({ repeaters: ["hermione"], legs: [15, 15], pathHexes: 30 }) }).outcome
        .deliverTurn,
    ).toBe(2);
    const three = sig({ repeaters: ["hermione", "r2"], legs: [15, 15, 10], pathHexes: 40 });
    expect(mustResolve(wsimBattleV3, { ships: fleet, settings: on, action: three }).outcome.deliverTurn).toBe(3);
  });
});

describe("the ship log and grappling", () => {
  it("mark boxes of a section (negative clears), clamped to the section", () => {
    const t = mustResolve(wsimBattleV3, { ships, action: { type: "mark", ship: "hermione", section: "rigging1", boxes: 5 } });
    expect(t.state.ships[2]?.rigging?.[0]).toEqual({ boxes: 4, marked: 4 });
    const back = mustResolve(wsimBattleV3, {
      ships: t.state.ships,
      action: { type: "mark", ship: "hermione", section: "rigging1", boxes: -1 },
    });
    expect(back.state.ships[2]?.rigging?.[0]?.marked).toBe(3);
    expect(errorOf(wsimBattleV3, { ships, action: { type: "mark", ship: "victory", section: "crew1", boxes: 1 } }).path).toBe(
      "action.section",
    );
  });
  it("grappling a SOL counts for rule I", () => {
    const t = mustResolve(wsimBattleV3, {
      ships,
      game: { turn: 6 },
      action: { type: "grapple", ship: "hermione", other: "victory", grappled: true },
    });
    expect(t.state.ships[2]).toMatchObject({ grappledWith: ["victory"], lastEngagedSol: 6, lastCombatTurn: 6 });
    expect(t.state.ships[0]?.grappledWith).toEqual(["hermione"]);
    const free = mustResolve(wsimBattleV3, {
      ships: t.state.ships,
      action: { type: "grapple", ship: "hermione", other: "victory", grappled: false },
    });
    expect(free.state.ships[2]?.grappledWith).toEqual([]);
  });
  it("set-wind sets direction and change number", () => {
    const t = mustResolve(wsimBattleV3, { action: { type: "set-wind", direction: 2, changeNumber: 4 } });
    expect(t.state.wind).toMatchObject({ direction: 2, changeNumber: 4 });
    expect(errorOf(wsimBattleV3, { action: { type: "set-wind", changeNumber: 7 } }).path).toBe("action.changeNumber");
  });
});
