import { describe, expect, it } from "vitest";
import { antelope, odds, pelican, refused, run, shipIn, shipOf, table } from "./helpers.ts";

const dutch = (over: Record<string, unknown> = {}) => shipOf("dutch", 40, 20, 2.5, over);

describe("avoiding a grapple (text: Boarding actions)", () => {
  it("modifiers: +1 handy, +1 smaller, +1 initiative, −1 unhandy, −1 a step of damage; the defender must score higher", () => {
    // attacker Antelope 52 guns, no modifiers; defender Pelican 36 guns, handy (+1) and smaller (+1)
    const s = table([antelope(), pelican({ side: "dutch" })]);
    const t = run(s, { type: "grapple", attacker: "antelope", defender: "pelican" }, [4, 2]);
    expect(t.outcome).toMatchObject({ attackerScore: 4, defenderScore: 4, grappled: true });
    expect(shipIn(t.state, "antelope")).toMatchObject({ grappledWith: "pelican", grappleKind: "boarding" });
    const avoided = run(s, { type: "grapple", attacker: "antelope", defender: "pelican" }, [4, 3]);
    expect(avoided.outcome).toMatchObject({ defenderScore: 5, avoided: true, grappled: false });
    const init = run(s, { type: "grapple", attacker: "antelope", defender: "pelican", initiative: "attacker" }, [4, 3]);
    expect(init.outcome).toMatchObject({ attackerScore: 5, grappled: true });
    const damaged = run(
      table([antelope({ damage: 11, handling: "unhandy" }), dutch()]),
      { type: "grapple", attacker: "antelope", defender: "dutch" },
      [5, 2],
    );
    expect(damaged.outcome).toMatchObject({ attackerScore: 2, defenderScore: 3, avoided: true }); // 5 −1 UH −2 steps; 2 +1 smaller
  });
  it("both wish to board: no roll; both moved: the attacker is placed by odd/even", () => {
    const s = table([antelope(), dutch()]);
    const t = run(s, { type: "grapple", attacker: "antelope", defender: "dutch", defenderAvoids: false, bothMoved: true }, []);
    expect(t.outcome.grappled).toBe(true);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "placement", attacker: "antelope", defender: "dutch" }]);
    expect(run(s, { type: "placement", attacker: "antelope", defender: "dutch" }, [3]).outcome).toEqual({ attackerTo: "port" });
    expect(run(s, { type: "placement", attacker: "antelope", defender: "dutch" }, [4]).outcome).toEqual({ attackerTo: "starboard" });
  });
  it("exact odds of a grapple between equals: the defender avoids when strictly higher", () => {
    const o = odds(table([antelope(), antelope({ id: "twin", name: "Twin" })]), {
      type: "grapple",
      attacker: "antelope",
      defender: "twin",
    });
    // P(defender > attacker) for two average dice = (1 − P(equal)) / 2; P(equal) = (1+4+4+1)/36
    expect(o.summary.grappleChance).toBeCloseTo(1 - (1 - 10 / 36) / 2, 12);
  });
});

describe("boarding rounds", () => {
  const grappled = (a: Record<string, unknown> = {}, d: Record<string, unknown> = {}) =>
    table([
      antelope({ grappledWith: "dutch", grappleKind: "boarding", ...a }),
      dutch({ grappledWith: "antelope", grappleKind: "boarding", ...d }),
    ]);
  it("2 average dice + remaining hull points; half the difference to the loser, 1 per 3 inflicted to the winner", () => {
    // Antelope 22 + 8 = 30; Dutch 20 + 4 = 24: difference 6 → 3 to the Dutch, 1 to Antelope
    const t = run(grappled(), { type: "board", attacker: "antelope", defender: "dutch" }, [4, 4, 2, 2]);
    expect(t.outcome).toMatchObject({
      winner: "antelope",
      attackerScore: 30,
      defenderScore: 24,
      inflicted: 3,
      winnerHits: 1,
      captured: false,
    });
    expect(shipIn(t.state, "dutch")).toMatchObject({ damage: 3, lostBoardingRound: true });
    expect(shipIn(t.state, "antelope").damage).toBe(1);
  });
  it("rounding: an odd difference rounds down by default, up when set; whole threes by default", () => {
    const down = run(grappled(), { type: "board", attacker: "antelope", defender: "dutch" }, [4, 3, 2, 2]); // 29 v 24: 5 → 2, 0
    expect(down.outcome).toMatchObject({ inflicted: 2, winnerHits: 0 });
    const s = table(grappled().ships, { settings: { boardingLoserRounding: "up", boardingWinnerRounding: "up" } });
    expect(run(s, { type: "board", attacker: "antelope", defender: "dutch" }, [4, 3, 2, 2]).outcome).toMatchObject({
      inflicted: 3,
      winnerHits: 1,
    });
  });
  it("equal scores: no winner, no loss", () => {
    const t = run(grappled({}, { damage: 0 }), { type: "board", attacker: "antelope", defender: "dutch" }, [3, 3, 4, 4]); // 22 + 6 v 20 + 8
    expect(t.outcome).toMatchObject({ winner: null, inflicted: 0 });
  });
  it("captured at 0 hull points: a prize, freed from the grapple", () => {
    const t = run(grappled({}, { damage: 18 }), { type: "board", attacker: "antelope", defender: "dutch" }, [3, 3, 2, 2]); // 28 v 6
    expect(t.outcome).toMatchObject({ winner: "antelope", inflicted: 11, captured: true });
    expect(shipIn(t.state, "dutch")).toMatchObject({ captured: true, prize: true, sinking: false, grappledWith: null });
    expect(shipIn(t.state, "antelope").grappledWith).toBeNull();
  });
  it("boarding needs a grapple", () => {
    expect(refused(table([antelope(), dutch()]), { type: "board", attacker: "antelope", defender: "dutch" }).code).toBe("rules.illegal");
  });
  it("separating: the round's winner rolls as if avoiding a grapple, −1 after losing a round", () => {
    const s = grappled({}, { lostBoardingRound: true, wonBoardingRound: true });
    // Dutch (lost an earlier round, won the last) tries: 4 +1 smaller −1 lost round = 4 v Antelope 3 → clear
    const t = run(s, { type: "separate", ship: "dutch" }, [4, 3]);
    expect(t.outcome).toMatchObject({ separated: true, shipScore: 4, otherScore: 3 });
    expect(shipIn(t.state, "antelope").grappledWith).toBeNull();
    expect(run(s, { type: "separate", ship: "dutch" }, [4, 4]).outcome.separated).toBe(false);
  });
  it("only the winner of a round may try to separate: not before a round, not the loser, not after a draw", () => {
    expect(refused(grappled(), { type: "separate", ship: "antelope" })).toMatchObject({ code: "rules.illegal", path: "action.ship" });
    // Antelope 22 + 8 = 30 v Dutch 20 + 4 = 24: Antelope wins the round
    const t = run(grappled(), { type: "board", attacker: "antelope", defender: "dutch" }, [4, 4, 2, 2]);
    expect(shipIn(t.state, "antelope").wonBoardingRound).toBe(true);
    expect(shipIn(t.state, "dutch")).toMatchObject({ wonBoardingRound: false, lostBoardingRound: true });
    expect(refused(t.state, { type: "separate", ship: "dutch" }).message).toMatch(/winner/);
    expect(run(t.state, { type: "separate", ship: "antelope" }, [5, 2]).outcome).toMatchObject({ separated: true });
    // Antelope 21 + 4 v Dutch 17 + 8: a draw — nobody won this round
    const draw = run(t.state, { type: "board", attacker: "antelope", defender: "dutch" }, [2, 2, 4, 4]);
    expect(draw.outcome).toMatchObject({ winner: null, attackerScore: 25, defenderScore: 25 });
    expect(refused(draw.state, { type: "separate", ship: "antelope" }).code).toBe("rules.illegal");
    // the Dutch win the next: 17 + 10 v 21 + 4
    const back = run(draw.state, { type: "board", attacker: "antelope", defender: "dutch" }, [2, 2, 5, 5]);
    expect(shipIn(back.state, "dutch").wonBoardingRound).toBe(true);
    expect(shipIn(back.state, "antelope").wonBoardingRound).toBe(false);
  });
  it("exact odds of a boarding round sum to 1", () => {
    const o = odds(grappled(), { type: "board", attacker: "antelope", defender: "dutch" });
    const sum = (o.summary.attackerWins as number) + (o.summary.defenderWins as number) + (o.summary.draw as number);
    expect(sum).toBeCloseTo(1, 12);
  });
});

describe("collisions and fire ships", () => {
  it("a collision holds both; 4+ on a D6 separates", () => {
    const friends = table([antelope(), antelope({ id: "mate", name: "Mate" })]);
    const t = run(friends, { type: "grapple", attacker: "antelope", defender: "mate", kind: "collision" }, [4, 4]);
    expect(shipIn(t.state, "mate")).toMatchObject({ grappledWith: "antelope", grappleKind: "collision" });
    expect(run(t.state, { type: "separate", ship: "mate" }, [3]).outcome).toEqual({ separated: false, roll: 3 });
    expect(shipIn(run(t.state, { type: "separate", ship: "mate" }, [4]).state, "mate").grappledWith).toBeNull();
    expect(
      refused(table([antelope(), dutch()]), { type: "grapple", attacker: "antelope", defender: "dutch", kind: "collision" }).code,
    ).toBe("rules.illegal");
  });
  const fireShip = (over: Record<string, unknown> = {}) =>
    shipOf("fs", 12, 4, 0.5, { fireship: true, fireshipLit: true, handling: "handy", damage: 2, ...over });
  it("fired at the start of a turn: not fast any more, moves first, −1 hull point a turn", () => {
    const s = table([shipOf("fs", 12, 4, 0.5, { fireship: true, handling: "fast-handy" })]);
    const lit = run(s, { type: "light-fire-ship", ship: "fs" }).state;
    expect(shipIn(lit, "fs").fireshipLit).toBe(true);
    expect(shipIn(run(lit, { type: "end-turn" }).state, "fs").damage).toBe(1);
    expect(refused(lit, { type: "light-fire-ship", ship: "fs" }).code).toBe("rules.illegal");
  });
  it("contact: a grapple without smaller, handy or damage for the fire ship; success sets the target on fire", () => {
    const s = table([fireShip(), antelope()]);
    // fire ship 3 (no +1 handy, no +1 smaller, no −1 damage); Antelope 3 → not higher: struck
    const t = run(s, { type: "grapple", attacker: "fs", defender: "antelope", kind: "fire-ship" }, [3, 3]);
    expect(t.outcome).toMatchObject({ attackerScore: 3, defenderScore: 3, grappled: true });
    expect(shipIn(t.state, "antelope")).toMatchObject({ onFire: true, grappleKind: "fire-ship" });
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "fire-check", ship: "antelope" }]);
    // next turn the target fails to get clear: a further fire
    const stuck = run(t.state, { type: "separate", ship: "antelope" }, [3, 3]);
    expect(stuck.outcome).toMatchObject({ separated: false, furtherFire: true });
    expect(stuck.followUps.map((f) => f.action)).toEqual([{ type: "fire-check", ship: "antelope" }]);
    expect(run(t.state, { type: "separate", ship: "antelope" }, [4, 3]).outcome.separated).toBe(true);
    expect(refused(t.state, { type: "separate", ship: "fs" }).code).toBe("rules.illegal");
  });
  it("only a fired fire ship strikes as one", () => {
    expect(
      refused(table([antelope(), dutch()]), { type: "grapple", attacker: "dutch", defender: "antelope", kind: "fire-ship" }).code,
    ).toBe("rules.illegal");
  });
});
