import { describe, expect, it } from "vitest";
import { errorOf, next, odds, type Req, requestAfter, resolve, ship, shipAfter } from "./fixtures.ts";

const fleet = () => [ship("vrede", "dutch", { fireship: true, hull: "weak", rating: 4 }), ship("royal-katherine", "english")];

describe("sole-bay-1672 fireships and fire", () => {
  it("fired → straight course, explosion roll each move, ensnare on the Boarding table, fire spreads when the target loses a round", () => {
    const t1 = resolve({ ships: fleet(), action: { type: "fire-fireship", ship: "vrede" } }, []);
    expect(t1.state.game.fired).toEqual(["vrede"]);
    expect(errorOf(requestAfter(t1, { type: "fire-fireship", ship: "vrede" })).code).toBe("rules.illegal");

    const t2 = resolve(requestAfter(t1, { type: "movement", ship: "vrede", fullSail: true, enemyWithin12: true }), []);
    expect(t2.outcome).toMatchObject({ turns: 0, allowance: 12 });
    const t3 = next(resolve(requestAfter(t2, { type: "end-movement" }), []), "fireship-explosion", [3, 4]);
    expect(t3.outcome).toEqual({ ship: "vrede", total: 7, needed: 10, exploded: false });

    // no crew aboard: the ensnare roll is unmodified, 3+ on the Boarding table
    const t4 = resolve(requestAfter(t3, { type: "fireship-ensnare", fireship: "vrede", target: "royal-katherine" }), [3]);
    expect(t4.outcome.ensnared).toBe(true);
    const t5 = next(t4, "boarding-round", [5, 2]);
    expect(t5.outcome).toMatchObject({ winner: "vrede", fireSpreads: true });
    expect(shipAfter(t5, "royal-katherine").fireTurns).toBe(1);

    // 1D3 per move until put out; fire fighting at −1 per turn of fire
    const t6 = next(resolve(requestAfter(t5, { type: "end-movement" }), []), "fire-damage", [2]);
    expect(t6.outcome).toMatchObject({ hits: 2, marked: 2 });
    expect(shipAfter(t6, "royal-katherine").fireTurns).toBe(2);
    const fight = requestAfter(t6, { type: "fire-fighting", ship: "royal-katherine" });
    expect(resolve(fight, [5]).outcome).toMatchObject({ modified: 3, putOut: false });
    expect(odds(fight).odds.summary.pPutOut).toBeCloseTo(1 / 6, 12);
    const t7 = resolve(fight, [6]);
    expect(t7.outcome.putOut).toBe(true);
    expect(shipAfter(t7, "royal-katherine").fireTurns).toBe(0);
  });
  it("the target winning or drawing the round: no fire", () => {
    const req: Req = {
      ships: fleet(),
      game: { fired: ["vrede"], grappled: [{ a: "vrede", b: "royal-katherine" }] },
      action: { type: "boarding-round", attacker: "vrede", defender: "royal-katherine" },
    };
    expect(resolve(req, [2, 2]).outcome.fireSpreads).toBe(false);
    expect(resolve(req, [1, 5]).outcome.fireSpreads).toBe(false);
  });
  it("a ship destroyed by fire rolls to explode on 10–12", () => {
    const t = resolve(
      {
        ships: [ship("burning", "english", { damage: 15, fireTurns: 2 }), ship("x", "dutch")],
        action: { type: "fire-damage", ship: "burning" },
      },
      [1],
    );
    expect(t.followUps.find((f) => f.action.type === "explosion-roll")?.action).toEqual({
      type: "explosion-roll",
      ship: "burning",
      cause: "fire",
    });
    expect(next(t, "explosion-roll", [4, 6]).outcome).toMatchObject({ needed: 10, exploded: true });
  });
  it("a fireship's own explosion removes it and brings the radius roll (fireshipExplosionMin setting)", () => {
    const req: Req = { ships: fleet(), game: { fired: ["vrede"] }, action: { type: "fireship-explosion", ship: "vrede" } };
    const t = resolve(req, [4, 6]);
    expect(t.outcome.exploded).toBe(true);
    expect(shipAfter(t, "vrede").destroyed).toBe(true);
    expect(t.followUps.map((f) => f.action)).toEqual([{ type: "explosion-radius", ship: "vrede" }]);
    expect(odds({ ...req, settings: { fireshipExplosionMin: 13 } }).odds.summary.pExplodes).toBe(0);
  });
  it("fire damage and fire fighting need a fire; fireship actions need a (fired) fireship", () => {
    expect(errorOf({ ships: fleet(), action: { type: "fire-damage", ship: "royal-katherine" } }).code).toBe("rules.illegal");
    expect(errorOf({ ships: fleet(), action: { type: "fire-fighting", ship: "royal-katherine" } }).code).toBe("rules.illegal");
    expect(errorOf({ ships: fleet(), action: { type: "fire-fireship", ship: "royal-katherine" } }).code).toBe("rules.illegal");
    expect(errorOf({ ships: fleet(), action: { type: "fireship-ensnare", fireship: "vrede", target: "royal-katherine" } }).code).toBe(
      "rules.illegal",
    );
  });
});
