import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import { errorOf, mustResolve, oddsFor } from "../request-helpers.ts";

const ships = (target: Record<string, unknown> = {}) => [
  { id: "a", name: "Victory", side: "GB", class: "ship-of-the-line" },
  { id: "b", name: "Redoutable", side: "FR", class: "ship-of-the-line", ...target },
];
const fire = (extra: Record<string, unknown>) => ({
  type: "fire",
  firer: "a",
  target: "b",
  rangeCm: 3,
  aim: "hull",
  side: "port",
  ...extra,
});
const plan = (extra: Record<string, unknown>, target?: Record<string, unknown>) => {
  const p = ageOfSail.parseState({ ships: ships(target) });
  if (!p.ok) throw new Error();
  const a = ageOfSail.parseAction(p.value, fire(extra));
  if (!a.ok) throw new Error(JSON.stringify(a.error));
  const r = ageOfSail.plan(p.value, a.value);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe("age-of-sail range table", () => {
  const need = (rangeCm: number, aim: string) => plan({ rangeCm, aim })[0]?.purpose.match(/(\d)\+ hits/)?.[1];
  it("hull 3-6 / 4-6 / 5-6 and sails 4-6 / 5-6 / 6 at 0-4 / 4-8 / 8-12 cm (edges to the nearer band)", () => {
    expect([need(0, "hull"), need(4, "hull"), need(4.5, "hull"), need(8, "hull"), need(8.1, "hull"), need(12, "hull")]).toEqual([
      "3",
      "3",
      "4",
      "4",
      "5",
      "5",
    ]);
    expect([need(2, "sails"), need(6, "sails"), need(10, "sails")]).toEqual(["4", "5", "6"]);
  });
  it("beyond 12 cm is out of range", () => {
    expect(errorOf(ageOfSail, { ships: ships(), action: fire({ rangeCm: 12.5 }), dice: [] })).toMatchObject({
      code: "rules.out-of-range",
      path: "action.rangeCm",
    });
  });
  it("one die per gun deck in the arc: 3 for a ship of the line, fewer after losses", () => {
    expect(plan({})[0]?.count).toBe(3);
    const p = ageOfSail.parseState({ ships: [{ ...ships()[0], gunDecks: { port: 1, starboard: 3 } }, ships()[1]] });
    if (!p.ok) throw new Error();
    const a = ageOfSail.parseAction(p.value, fire({ battery: "port" }));
    if (!a.ok) throw new Error();
    const r = ageOfSail.plan(p.value, a.value);
    expect(r.ok && r.value[0]?.count).toBe(1);
  });
});

describe("age-of-sail hits", () => {
  it("hull hits knock out gun decks on the side fired at", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({}), dice: [3, 2, 6] });
    expect(t.outcome).toMatchObject({ hits: 2, need: 3, onFire: false, damage: 2 });
    expect(t.state.ships[1]?.gunDecks).toEqual({ port: 1, starboard: 3 });
    expect(t.state.game.score).toEqual({ GB: 2 });
  });
  it("with that side's decks gone, hull hits take hull units", () => {
    const t = mustResolve(ageOfSail, { ships: ships({ gunDecks: { port: 1, starboard: 3 } }), action: fire({}), dice: [3, 4, 5] });
    expect(t.state.ships[1]).toMatchObject({ gunDecks: { port: 0, starboard: 3 }, hull: 1 });
  });
  it("fire from directly astern damages both sides equally", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({ side: "stern" }), dice: [3, 4, 1] });
    expect(t.state.ships[1]?.gunDecks).toEqual({ port: 1, starboard: 1 });
    expect(t.outcome.damage).toBe(4);
  });
  it("hull hits from ahead alternate sides (setting bowHullHits)", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({ side: "bow" }), dice: [3, 4, 5] });
    expect(t.state.ships[1]?.gunDecks).toEqual({ port: 1, starboard: 2 });
    const both = mustResolve(ageOfSail, {
      ships: ships(),
      settings: { bowHullHits: "both-sides" },
      action: fire({ side: "bow" }),
      dice: [3, 1, 1],
    });
    expect(both.state.ships[1]?.gunDecks).toEqual({ port: 2, starboard: 2 });
  });
  it("sail hits from the bow take masts from the fore, from the stern from the mizzen", () => {
    const bow = mustResolve(ageOfSail, { ships: ships(), action: fire({ aim: "sails", side: "bow" }), dice: [4, 5, 1] });
    expect(bow.state.ships[1]?.masts).toEqual([0, 0, 1]);
    const stern = mustResolve(ageOfSail, { ships: ships(), action: fire({ aim: "sails", side: "stern" }), dice: [4, 1, 1] });
    expect(stern.state.ships[1]?.masts).toEqual([1, 1, 0]);
  });
  it("on a broadside the owner chooses which mast (a choose follow-up), checked when it comes back", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({ aim: "sails" }), dice: [4, 1, 1] });
    expect(t.state.ships[1]?.masts).toEqual([1, 1, 1]);
    const f = t.followUps[0];
    expect(f).toMatchObject({ kind: "choose", action: { type: "lose-masts", ship: "b" }, choice: { field: "masts", min: 1, max: 1 } });
    const req = { ships: t.state.ships, game: t.state.game };
    expect(errorOf(ageOfSail, { ...req, action: { type: "lose-masts", ship: "b", masts: [1, 2] } }).path).toBe("action.masts");
    const c = mustResolve(ageOfSail, { ...req, action: { type: "lose-masts", ship: "b", masts: [2] } });
    expect(c.state.ships[1]?.masts).toEqual([1, 0, 1]);
    expect(c.state.game).toMatchObject({ score: { GB: 1 }, pendingMastLoss: [] });
  });
  it("a pair of sixes sets the target on fire (any aim, hit or not)", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({ aim: "sails", rangeCm: 10 }), dice: [6, 6, 2] });
    expect(t.outcome.onFire).toBe(true);
    expect(t.state.ships[1]).toMatchObject({ fire: 1, fireSetBy: "GB" });
  });
  it("each gun deck fires once a round; the wind roll starts the next round", () => {
    const t = mustResolve(ageOfSail, { ships: ships(), action: fire({}), dice: [1, 1, 1] });
    expect(errorOf(ageOfSail, { ships: t.state.ships, action: fire({ battery: "port" }), dice: [1, 1, 1] }).path).toBe("action.battery");
    const other = mustResolve(ageOfSail, { ships: t.state.ships, action: fire({}), dice: [1, 1, 1] });
    expect(other.outcome.battery).toBe("starboard");
    const r = mustResolve(ageOfSail, { ships: other.state.ships, action: { type: "wind" }, dice: [3, 3] });
    expect(r.state.ships[0]?.firedThisRound).toEqual([]);
  });
  it("cannot fire at own side or at itself", () => {
    const own = [ships()[0], { ...ships()[1], side: "GB" }];
    expect(errorOf(ageOfSail, { ships: own, action: fire({}), dice: [1, 1, 1] }).code).toBe("rules.illegal");
    expect(errorOf(ageOfSail, { ships: ships(), action: fire({ target: "a" }), dice: [1, 1, 1] }).code).toBe("rules.illegal");
  });
});

describe("age-of-sail fire odds", () => {
  it("3 dice needing 4+: hits binomial(3, ½), chance of fire = P(two or more sixes) = 16/216", () => {
    const o = oddsFor(ageOfSail, { ships: ships(), action: fire({ rangeCm: 6 }) });
    const s = o.summary as { hits: Record<string, number>; pFire: number; expectedHits: number };
    expect(s.hits["0"]).toBeCloseTo(1 / 8, 12);
    expect(s.hits["1"]).toBeCloseTo(3 / 8, 12);
    expect(s.hits["3"]).toBeCloseTo(1 / 8, 12);
    expect(s.pFire).toBeCloseTo(16 / 216, 12);
    expect(s.expectedHits).toBeCloseTo(1.5, 12);
  });
  it("sails at 8–12 cm: only sixes hit", () => {
    const o = oddsFor(ageOfSail, { ships: ships(), action: fire({ rangeCm: 11, aim: "sails", side: "stern" }) });
    expect((o.summary as { hits: Record<string, number> }).hits["0"]).toBeCloseTo(125 / 216, 12);
  });
});

describe("age-of-sail fire dice marks for the display", () => {
  const req = (extra: Record<string, unknown>, dice: number[]) => ({ ships: ships(), action: fire(extra), dice });
  it("hull at 0–4 cm: each die of 3 or more is a hit", () => {
    expect(mustResolve(ageOfSail, req({}, [2, 3, 6])).marks).toEqual([["miss", "hit", "hit"]]);
  });
  it("sails at 4–8 cm: 5 or more; hull at 8–12 cm: 5 or more; sails at 8–12 cm: only a 6", () => {
    expect(mustResolve(ageOfSail, req({ rangeCm: 6, aim: "sails", side: "bow" }, [4, 5, 6])).marks).toEqual([["miss", "hit", "hit"]]);
    expect(mustResolve(ageOfSail, req({ rangeCm: 10 }, [4, 5, 1])).marks).toEqual([["miss", "hit", "miss"]]);
    expect(mustResolve(ageOfSail, req({ rangeCm: 10, aim: "sails", side: "bow" }, [5, 6, 6])).marks).toEqual([["miss", "hit", "hit"]]);
  });
  it("the marks agree with the outcome's hits", () => {
    const t = mustResolve(ageOfSail, req({ rangeCm: 5 }, [4, 1, 6]));
    expect(t.marks?.[0]?.filter((m) => m === "hit").length).toBe(t.outcome.hits);
  });
});
