/**
 * Issue 16, wsim-battle-v3: the readings an audit found disagreeing with the text, each with the sentence of
 * wsim-battle-rules-v3.txt it reads.
 */
import { describe, expect, it } from "vitest";
import { loadScenario } from "../../../../host/config/load.ts";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { errorOf, mustResolve } from "../request-helpers.ts";
import { bucentaure, hermione, victory } from "./fixtures.ts";

const ships = [victory(), bucentaure(), hermione()];

describe("VII.2 repeaters", () => {
  const sig = (extra: Record<string, unknown> = {}) => ({
    type: "signal",
    player: "Ann",
    from: "victory",
    to: "bucentaure",
    rank: "admiral",
    size: 5,
    ...extra,
  });
  const on = { repeaters: true };
  it('"A signal arrives if there is a clear line of sight … no longer than 15 hexes in length": a direct signal too', () => {
    const far = errorOf(wsimBattleV3, { ships, settings: on, action: sig({ pathHexes: 16 }) });
    expect(far).toMatchObject({ code: "rules.illegal", path: "action.pathHexes" });
    expect(mustResolve(wsimBattleV3, { ships, settings: on, action: sig({ pathHexes: 15 }) }).outcome.deliverTurn).toBe(2);
    // Without the optional rule the base game's signalling has no such limit.
    expect(mustResolve(wsimBattleV3, { ships, action: sig({ pathHexes: 16 }) }).outcome.deliverTurn).toBe(2);
  });
});

describe("XII.1.1 succession", () => {
  const leader = (id: string, seniority: number, playedBy: string | null, ship = "victory") => ({
    id,
    name: id,
    side: "GB",
    ship,
    rank: "admiral",
    seniority,
    playedBy,
  });
  const fall = (leaders: unknown[], who: string) =>
    mustResolve(wsimBattleV3, {
      ships,
      game: { leaders },
      action: { type: "leader-casualty", leader: who, rangeHexes: 1 },
      dice: [6, 6],
    }).outcome.successor;
  it('"This must be the next player in seniority": the next one junior to the fallen leader, never one senior to him', () => {
    const leaders = [leader("nelson", 1, "Ann"), leader("collingwood", 2, "Bob"), leader("northesk", 3, "Cy"), leader("hardy", 5, null)];
    expect(fall(leaders, "collingwood")).toBe("northesk");
    expect(fall(leaders, "nelson")).toBe("collingwood");
    // the most junior played leader has no next player in seniority
    expect(fall(leaders, "northesk")).toBeNull();
  });
});

describe("XI timed phases", () => {
  const time = (elapsedSeconds: number, game: unknown = {}) =>
    mustResolve(wsimBattleV3, { game, action: { type: "phase-timer", player: "Ann", phase: "movement plotting", elapsedSeconds } });
  it('"a grace period of 30 seconds for the first violation": none on a later overrun when the first was not graced', () => {
    const first = time(200);
    expect(first.outcome).toMatchObject({ graceGiven: false, violation: true });
    expect(time(130, first.state.game).outcome).toMatchObject({ graceGiven: false, violation: true });
  });
});

describe("V momentum with no record of last turn", () => {
  const plot = (ship: Record<string, unknown>, p: string, allowanceMP: number, turn = 1) => ({
    ships: [ship],
    game: { turn },
    action: { type: "plot", ship: ship.id, plot: p, allowanceMP },
  });
  it('"Ships of the Line may accelerate 1 MP per turn" limits a change from a known speed, not the first turn', () => {
    const first = mustResolve(wsimBattleV3, plot(victory(), "4", 5)).outcome;
    expect(first).toMatchObject({ mp: 4, lastMP: null, minimumMP: 0, maximumMP: 5 });
    // a scenario that states last turn's MP is held to it
    expect(errorOf(wsimBattleV3, plot(victory({ lastMP: 2 }), "4", 5)).message).toMatch(/accelerate 1 MP/);
  });
  it("after next-turn the plot is the record; a ship the table did not plot has none", () => {
    const plotted = mustResolve(wsimBattleV3, plot(victory(), "4", 5));
    const next = mustResolve(wsimBattleV3, { ships: plotted.state.ships, action: { type: "next-turn" } });
    expect(next.state.ships[0]).toMatchObject({ lastPlot: "4", lastMP: 4 });
    expect(errorOf(wsimBattleV3, plot(next.state.ships[0] as never, "6", 6, 2)).message).toMatch(/at most 5 MP/);
    const idle = mustResolve(wsimBattleV3, { ships: [victory()], action: { type: "next-turn" } });
    expect(idle.state.ships[0]).toMatchObject({ lastPlot: null, lastMP: null });
  });
  it('"A ship which … only turned has a movement allowance of 0 last turn": an empty plot is a record of 0', () => {
    expect(errorOf(wsimBattleV3, plot(victory({ lastPlot: "" }), "2", 5)).code).toBe("rules.illegal");
  });
});

describe("kind and class", () => {
  it('SOLs are class 1–2: "repeaters (Frigates and below)" are "A class 3 ship or below"', () => {
    const bad = errorOf(wsimBattleV3, { ships: [{ ...bucentaure(), class: 3, guns: 74 }], action: { type: "next-turn" } });
    expect(bad).toMatchObject({ code: "input.invalid", path: "ships[0].class" });
    expect(errorOf(wsimBattleV3, { ships: [{ ...hermione(), class: 2 }], action: { type: "next-turn" } }).path).toBe("ships[0].class");
  });
  it("the bundled Trafalgar's 74 (Redoutable) is class 2 and the scenario loads", () => {
    const s = loadScenario("wsim-battle-v3");
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const parsed = wsimBattleV3.parseState(s.value.start);
    expect(parsed.ok).toBe(true);
    expect(s.value.start.ships.find((x) => x.id === "redoutable")).toMatchObject({ class: 2, kind: "sol" });
  });
});
