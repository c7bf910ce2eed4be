import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import { checkProperties, errorOf, mustResolve, oddsFor } from "../request-helpers.ts";

const fleet = (b: Record<string, unknown> = {}) => [
  { id: "a", name: "Victory", side: "GB", class: "ship-of-the-line" },
  { id: "b", name: "Redoutable", side: "FR", class: "ship-of-the-line", ...b },
  { id: "c", name: "Neptune", side: "FR", class: "frigate" },
];

describe("age-of-sail fire on board", () => {
  it("first round: 5 or 6 puts it out, else the fire grows", () => {
    expect(
      mustResolve(ageOfSail, { ships: fleet({ fire: 1 }), action: { type: "fire-removal", ship: "b" }, dice: [5] }).state.ships[1]?.fire,
    ).toBe(0);
    expect(
      mustResolve(ageOfSail, { ships: fleet({ fire: 1 }), action: { type: "fire-removal", ship: "b" }, dice: [4] }).state.ships[1]?.fire,
    ).toBe(2);
  });
  it("second round: only a 6; else she blows up, sinks, and the table is asked once which ships are near", () => {
    expect(
      mustResolve(ageOfSail, { ships: fleet({ fire: 2 }), action: { type: "fire-removal", ship: "b" }, dice: [6] }).state.ships[1]?.fire,
    ).toBe(0);
    const t = mustResolve(ageOfSail, {
      ships: fleet({ fire: 2, fireSetBy: "GB" }),
      action: { type: "fire-removal", ship: "b" },
      dice: [5],
    });
    expect(t.outcome.exploded).toBe(true);
    expect(t.state.ships[1]?.sunk).toBe(true);
    expect(t.followUps).toHaveLength(1);
    expect(t.followUps[0]).toMatchObject({
      kind: "choose",
      action: { type: "explosion-fire", from: "b", ships: [] },
      choice: { field: "ships" },
    });
    // all 12 unmarked boxes of Redoutable (3 masts, 6 gun decks, 3 hull) score for the side that set the fire
    expect(t.state.game.score).toEqual({ GB: 12 });
  });
  it("odds of putting out a first-round fire are 1/3", () => {
    const o = oddsFor(ageOfSail, { ships: fleet({ fire: 1 }), action: { type: "fire-removal", ship: "b" } });
    expect(o.summary.pExtinguished).toBeCloseTo(1 / 3, 12);
  });
  it("not on fire: nothing to remove", () => {
    expect(errorOf(ageOfSail, { ships: fleet(), action: { type: "fire-removal", ship: "b" }, dice: [6] }).code).toBe("rules.illegal");
  });
  it("ships near the explosion catch fire by the hull range table; beyond 12 cm no roll", () => {
    const ships = fleet({ sunk: true, fireSetBy: "GB" });
    const near = mustResolve(ageOfSail, { ships, action: { type: "catch-fire", ship: "a", from: "b", rangeCm: 3 }, dice: [3] });
    expect(near.state.ships[0]).toMatchObject({ fire: 1, fireSetBy: "GB" });
    const mid = mustResolve(ageOfSail, { ships, action: { type: "catch-fire", ship: "a", from: "b", rangeCm: 6 }, dice: [3] });
    expect(mid.outcome.caught).toBe(false);
    const far = mustResolve(ageOfSail, { ships, action: { type: "catch-fire", ship: "a", from: "b", rangeCm: 13 }, dice: [] });
    expect(far.outcome).toEqual({ caught: false, inReach: false });
  });
});

describe('age-of-sail explosions: "All ships within 12cm of this explosion risk catching fire themselves. Use the range table above for damaging hulls"', () => {
  const twenty = [
    { id: "x", name: "Orient", side: "FR", class: "ship-of-the-line", fire: 2, fireSetBy: "GB" },
    ...Array.from({ length: 19 }, (_, i) => ({ id: `s${i}`, name: `Ship ${i}`, side: i % 2 ? "FR" : "GB", class: "frigate" })),
  ];
  it("one question for twenty ships, not nineteen: each ship afloat with the three bands of the range table", () => {
    const t = mustResolve(ageOfSail, { ships: twenty, action: { type: "fire-removal", ship: "x" }, dice: [1] });
    expect(t.followUps).toHaveLength(1);
    const q = t.followUps[0];
    if (q?.kind !== "choose") throw new Error("expected a choice");
    expect(q.choice).toMatchObject({ field: "ships", min: 0, max: 19 });
    expect(q.choice.options).toHaveLength(19 * 3);
    expect(q.choice.options.slice(0, 3)).toEqual([
      { value: { ship: "s0", rangeCm: 2 }, label: "Ship 0: 0–4 cm" },
      { value: { ship: "s0", rangeCm: 6 }, label: "Ship 0: 4–8 cm" },
      { value: { ship: "s0", rangeCm: 10 }, label: "Ship 0: 8–12 cm" },
    ]);
  });
  it("the answer is one roll, a die for each ship named, on the hull column (3+, 4+, 5+); plan, odds and resolve agree", () => {
    const ships = twenty.map((s) => (s.id === "x" ? { ...s, sunk: true, fire: 0 } : s));
    const action = {
      type: "explosion-fire",
      from: "x",
      ships: [
        { ship: "s0", rangeCm: 2 },
        { ship: "s1", rangeCm: 6 },
        { ship: "s2", rangeCm: 10 },
      ],
    };
    const t = mustResolve(ageOfSail, { ships, action, dice: [3, 3, 5] });
    expect(t.plan.map((e) => e.count)).toEqual([1, 1, 1]);
    expect(t.outcome).toEqual({
      caught: 2,
      results: [
        { ship: "s0", rangeCm: 2, need: 3, caught: true },
        { ship: "s1", rangeCm: 6, need: 4, caught: false },
        { ship: "s2", rangeCm: 10, need: 5, caught: true },
      ],
    });
    expect(t.state.ships.filter((s) => s.fire === 1).map((s) => [s.id, s.fireSetBy])).toEqual([
      ["s0", "GB"],
      ["s2", "GB"],
    ]);
    const o = oddsFor(ageOfSail, { ships, action });
    expect(o.summary.pAnyCaught).toBeCloseTo(1 - (2 / 6) * (3 / 6) * (4 / 6), 12);
    expect(o.outcomes.reduce((a, x) => a + x.p, 0)).toBeCloseTo(1, 12);
    expect(o.outcomes.some((x) => JSON.stringify(x.outcome) === JSON.stringify(t.outcome))).toBe(true);
    checkProperties(ageOfSail, { ships, action, dice: [6, 1, 4] });
  });
  it("all nineteen other ships near one explosion: exact odds (the list truncated, the summary a product)", () => {
    const ships = twenty.map((s) => (s.id === "x" ? { ...s, sunk: true, fire: 0 } : s));
    const near = ships.filter((s) => s.id !== "x").map((s, i) => ({ ship: s.id, rangeCm: [2, 6, 10][i % 3] ?? 2 }));
    const o = oddsFor(ageOfSail, { ships, action: { type: "explosion-fire", from: "x", ships: near } });
    const pCaught = near.map((n) => (n.rangeCm === 2 ? 4 / 6 : n.rangeCm === 6 ? 3 / 6 : 2 / 6));
    expect(o.summary.pAnyCaught).toBeCloseTo(1 - pCaught.reduce((q, p) => q * (1 - p), 1), 12);
    expect(o.summary.expectedCaught).toBeCloseTo(
      pCaught.reduce((a, p) => a + p, 0),
      12,
    );
    expect(o.truncated).toBe(true);
    expect(o.outcomes.reduce((a, x) => a + x.p, 0)).toBeLessThanOrEqual(1 + 1e-12);
  });
  it("no ship named: no dice; a ship named twice, the exploded ship or an unknown ship is refused", () => {
    const ships = twenty.map((s) => (s.id === "x" ? { ...s, sunk: true, fire: 0 } : s));
    expect(mustResolve(ageOfSail, { ships, action: { type: "explosion-fire", from: "x", ships: [] }, dice: [] }).plan).toEqual([]);
    const twice = [
      { ship: "s0", rangeCm: 2 },
      { ship: "s0", rangeCm: 6 },
    ];
    expect(errorOf(ageOfSail, { ships, action: { type: "explosion-fire", from: "x", ships: twice }, dice: [1, 1] }).path).toBe(
      "action.ships[1]",
    );
    expect(
      errorOf(ageOfSail, { ships, action: { type: "explosion-fire", from: "x", ships: [{ ship: "zz", rangeCm: 2 }] }, dice: [1] }),
    ).toMatchObject({
      code: "ship.unknown",
      path: "action.ships[0].ship",
    });
  });
});

describe("age-of-sail sinking in high seas", () => {
  const wreck = { gunDecks: { port: 0, starboard: 0 }, hull: 0, lastHitBy: "GB" };
  it("only a ship with no gun decks and no hull, only in wind 6+", () => {
    expect(errorOf(ageOfSail, { ships: fleet(), wind: { speed: 6 }, action: { type: "sinking-check", ship: "b" }, dice: [1] }).code).toBe(
      "rules.illegal",
    );
    expect(
      errorOf(ageOfSail, { ships: fleet(wreck), wind: { speed: 5 }, action: { type: "sinking-check", ship: "b" }, dice: [1] }).code,
    ).toBe("rules.illegal");
  });
  it("1 or 2 sinks her, 3 does not", () => {
    const t = mustResolve(ageOfSail, { ships: fleet(wreck), wind: { speed: 6 }, action: { type: "sinking-check", ship: "b" }, dice: [2] });
    expect(t.state.ships[1]?.sunk).toBe(true);
    expect(t.state.game.score).toEqual({ GB: 3 });
    expect(
      mustResolve(ageOfSail, { ships: fleet(wreck), wind: { speed: 7 }, action: { type: "sinking-check", ship: "b" }, dice: [3] }).outcome
        .sank,
    ).toBe(false);
  });
});

describe("age-of-sail boarding", () => {
  it("a die per remaining gun deck; the highest total captures; the ships are in contact", () => {
    const ships = [fleet()[0], fleet({ gunDecks: { port: 1, starboard: 0 } })[1]];
    const t = mustResolve(ageOfSail, { ships, action: { type: "board", attacker: "a", defender: "b" }, dice: [1, 1, 1, 1, 1, 1, 6] });
    expect(t.outcome).toMatchObject({ attackerTotal: 6, defenderTotal: 6, winner: null, captured: null });
    expect(t.state.ships[0]?.entangledWith).toEqual(["b"]);
    const w = mustResolve(ageOfSail, { ships, action: { type: "board", attacker: "a", defender: "b" }, dice: [1, 1, 1, 1, 1, 2, 6] });
    expect(w.outcome).toMatchObject({ winner: "a", captured: "b" });
    expect(w.state.ships[1]).toMatchObject({ captured: true, side: "GB", prizeCrewDue: true });
    // the captured ship's unmarked boxes (3 masts, 1 deck, 3 hull) score for the captor
    expect(w.state.game.score).toEqual({ GB: 7 });
  });
  it("a 6 disentangles; the prize is then manned by one gun deck of the winner", () => {
    const ships = [
      { ...fleet()[0], entangledWith: ["b"] },
      { ...fleet()[1], side: "GB", captured: true, prizeCrewDue: true, gunDecks: { port: 0, starboard: 0 }, entangledWith: ["a"] },
    ];
    expect(mustResolve(ageOfSail, { ships, action: { type: "separate", ship: "a", other: "b" }, dice: [5] }).outcome.separated).toBe(false);
    const t = mustResolve(ageOfSail, { ships, action: { type: "separate", ship: "a", other: "b", prizeCrewFrom: "starboard" }, dice: [6] });
    expect(t.state.ships[0]).toMatchObject({ gunDecks: { port: 3, starboard: 2 }, entangledWith: [] });
    expect(t.state.ships[1]).toMatchObject({ gunDecks: { port: 0, starboard: 1 }, prizeCrewDue: false, entangledWith: [] });
  });
  it("boarding odds: one gun deck each — a tie 6/36, each side captures 15/36", () => {
    const ships = [{ ...fleet()[0], gunDecks: { port: 1, starboard: 0 } }, fleet({ gunDecks: { port: 0, starboard: 1 } })[1]];
    const s = oddsFor(ageOfSail, { ships, action: { type: "board", attacker: "a", defender: "b" } }).summary;
    expect(s.pTie).toBeCloseTo(6 / 36, 12);
    expect(s.pAttackerCaptures).toBeCloseTo(15 / 36, 12);
    expect(s.pDefenderCaptures).toBeCloseTo(15 / 36, 12);
  });
  it("entangled ships cannot sail", () => {
    const ships = [{ ...fleet()[0], heading: "S", entangledWith: ["b"] }, fleet()[1]];
    expect(mustResolve(ageOfSail, { ships, wind: { direction: "S" }, action: { type: "speed", ship: "a" } }).outcome.maxMove).toBe(0);
  });
});

describe("age-of-sail views", () => {
  it("ships are drawn like the damage record", () => {
    const s = ageOfSail.parseState({ ships: fleet({ masts: [1, 0, 1], gunDecks: { port: 1, starboard: 3 }, hull: 2, fire: 1 }) });
    if (!s.ok) throw new Error();
    const v = ageOfSail.shipViews(s.value)[1];
    expect(v?.tracks).toEqual([
      { label: "Masts", boxes: 3, marked: 1 },
      { label: "Port gun decks", boxes: 3, marked: 2 },
      { label: "Starboard gun decks", boxes: 3, marked: 0 },
      { label: "Hull", boxes: 3, marked: 1 },
    ]);
    expect(v?.status).toContain("on fire");
  });
  it("describe says what happened in one sentence", () => {
    const s = ageOfSail.parseState({ ships: fleet() });
    if (!s.ok) throw new Error();
    const text = ageOfSail.describe(
      s.value,
      { type: "fire", firer: "a", target: "b", aim: "hull" },
      { hits: 2, aim: "hull", onFire: true },
    );
    expect(text).toBe("Victory scores 2 hits on Redoutable's gun decks/hull — a pair of sixes: she is on fire!");
  });
  it("bad ship fields are errors naming the path", () => {
    expect(ageOfSail.parseState({ ships: [{ ...fleet()[0], masts: [1, 2, 1] }] })).toMatchObject({
      ok: false,
      error: { path: "ships[0].masts[1]" },
    });
    expect(ageOfSail.parseState({ ships: [{ ...fleet()[0], colour: "red" }] })).toMatchObject({
      ok: false,
      error: { path: "ships[0].colour" },
    });
  });
});

describe('"… the target catches on fire. In the next round the ship on fire must throw a 5 or 6 to put the fire out. If unsuccessful, the fire grows and in the next round, the ship must throw a 6"', () => {
  const broadside = { type: "fire", firer: "a", target: "b", rangeCm: 10, aim: "sails", side: "port" };
  it("the first removal roll belongs to the round after the fire was set, the second to the round after that: one a round", () => {
    const set = mustResolve(ageOfSail, { ships: fleet(), action: broadside, dice: [6, 6, 2] });
    expect(set.state.ships[1]).toMatchObject({ fire: 1, fireRound: 1 });
    const removal = { type: "fire-removal", ship: "b" };
    const early = errorOf(ageOfSail, { ships: set.state.ships, game: set.state.game, action: removal, dice: [6] });
    expect(early).toMatchObject({ code: "rules.illegal", path: "action.ship" });
    expect(early.message).toBe(
      "Redoutable caught fire this round: her first fire removal roll (5–6) is at her fire removal stage next round.",
    );
    const round2 = mustResolve(ageOfSail, { ships: set.state.ships, game: set.state.game, action: { type: "wind" }, dice: [3, 3] });
    const grew = mustResolve(ageOfSail, { ships: round2.state.ships, game: round2.state.game, action: removal, dice: [4] });
    expect(grew.outcome).toMatchObject({ need: 5, extinguished: false });
    expect(grew.state.ships[1]).toMatchObject({ fire: 2, fireRound: 2 });
    const again = errorOf(ageOfSail, { ships: grew.state.ships, game: grew.state.game, action: removal, dice: [6] });
    expect(again.message).toBe("Redoutable has fought her fire this round: her next roll (a 6) is at her fire removal stage next round.");
    const round3 = mustResolve(ageOfSail, { ships: grew.state.ships, game: grew.state.game, action: { type: "wind" }, dice: [3, 3] });
    expect(
      mustResolve(ageOfSail, { ships: round3.state.ships, game: round3.state.game, action: removal, dice: [6] }).outcome,
    ).toMatchObject({
      need: 6,
      extinguished: true,
    });
  });
});
