import { describe, expect, it } from "vitest";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { errorOf, odds, type Req, resolve, ship } from "./fixtures.ts";

const move = (fields: Record<string, unknown>, action: Record<string, unknown> = {}, game?: unknown): Req => ({
  ships: [ship("mary", "english", fields), ship("slow-one", "english", { speed: "slow" }), ship("enemy", "dutch")],
  game,
  action: { type: "movement", ship: "mary", ...action },
});

describe("sole-bay-1672 movement allowance", () => {
  it.each([
    ["medium", 0, 6],
    ["medium", 4, 6],
    ["medium", 8, 4],
    ["medium", 12, 2],
    ["slow", 0, 4],
    ["slow", 4, 4],
    ["slow", 8, 2],
    ["slow", 12, 2],
  ])('the speed table: %s with %i boxes marked (average hull) moves %i"', (speed, damage, inches) => {
    expect(resolve(move({ speed, damage }), []).outcome).toMatchObject({ base: inches, allowance: inches });
  });
  it("strategic moves double; full sail doubles a fresh ship's basic move", () => {
    expect(resolve(move({}, { strategic: true }), []).outcome).toMatchObject({ allowance: 12, minimum: 4 });
    expect(resolve(move({}, { fullSail: true }), []).outcome.allowance).toBe(12);
    expect(resolve(move({}, { fullSail: true, strategic: true }), []).outcome.allowance).toBe(24);
  });
  it('full sail only when FRESH and not within 12" of an enemy at the start of the move', () => {
    expect(errorOf(move({ damage: 4 }, { fullSail: true }))).toMatchObject({ code: "rules.illegal", path: "action.fullSail" });
    expect(errorOf(move({}, { fullSail: true, enemyWithin12: true }))).toMatchObject({ code: "rules.illegal", path: "action.fullSail" });
  });
  it("fireships may full-sail within gunnery range and when Worn, but not Damaged", () => {
    expect(resolve(move({ fireship: true, damage: 4 }, { fullSail: true, enemyWithin12: true }), []).outcome.allowance).toBe(12);
    expect(errorOf(move({ fireship: true, damage: 8 }, { fullSail: true })).code).toBe("rules.illegal");
  });
  it("going to full sail is recorded on the ship (a target at full sail gives +1 die)", () => {
    const t = resolve(move({}, { fullSail: true }), []);
    expect(t.events).toEqual([
      { type: "full-sail-set", ship: "mary", fullSail: true },
      { type: "movement-allowance", ship: "mary", inches: 12 },
    ]);
    expect(t.state.ships[0]?.fullSail).toBe(true);
  });
  it("stern toward the windward edge: 1D3 + crew in half inches, whole inches when strategic", () => {
    expect(resolve(move({}, { windward: "stern" }), [2]).outcome).toMatchObject({ windInches: 1, allowance: 7 });
    expect(resolve(move({ crew: "elite" }, { windward: "stern", strategic: true }), [2]).outcome).toMatchObject({
      windInches: 3,
      allowance: 15,
    });
    expect(resolve(move({ crew: "poor" }, { windward: "stern" }), [1]).outcome).toMatchObject({ windInches: 0, allowance: 6 });
    const o = odds(move({}, { windward: "stern" })).odds.outcomes;
    expect(o.map((x) => x.outcome.allowance).sort()).toEqual([6.5, 7, 7.5]);
    for (const x of o) expect(x.p).toBeCloseTo(1 / 3, 12);
  });
  it('bow toward the windward edge halves speed; never below the 2" minimum', () => {
    expect(resolve(move({}, { windward: "bow" }), []).outcome.allowance).toBe(3);
    expect(resolve(move({ speed: "slow", damage: 8 }, { windward: "bow" }), []).outcome).toMatchObject({ allowance: 2, minimum: 2 });
    expect(resolve(move({ speed: "slow", damage: 8 }, { windward: "bow", anchoredOrAground: true }), []).outcome).toMatchObject({
      allowance: 0,
      minimum: 0,
    });
  });
  it("turns per move: slow 1, medium 2; a fired fireship sails straight", () => {
    expect(resolve(move({ speed: "slow" }), []).outcome.turns).toBe(1);
    expect(resolve(move({}), []).outcome).toMatchObject({ turns: 2, inchesBetweenTurns: 2 });
    const t = resolve(move({ fireship: true }, {}, { fired: ["mary"] }), []);
    expect(t.outcome.turns).toBe(0);
    // the explosion roll comes at the end of the movement phase (end-movement), not with the movement action
    expect(t.followUps).toEqual([]);
  });
  it('"Prompt them at the end of the movement phase": end-movement asks every fired fireship not alongside for its explosion roll and every burning ship for its fire damage, with no movement entered', () => {
    const fleet = [
      ship("mary", "english", { fireship: true }),
      ship("brander", "english", { fireship: true }),
      ship("burning", "english", { fireTurns: 1 }),
      ship("enemy", "dutch"),
    ];
    const t = resolve(
      { ships: fleet, game: { fired: ["mary", "brander"], grappled: [{ a: "brander", b: "enemy" }] }, action: { type: "end-movement" } },
      [],
    );
    expect(t.plan).toEqual([]);
    expect(t.followUps.map((f) => f.action)).toEqual([
      { type: "fireship-explosion", ship: "mary" },
      { type: "fire-damage", ship: "burning" },
    ]);
    expect(soleBay1672.turn.phases.map((p) => p.ends?.action ?? null)).toEqual([null, "end-movement", null]);
  });
  it('"All ships must move at least 2" Tactical … unless Backing Sail, at anchor or aground": at anchor or aground she is shown no move, no turns and rolls no windward die', () => {
    const held = move({}, { windward: "stern", anchoredOrAground: true, fullSail: true });
    const t = resolve(held, []);
    expect(t.plan).toEqual([]);
    expect(t.outcome).toMatchObject({ allowance: 0, minimum: 0, turns: 0, mayMoveAt: null });
    expect(odds(held).odds.outcomes).toHaveLength(1);
  });
  it("following a slower ship of the squadron: may move at its speed", () => {
    expect(resolve(move({}, { following: "slow-one" }), []).outcome).toMatchObject({ allowance: 6, mayMoveAt: 4 });
    expect(resolve(move({}, { following: "slow-one" }, { allowances: { "slow-one": 3 } }), []).outcome.mayMoveAt).toBe(3);
    expect(errorOf(move({}, { following: "enemy" }))).toMatchObject({ code: "rules.illegal", path: "action.following" });
  });
});

describe("sole-bay-1672 backing sail and tacking", () => {
  const roll = (type: string, crew: string): Req => ({ ships: [ship("mary", "english", { crew })], action: { type, ship: "mary" } });
  it.each([
    ["regular", 4, true],
    ["regular", 3, false],
    ["elite", 3, true],
    ["poor", 4, false],
    ["poor", 5, true],
  ])("backing sail, %s crew, rolls %i: success %s", (crew, die, success) => {
    expect(resolve(roll("backing-sail", crew), [die]).outcome.success).toBe(success);
  });
  it("failure meanings: continue at current speed; tacking leaves the ship in irons", () => {
    expect(resolve(roll("backing-sail", "regular"), [1]).outcome.meaning).toContain("continues at its current speed");
    expect(resolve(roll("tacking", "regular"), [1]).outcome.meaning).toContain("in irons");
  });
  it("odds: regular 1/2, elite 2/3, poor 1/3", () => {
    expect(odds(roll("tacking", "regular")).odds.summary.pSuccess).toBeCloseTo(1 / 2, 12);
    expect(odds(roll("tacking", "elite")).odds.summary.pSuccess).toBeCloseTo(2 / 3, 12);
    expect(odds(roll("backing-sail", "poor")).odds.summary.pSuccess).toBeCloseTo(1 / 3, 12);
  });
});
