import { describe, expect, it } from "vitest";
import { parseRequest, transition } from "../../../../src/game/engine.ts";
import { canonicalKey, Dist } from "../../../../src/odds/distribution.ts";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { errorOf, odds, parsed, type Req, requestAfter, resolve, ship, shipAfter } from "./fixtures.ts";

const fire = (firer: Record<string, unknown>, target: Record<string, unknown>, action: Record<string, unknown> = {}): Req => ({
  ships: [ship("royal-james", "english", firer), ship("groot-hollandia", "dutch", target)],
  action: { type: "broadside", firer: "royal-james", target: "groot-hollandia", rangeInches: 6, ...action },
});

const planOf = (req: Req) => {
  const { state, action } = parsed(req);
  const p = soleBay1672.plan(state, action);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe("sole-bay-1672 broadside dice (combat table + modifiers)", () => {
  it("a fresh 1st rate with its first broadside already fired rolls 9 (table)", () => {
    expect(planOf(fire({ rating: 1, firstBroadsideUsed: true }, {}))[0]).toMatchObject({
      role: "attack",
      die: "d6",
      count: 9,
      color: null,
    });
  });
  it("the largest broadside: 1st rate fresh 9 + rake 3 + first 1 + target at full sail 1 + elite 1 = 15", () => {
    const plan = planOf(fire({ rating: 1, crew: "elite" }, { fullSail: true }, { rake: true }));
    expect(plan[0]?.count).toBe(15);
    expect(plan[0]?.purpose).toContain(
      "9 (1st rate, Fresh) + 3 (raking bow/stern) + 1 (first broadside) + 1 (target at full sail) + 1 (elite crew)",
    );
  });
  it.each([
    [1, [0, 5, 10, 15], [9, 8, 5, 3]],
    [2, [0, 4, 8, 12], [8, 6, 4, 2]],
    [3, [0, 3, 6, 9], [7, 6, 4, 2]],
    [4, [0, 5, 10, 15], [6, 4, 3, 2]],
  ])("rating %i by condition (boxes marked %j) rolls %j", (rating, damages, dice) => {
    const hull = rating === 2 ? "average" : rating === 3 ? "weak" : "stout";
    damages.forEach((damage, i) => {
      expect(planOf(fire({ rating, hull, damage, firstBroadsideUsed: true }, {}))[0]?.count).toBe(dice[i]);
    });
  });
  it("a heavily damaged 4th rate with a poor crew rolls 2 − 1 = 1 die", () => {
    expect(planOf(fire({ rating: 4, hull: "average", damage: 12, crew: "poor", firstBroadsideUsed: true }, {}))[0]?.count).toBe(1);
  });
  it("zero dice is a legal empty roll: a fired fireship has no crew to work its guns", () => {
    const req = { ...fire({ fireship: true }, {}), game: { fired: ["royal-james"] } };
    expect(planOf(req)[0]?.count).toBe(0);
    const t = resolve(req, []);
    expect(t.outcome).toMatchObject({ dice: 0, hits: 0, marked: 0, firstBroadside: false });
    expect(t.events).toEqual([{ type: "broadside-fired", ship: "royal-james", broadside: "port" }]);
    expect(odds(req).odds.outcomes).toHaveLength(1);
    expect(errorOf({ ...req, dice: [6] })).toMatchObject({ code: "dice.count", path: "dice" });
  });
});

describe("sole-bay-1672 broadside range and hits", () => {
  it.each([
    [0, 4, 4],
    [4, 4, 4],
    [4.5, 5, 3],
    [8, 5, 3],
    [8.25, 6, 2],
    [12, 6, 2],
  ])('at %s" a hit needs %i+ (1,2,3,4,5,6,6 → %i hits)', (rangeInches, needed, hits) => {
    const t = resolve(fire({ firstBroadsideUsed: true }, {}, { rangeInches }), [1, 2, 3, 4, 5, 6, 6]);
    expect(t.outcome.needed).toBe(needed);
    expect(t.outcome.hits).toBe(hits);
  });
  it('beyond 12" is rules.out-of-range at action.rangeInches', () => {
    expect(errorOf(fire({}, {}, { rangeInches: 12.5 }))).toMatchObject({ code: "rules.out-of-range", path: "action.rangeInches" });
    expect(errorOf({ ...fire({}, {}, { rangeInches: 13 }), dice: [] }).code).toBe("rules.out-of-range");
  });
  it("a 6 always hits, and only the score needed hits: 1,2,3,4,5,6,6 at long range is 2 hits", () => {
    expect(resolve(fire({ firstBroadsideUsed: true }, {}, { rangeInches: 10 }), [1, 2, 3, 4, 5, 6, 6]).outcome.hits).toBe(2);
  });
  it("each hit marks one box; a condition drop in the middle of the hits (2 marked + 3 hits on 4-box levels → Worn)", () => {
    const t = resolve(fire({ firstBroadsideUsed: true }, { damage: 2 }, { rangeInches: 3 }), [4, 4, 4, 1, 1, 1, 1]);
    expect(t.outcome).toMatchObject({
      hits: 3,
      marked: 3,
      wasted: 0,
      conditionBefore: "fresh",
      conditionAfter: "worn",
      levelsLost: 1,
      destroyed: false,
    });
    expect(t.events).toEqual([
      { type: "broadside-fired", ship: "royal-james", broadside: "port" },
      { type: "damage-marked", ship: "groot-hollandia", boxes: 3, cause: "broadside" },
    ]);
    expect(shipAfter(t, "groot-hollandia")).toMatchObject({ damage: 5, condition: "worn", destroyed: false });
    expect(soleBay1672.describe(t.state, parsed(fire({}, {})).action, t.outcome)).toBe(
      "3 hits on Groot Hollandia (7 dice at 4+) — now Worn",
    );
  });
  it("the last box: hits past it are wasted and the ship is destroyed, then rolls to explode", () => {
    const t = resolve(fire({ firstBroadsideUsed: true }, { hull: "weak", damage: 11 }, { rangeInches: 3 }), [6, 6, 6, 1, 1, 1, 1]);
    expect(t.outcome).toMatchObject({ hits: 3, marked: 1, wasted: 2, destroyed: true, conditionAfter: "heavily-damaged" });
    expect(shipAfter(t, "groot-hollandia")).toMatchObject({ damage: 12, destroyed: true });
    expect(t.followUps).toEqual([
      // the only ship of her squadron is its flagship ("the first ship listed on its roster"): a level lost risks him
      expect.objectContaining({
        kind: "roll",
        action: { type: "flag-officer-risk", ship: "groot-hollandia", cause: "broadside", rolls: 1 },
      }),
      expect.objectContaining({ kind: "roll", action: { type: "explosion-roll", ship: "groot-hollandia", cause: "broadside" } }),
      // the dutch squadron has lost its only ship: 100% ≥ 33%
      expect.objectContaining({ kind: "roll", action: { type: "breakpoint", squadron: "dutch" } }),
    ]);
  });
  it("the first broadside is automatic once per ship per game", () => {
    const t1 = resolve(fire({ rating: 1 }, {}), Array(10).fill(1));
    expect(t1.events[1]).toEqual({ type: "first-broadside-used", ship: "royal-james" });
    expect(shipAfter(t1, "royal-james").firstBroadsideUsed).toBe(true);
    expect(planOf(requestAfter(t1, fire({}, {}).action))[0]?.count).toBe(9);
  });
  it("a destroyed firer, a destroyed target, a friend and an unknown ship are refused", () => {
    expect(errorOf(fire({ hull: "weak", damage: 12 }, {}))).toMatchObject({ code: "rules.illegal", path: "action.firer" });
    expect(errorOf(fire({}, { hull: "weak", damage: 12 }))).toMatchObject({ code: "rules.illegal", path: "action.target" });
    expect(errorOf({ ...fire({}, {}), ships: [ship("royal-james", "english"), ship("groot-hollandia", "english")] }).code).toBe(
      "rules.illegal",
    );
    expect(errorOf(fire({}, {}, { target: "zeven-provincien" }))).toMatchObject({ code: "ship.unknown", path: "action.target" });
  });
});

describe("sole-bay-1672 broadside odds", () => {
  it("the binomial odds equal every roll of the dice enumerated through resolve", () => {
    const req = fire({ rating: 3, crew: "poor", firstBroadsideUsed: true }, { hull: "weak", damage: 7 }, { rangeInches: 7 });
    const { plan, odds: o } = odds(req);
    const n = plan[0]?.count ?? 0;
    expect(n).toBe(6);
    const seen = new Map<string, number>();
    for (const { value, p } of Dist.multiset("d6", n).entries) {
      const key = canonicalKey(resolve(req, value).outcome);
      seen.set(key, (seen.get(key) ?? 0) + p);
    }
    expect(seen.size).toBe(o.outcomes.length);
    for (const x of o.outcomes) expect(seen.get(canonicalKey(x.outcome))).toBeCloseTo(x.p, 12);
  });
  it("6 dice at 5+: hits are binomial(6, 1/3) and sum to 1", () => {
    const { odds: o } = odds(fire({ rating: 4, firstBroadsideUsed: true }, { damage: 2 }, { rangeInches: 6 }));
    const hits = o.summary.hits as Array<{ hits: number; p: number }>;
    expect(hits.map((h) => h.hits)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(hits[0]?.p).toBeCloseTo((2 / 3) ** 6, 12);
    expect(hits[2]?.p).toBeCloseTo(15 * (1 / 3) ** 2 * (2 / 3) ** 4, 12);
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
    // 2 of 4 fresh boxes marked: the condition drops on 2 or more hits
    expect(o.summary.pConditionDrops).toBeCloseTo(1 - (2 / 3) ** 6 - 6 * (1 / 3) * (2 / 3) ** 5, 12);
    expect(o.summary.pDestroyed).toBe(0);
    expect(o.summary.expectedHits).toBeCloseTo(2, 12);
  });
  it("the chance of destroying a weak ship with one box left is 1 − P(no hit)", () => {
    const { odds: o } = odds(fire({ rating: 4, firstBroadsideUsed: true }, { hull: "weak", damage: 11 }, { rangeInches: 10 }));
    expect(o.summary.pDestroyed).toBeCloseTo(1 - (5 / 6) ** 6, 12);
  });
});

describe("broadside dice marks for the display", () => {
  it("marks each die hit or miss by the range band (a 6 always hits)", () => {
    const req = parseRequest(soleBay1672, {
      ships: [
        { id: "a", name: "A", side: "English", rating: 4, speed: "medium", hull: "average" },
        { id: "b", name: "B", side: "Dutch", rating: 4, speed: "medium", hull: "average" },
      ],
      action: { type: "broadside", firer: "a", target: "b", rangeInches: 10 },
    });
    if (!req.ok) throw new Error(req.error.message);
    const plan = soleBay1672.plan(req.value.state, req.value.action);
    if (!plan.ok) throw new Error(plan.error.message);
    const n = plan.value[0]?.count ?? 0;
    const dice = Array.from({ length: n }, (_, i) => [6, 5, 1][i % 3] as number);
    const t = transition(soleBay1672, req.value.state, req.value.action, dice);
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value.marks?.[0]).toEqual(dice.map((v) => (v === 6 ? "hit" : "miss")));
  });
});

describe('"A ship may use both broadsides in same turn": each broadside once a turn', () => {
  it("port, then starboard; the same broadside again or a third is refused; a new initiative (turn) gives both back", () => {
    const req = fire({ firstBroadsideUsed: true }, {}, { broadside: "port" });
    const t1 = resolve(req, Array(7).fill(1));
    expect(t1.state.game.broadsides).toEqual({ "royal-james": ["port"] });
    expect(errorOf({ ...requestAfter(t1, req.action), dice: Array(7).fill(1) })).toMatchObject({
      code: "rules.illegal",
      path: "action.broadside",
    });
    // with no side named, the one not yet fired is taken
    const t2 = resolve(requestAfter(t1, { ...req.action, broadside: undefined }), Array(7).fill(1));
    expect(t2.events[0]).toEqual({ type: "broadside-fired", ship: "royal-james", broadside: "starboard" });
    expect(errorOf({ ...requestAfter(t2, { ...req.action, broadside: undefined }), dice: Array(7).fill(1) })).toMatchObject({
      code: "rules.illegal",
      path: "action.firer",
    });
    const newTurn = resolve(requestAfter(t2, { type: "initiative" }), [5, 2]);
    expect(newTurn.state.game.broadsides).toEqual({});
    const again = requestAfter(newTurn, req.action);
    expect(resolve(again, Array(planOf(again)[0]?.count ?? 0).fill(1)).events[0]).toMatchObject({ broadside: "port" });
  });
});
