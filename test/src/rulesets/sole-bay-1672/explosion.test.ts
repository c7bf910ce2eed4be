import { describe, expect, it } from "vitest";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { errorOf, followUp, next, odds, type Req, requestAfter, resolve, ship, shipAfter } from "./fixtures.ts";

/** Groot Hollandia and Dolfijn have one box left; Eendracht is a fresh flagship. */
const fleet = () => [
  ship("royal-james", "english", { rating: 1, hull: "stout", firstBroadsideUsed: true }),
  ship("groot-hollandia", "dutch", { hull: "weak", damage: 11 }),
  ship("dolfijn", "dutch", { hull: "weak", damage: 11 }),
  ship("eendracht", "dutch", { flagship: true }),
];
const broadside: Req = { ships: fleet(), action: { type: "broadside", firer: "royal-james", target: "groot-hollandia", rangeInches: 2 } };

describe("sole-bay-1672 ship destruction and explosions", () => {
  it("an explosion chain runs on follow-ups alone: broadside → explosion → radius → choice → hits → the next explosion", () => {
    const t1 = resolve(broadside, [6, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(shipAfter(t1, "groot-hollandia").destroyed).toBe(true);

    const t2 = next(t1, "explosion-roll", [5, 6]); // 11: "on a roll of 11 or 12 … the ship explodes"
    expect(t2.outcome).toEqual({ ship: "groot-hollandia", total: 11, needed: 11, exploded: true });
    expect(t2.state.game.removed).toEqual(["groot-hollandia"]);

    const t3 = next(t2, "explosion-radius", [4]);
    const choose = followUp(t3, "explosion-hits");
    expect(choose.kind).toBe("choose");
    if (choose.kind !== "choose") return;
    expect(choose.choice).toMatchObject({ field: "ships", min: 0, max: 3 });
    expect(choose.choice.options.map((o) => o.value)).toEqual(["royal-james", "dolfijn", "eendracht"]);

    const t4 = next(t3, "explosion-hits", [2, 5], { ships: ["dolfijn", "eendracht"] });
    expect(t4.outcome).toMatchObject({
      radius: 4,
      results: [
        { ship: "dolfijn", hits: 2, marked: 1, wasted: 1, destroyed: true },
        { ship: "eendracht", hits: 5, marked: 5, conditionAfter: "worn", levelsLost: 1 },
      ],
    });
    // Eendracht: one risk roll for the level lost and one for being caught in the explosion
    expect(followUp(t4, "flag-officer-risk").action).toEqual({
      type: "flag-officer-risk",
      ship: "eendracht",
      rolls: 2,
      cause: "explosion",
    });
    // Dolfijn, destroyed by the explosion, rolls in turn (chainExplosionAs: broadside → 11+)
    expect(followUp(t4, "explosion-roll").action).toEqual({ type: "explosion-roll", ship: "dolfijn", cause: "explosion" });

    const t5 = next(t4, "explosion-roll", [6, 6]);
    expect(t5.outcome).toMatchObject({ exploded: true, needed: 11 });
    const t6 = next(t5, "explosion-radius", [1]);
    const t7 = next(t6, "explosion-hits", [], { ships: [] });
    expect(t7.outcome).toEqual({ ship: "dolfijn", radius: 1, results: [] });
    expect(soleBay1672.describe(t7.state, followUp(t6, "explosion-hits").action, t7.outcome)).toBe("Dolfijn's explosion catches no ship");
  });

  it("a ship that does not explode stays as a prize — a prize only once the explosion roll has decided", () => {
    const destroyed = resolve(broadside, [6, 1, 1, 1, 1, 1, 1, 1, 1]);
    const view = (t: typeof destroyed) => soleBay1672.shipViews(t.state).find((v) => v.id === "groot-hollandia");
    // destroyed, the 2d6 not rolled yet: not a prize, and said so
    expect(view(destroyed)).toMatchObject({ status: ["destroyed", "explosion roll due"], severity: ["out", "danger"] });
    const t = next(destroyed, "explosion-roll", [5, 5]);
    expect(t.state.game.explosionDue).toEqual([]);
    expect(t.outcome.exploded).toBe(false);
    expect(t.followUps).toEqual([]);
    expect(t.state.game.removed).toEqual([]);
    expect(soleBay1672.shipViews(t.state).find((v) => v.id === "groot-hollandia")?.status).toEqual(["destroyed", "prize"]);
  });

  it("explosion odds: 11–12 by broadside is 3/36, 10–12 by fire is 6/36", () => {
    const destroyed: Req = {
      ships: [ship("wreck", "dutch", { hull: "weak", damage: 12 })],
      action: { type: "explosion-roll", ship: "wreck" },
    };
    expect(odds(destroyed).odds.summary.pExplodes).toBeCloseTo(3 / 36, 12);
    expect(odds({ ...destroyed, action: { type: "explosion-roll", ship: "wreck", cause: "fire" } }).odds.summary.pExplodes).toBeCloseTo(
      6 / 36,
      12,
    );
    expect(resolve({ ...destroyed, action: { type: "explosion-roll", ship: "wreck", cause: "fire" } }, [4, 6]).outcome.exploded).toBe(true);
  });

  it("only a destroyed ship rolls to explode; only an exploded ship has a radius", () => {
    expect(errorOf({ ships: fleet(), action: { type: "explosion-roll", ship: "dolfijn" } }).code).toBe("rules.illegal");
    expect(errorOf({ ships: fleet(), action: { type: "explosion-radius", ship: "dolfijn" } }).code).toBe("rules.illegal");
  });

  it("explosionHitsRoll = one: a single die for every ship within", () => {
    const t1 = next(resolve(broadside, [6, 1, 1, 1, 1, 1, 1, 1, 1]), "explosion-roll", [6, 6]);
    const t2 = next(t1, "explosion-radius", [6]);
    const req = requestAfter(
      t2,
      { ...followUp(t2, "explosion-hits").action, ships: ["dolfijn", "eendracht", "royal-james"] },
      {
        explosionHitsRoll: "one",
      },
    );
    const t3 = resolve(req, [3]);
    expect((t3.outcome.results as Array<{ hits: number }>).map((r) => r.hits)).toEqual([3, 3, 3]);
  });

  it("hits among 20 ships have exact odds: the likeliest joint outcomes listed (truncated), the summary a product", () => {
    const many = Array.from({ length: 20 }, (_, i) => ship(`s${i}`, "dutch", { damage: i % 16 }));
    const req: Req = {
      ships: [ship("wreck", "english", { damage: 16 }), ...many],
      game: { removed: ["wreck"] },
      action: { type: "explosion-hits", ship: "wreck", radius: 6, ships: many.map((s) => s.id) },
    };
    const o = odds(req).odds;
    expect(o.truncated).toBe(true);
    expect(o.outcomes.length).toBe(256);
    for (const x of o.outcomes) expect(x.p).toBeCloseTo(6 ** -20, 30);
    const pDestroyed = o.summary.pDestroyed as Record<string, number>;
    // s15 (15 of 16 boxes marked) goes on any hit; s0 (fresh) never goes to 6 hits.
    expect(pDestroyed.s15).toBeCloseTo(1, 12);
    expect(pDestroyed.s0).toBe(0);
    expect(o.summary.pAnyDestroyed).toBeCloseTo(1, 12);
    expect(
      resolve(
        req,
        Array.from({ length: 20 }, (_, i) => (i % 6) + 1),
      ).outcome.results,
    ).toHaveLength(20);
  });
  it("hits among 3 ships list all 216 joint outcomes, equal to enumerating the dice", () => {
    const few = [ship("a", "dutch", { damage: 14 }), ship("b", "dutch", { damage: 0, hull: "weak" }), ship("c", "dutch", { damage: 10 })];
    const req: Req = {
      ships: [ship("wreck", "english", { damage: 16 }), ...few],
      game: { removed: ["wreck"] },
      action: { type: "explosion-hits", ship: "wreck", radius: 3, ships: ["a", "b", "c"] },
    };
    const o = odds(req).odds;
    expect(o.truncated).toBeUndefined();
    expect(o.outcomes).toHaveLength(216);
    let any = 0;
    for (let x = 1; x <= 6; x++)
      for (let y = 1; y <= 6; y++)
        for (let z = 1; z <= 6; z++) {
          const r = resolve(req, [x, y, z]).outcome.results as Array<{ destroyed: boolean }>;
          if (r.some((q) => q.destroyed)) any++;
        }
    expect(o.summary.pAnyDestroyed).toBeCloseTo(any / 216, 12);
  });
  it("a choice of one ship may come back as a single id", () => {
    const t1 = next(resolve(broadside, [6, 1, 1, 1, 1, 1, 1, 1, 1]), "explosion-roll", [6, 6]);
    const t2 = next(next(t1, "explosion-radius", [2]), "explosion-hits", [4], { ships: "eendracht" });
    expect(t2.outcome.results).toEqual([expect.objectContaining({ ship: "eendracht", hits: 4 })]);
  });
  it("chainExplosionAs = none: ships destroyed by explosion hits do not roll", () => {
    const t1 = next(resolve(broadside, [6, 1, 1, 1, 1, 1, 1, 1, 1]), "explosion-roll", [6, 6]);
    const t2 = next(t1, "explosion-radius", [2]);
    const t3 = resolve(
      requestAfter(t2, { ...followUp(t2, "explosion-hits").action, ships: ["dolfijn"] }, { chainExplosionAs: "none" }),
      [6],
    );
    expect(t3.followUps.map((f) => f.action.type)).toEqual(["breakpoint"]);
  });
});
