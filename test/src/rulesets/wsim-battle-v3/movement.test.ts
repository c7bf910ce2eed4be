import { describe, expect, it } from "vitest";
import { wsimBattleV3 } from "../../../../src/rulesets/wsim-battle-v3/index.ts";
import { errorOf, mustResolve } from "../request-helpers.ts";
import { bucentaure, hermione, victory } from "./fixtures.ts";

const plot = (ship: Record<string, unknown>, p: string, allowanceMP: number, settings?: unknown, others: unknown[] = []) =>
  ({ ships: [ship, ...others], settings, action: { type: "plot", ship: ship.id, plot: p, allowanceMP } }) as const;
const ok = (...args: Parameters<typeof plot>) => mustResolve(wsimBattleV3, plot(...args)).outcome;
const bad = (...args: Parameters<typeof plot>) => errorOf(wsimBattleV3, plot(...args));

describe("IV the crab move and the T plot", () => {
  const class1 = victory({ lastMP: 2 });
  it('Class 1: "LT" is allowed where "L1R" was not; "L1L" is still not allowed', () => {
    expect(ok(class1, "LT", 3)).toMatchObject({ mp: 2, turns: 1 });
    expect(bad(class1, "L1R", 3).code).toBe("rules.illegal");
    expect(bad(class1, "L1L", 3).code).toBe("rules.illegal");
  });
  it('"LT" costs only 2 MP, so with 3 MP "LT1" and "L1T" are possible', () => {
    expect(ok(class1, "LT1", 3).mp).toBe(3);
    expect(ok(class1, "L1T", 3).mp).toBe(3);
  });
  it('extreme case: 7 MP and a turning allowance of 3 may plot "LT1LT1L"', () => {
    expect(ok(hermione({ lastMP: 5 }), "LT1LT1L", 7)).toMatchObject({ mp: 7, turns: 3 });
  });
  it("a T must follow an L or R in the same game turn (one T each)", () => {
    expect(bad(class1, "1T", 3).path).toBe("action.plot");
    expect(bad(hermione({ lastMP: 4 }), "LTT", 5).code).toBe("rules.illegal");
  });
  it('a ship has to move 1 forward after a turn, even one made last turn: "1LT" next turn, not "LT"', () => {
    const after = victory({ lastPlot: "1LT", lastMP: 3 });
    expect(bad(after, "LT1", 3).code).toBe("rules.illegal");
    expect(ok(after, "1LT", 3).mp).toBe(3);
  });
  it("exception 1: turn at once after a turn in which the ship only turned and/or drifted", () => {
    expect(ok(hermione({ lastPlot: "LD", lastMP: 0 }), "L1", 2).mp).toBe(1 + 1);
    expect(bad(hermione({ lastPlot: "1L", lastMP: 4 }), "L1", 5).code).toBe("rules.illegal");
  });
  it("exception 2: turn at once if the ship may decelerate to 0", () => {
    expect(ok(hermione({ lastPlot: "2L", lastMP: 3 }), "L1", 3).turns).toBe(1);
  });
  it("turns beyond the turning allowance are illegal; an unknown allowance must be given", () => {
    expect(bad(hermione({ lastMP: 4 }), "L1L1L1L", 7).code).toBe("rules.illegal");
    expect(bad({ ...bucentaure({ lastMP: 2 }), turningAllowance: undefined }, "1", 2).path).toBe("action.ship");
  });
  it("a plot costing more MP than the allowance is illegal; garbage is named", () => {
    expect(bad(class1, "3", 2).message).toMatch(/costs 3 MP/);
    expect(bad(class1, "1X", 2).message).toMatch(/not a plot/);
  });
});

describe("V momentum", () => {
  it("Ships of the Line accelerate 1 MP a turn", () => {
    expect(ok(victory({ lastMP: 2 }), "3", 5).mp).toBe(3);
    expect(bad(victory({ lastMP: 2 }), "4", 5).message).toMatch(/accelerate 1 MP/);
  });
  it("class 5 accelerate 3, 2 after the first rigging section is lost", () => {
    expect(ok(hermione({ lastMP: 1 }), "4", 6).mp).toBe(4);
    const torn = hermione({ lastMP: 1, rigging: [{ boxes: 4, marked: 4 }, { boxes: 4 }] });
    expect(bad(torn, "4", 6).code).toBe("rules.illegal");
    expect(ok(torn, "3", 6).mp).toBe(3);
  });
  it("the table reading puts the rigging deduction on deceleration: a torn class 3 frigate accelerates 2", () => {
    const torn = { ...hermione({ lastMP: 2, rigging: [{ boxes: 4, marked: 4 }, { boxes: 4 }] }), class: 3 };
    expect(bad(torn, "4", 6).code).toBe("rules.illegal");
    expect(ok(torn, "4", 6, { momentumReading: "table" }).mp).toBe(4);
  });
  it("80 guns or more decelerate 1, others 2; too little movement must add forward plots", () => {
    expect(bad(bucentaure({ lastMP: 4 }), "2", 5).message).toMatch(/add 1 "1" plot to reach 3 MP/);
    expect(ok(bucentaure({ lastMP: 4 }), "3", 5).minimumMP).toBe(3);
    const seventyFour = { ...bucentaure({ lastMP: 4 }), guns: 74, class: 2 };
    expect(ok(seventyFour, "2", 5).minimumMP).toBe(2);
  });
  it("turned into the wind or reduced sail: move the maximum allowed, and no B plots", () => {
    expect(ok(bucentaure({ lastMP: 4 }), "1", 1).minimumMP).toBe(1);
    expect(bad(bucentaure({ lastMP: 4 }), "B", 1).message).toMatch(/B/);
  });
  it("B plots that leave the ship short are to be stricken", () => {
    expect(bad(bucentaure({ lastMP: 4 }), "2B", 3).message).toMatch(/strike the last 1 B plot/);
  });
  it("a collision or only turning last turn counts as 0 MP for acceleration", () => {
    expect(bad(victory({ lastPlot: "3", collidedLastTurn: true }), "2", 3).code).toBe("rules.illegal");
    expect(ok(victory({ lastPlot: "L" }), "1", 3).lastMP).toBe(0);
    expect(ok(victory({ lastPlot: "2L1" }), "4", 4).lastMP).toBe(4);
  });
  it("a collision recorded this turn makes next turn's acceleration start from 0", () => {
    const t = mustResolve(wsimBattleV3, { ships: [victory({ lastMP: 2 })], action: { type: "collision", ship: "victory" } });
    const p = mustResolve(wsimBattleV3, { ships: t.state.ships, action: { type: "plot", ship: "victory", plot: "3", allowanceMP: 3 } });
    const n = mustResolve(wsimBattleV3, { ships: p.state.ships, action: { type: "next-turn" } });
    expect(n.state.ships[0]).toMatchObject({ collidedLastTurn: true, collidedThisTurn: false });
    expect(
      errorOf(wsimBattleV3, { ships: n.state.ships, action: { type: "plot", ship: "victory", plot: "2", allowanceMP: 3 } }).message,
    ).toMatch(/at most 1 MP after 0/);
  });
  it("the next turn keeps this turn's plot for momentum", () => {
    const t = mustResolve(wsimBattleV3, plot(hermione({ lastMP: 2 }), "L1T", 5));
    const n = mustResolve(wsimBattleV3, { ships: t.state.ships, action: { type: "next-turn" } });
    expect(n.state.ships[0]).toMatchObject({ lastPlot: "L1T", lastMP: 3, plot: null });
  });
});

describe("V.5 a turn whose stern would collide", () => {
  it("may be carried to the next turn and executed with its first forward move", () => {
    const req = {
      ships: [hermione({ lastMP: 3 })],
      action: { type: "plot", ship: "hermione", plot: "2R", allowanceMP: 4, deferLastTurn: true },
    };
    const t = mustResolve(wsimBattleV3, req);
    expect(t.outcome.deferredTurn).toBe("R");
    const n = mustResolve(wsimBattleV3, { ships: t.state.ships, action: { type: "next-turn" } });
    const next = (p: string) => ({
      ships: n.state.ships,
      game: n.state.game,
      action: { type: "plot", ship: "hermione", plot: p, allowanceMP: 4 },
    });
    expect(errorOf(wsimBattleV3, next("L2")).message).toMatch(/V.5/);
    expect(mustResolve(wsimBattleV3, next("2")).state.ships[0]?.deferredTurn).toBeNull();
    expect(errorOf(wsimBattleV3, { ...req, action: { ...req.action, plot: "R2" } }).message).toMatch(/V.5/);
  });
});

describe("III follow in the wake", () => {
  it("W follows the friendly ship ahead as closely as possible, up to the maximum allowed", () => {
    const leader = { ...victory({ id: "lead", name: "Lead", plot: "4" }) };
    const t = ok(victory({ lastMP: 2 }), "W", 5, undefined, [leader]);
    expect(t).toMatchObject({ wake: "lead", mp: 3 });
    expect(ok(victory({ lastMP: 2 }), "Wlead", 5, undefined, [leader, { ...leader, id: "other" }]).wake).toBe("lead");
    expect(bad(victory({ lastMP: 2 }), "W", 5, undefined, [leader, { ...leader, id: "other" }]).code).toBe("input.invalid");
    const w = {
      ships: [victory({ lastMP: 2 }), bucentaure()],
      action: { type: "plot", ship: "victory", plot: "W", allowanceMP: 5, follows: "bucentaure" },
    };
    expect(errorOf(wsimBattleV3, w).path).toBe("action.follows");
  });
});
