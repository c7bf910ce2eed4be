import { describe, expect, it } from "vitest";
import { ageOfSail } from "../../../../src/rulesets/age-of-sail/index.ts";
import { errorOf, mustResolve } from "../request-helpers.ts";

const sol = (extra: Record<string, unknown> = {}) => ({ id: "sol", name: "Victory", side: "GB", class: "ship-of-the-line", ...extra });
const frigate = (extra: Record<string, unknown> = {}) => ({ id: "fr", name: "Amazon", side: "GB", class: "frigate", ...extra });
// wind blows TO S, i.e. comes from the N: heading S is running, E/W beam reach, NE/NW close-hauled.
const speed = (ship: unknown, windSpeed: number, heading: string, settings?: unknown) =>
  mustResolve(ageOfSail, {
    ships: [ship],
    wind: { direction: "S", speed: windSpeed },
    settings,
    action: { type: "speed", ship: (ship as { id: string }).id, heading },
  }).outcome;

describe("age-of-sail speed — the text's examples", () => {
  it("ship of the line, 3 masts, wind 4, running: 3×4 = 12 cm", () => expect(speed(sol(), 4, "S").maxMove).toBe(12));
  it("wind 5, running: 3×5 = 15 cm", () => expect(speed(sol(), 5, "S").maxMove).toBe(15));
  it("wind 5, beam reached (+90°): 3×6 = 18 cm", () => {
    expect(speed(sol(), 5, "E")).toMatchObject({ maxMove: 18, pointOfSail: "reaching", modifier: 1 });
  });
  it("wind 5, close hauled (+45°): 3×4 = 12 cm", () => {
    expect(speed(sol(), 5, "NE")).toMatchObject({ maxMove: 12, pointOfSail: "close-hauled", modifier: -1 });
  });
  it("frigate (main mast 2 units), wind 4, running: (2×1 + 1×2)×4 = 16 cm", () => expect(speed(frigate(), 4, "S").maxMove).toBe(16));
  it("pirates too have the 2-unit main mast", () => expect(speed({ ...frigate(), class: "pirate" }, 4, "S").maxMove).toBe(16));
  it("broad reach (135°) is +1, 157.5° counts as running", () => {
    expect(speed(sol(), 4, "SE").maxMove).toBe(15);
    expect(speed(sol(), 4, "SSE").maxMove).toBe(12);
  });
});

describe("age-of-sail speed — masts, minimum, drift, wind's eye", () => {
  it("losing masts reduces the movement: main mast gone, wind 4 running = 2×4", () => {
    expect(speed(sol({ masts: [1, 0, 1] }), 4, "S").maxMove).toBe(8);
  });
  it("never below 1 cm: one mast, wind 1, close-hauled 1×0 → 1", () => {
    expect(speed(sol({ masts: [0, 0, 1] }), 1, "NE").maxMove).toBe(1);
  });
  it("no mast standing: drifts 1 unit in the direction of the wind", () => {
    expect(speed(sol({ masts: [0, 0, 0] }), 4, "S")).toMatchObject({ maxMove: 0, drift: { cm: 1, to: "S" } });
  });
  it("cannot head straight into the wind (wind due south forbids north)", () => {
    const e = errorOf(ageOfSail, {
      ships: [sol()],
      wind: { direction: "S", speed: 4 },
      action: { type: "speed", ship: "sol", heading: "N" },
    });
    expect(e).toMatchObject({ code: "rules.illegal", path: "action.heading" });
  });
  it("a ship caught head to wind by a wind shift keeps the 1 cm minimum, enough to turn one point off", () => {
    const ships = [sol({ heading: "N" })];
    const s = mustResolve(ageOfSail, { ships, wind: { direction: "S", speed: 4 }, action: { type: "speed", ship: "sol" } });
    expect(s.outcome).toMatchObject({ pointOfSail: "in-irons", maxMove: 1 });
    const t = mustResolve(ageOfSail, { ships, wind: { direction: "S", speed: 4 }, action: { type: "turn", ship: "sol", to: "NNE" } });
    expect(t.outcome).toMatchObject({ costCm: 1, remainingCm: 0 });
  });
  it("one point off the wind is close-hauled by default, forbidden with noGoPoints 1", () => {
    expect(speed(sol(), 4, "NNE").pointOfSail).toBe("close-hauled");
    const e = errorOf(ageOfSail, {
      ships: [sol()],
      wind: { direction: "S", speed: 4 },
      settings: { noGoPoints: 1 },
      action: { type: "speed", ship: "sol", heading: "NNE" },
    });
    expect(e.code).toBe("rules.illegal");
  });
  it("a squadron ship follows its leader; pirates cannot join a squadron", () => {
    const ships = [sol({ squadron: "van", leader: true }), { ...sol({ squadron: "van", heading: "S" }), id: "b", name: "Temeraire" }];
    const out = mustResolve(ageOfSail, { ships, wind: { direction: "S" }, action: { type: "speed", ship: "b" } }).outcome;
    expect(out.followsLeader).toBe("sol");
    const e = errorOf(ageOfSail, { ships: [{ ...frigate({ squadron: "x" }), class: "pirate" }], action: { type: "speed", ship: "fr" } });
    expect(e).toMatchObject({ code: "rules.illegal", path: "ships[0].squadron" });
  });
});

describe("age-of-sail turning on the 16-point circle", () => {
  const turn = (to: string, extra: Record<string, unknown> = {}) =>
    mustResolve(ageOfSail, {
      ships: [sol({ heading: "S" })],
      wind: { direction: "S", speed: 4 },
      action: { type: "turn", ship: "sol", to, ...extra },
    });
  it("altering course by 90° takes 4 units of movement (4 cm)", () => {
    const t = turn("E");
    expect(t.outcome).toMatchObject({ costCm: 4, maxMove: 12, remainingCm: 8 });
    expect(t.state.ships[0]?.heading).toBe("E");
  });
  it("a turn costing more than the move left is illegal", () => {
    const e = errorOf(ageOfSail, {
      ships: [sol({ heading: "S" })],
      wind: { direction: "S", speed: 4 },
      action: { type: "turn", ship: "sol", to: "E", movedCm: 9 },
    });
    expect(e).toMatchObject({ code: "rules.illegal", path: "action.to" });
  });
  it("cannot turn onto the wind's eye", () => {
    const e = errorOf(ageOfSail, {
      ships: [sol({ heading: "NE" })],
      wind: { direction: "S" },
      action: { type: "turn", ship: "sol", to: "N" },
    });
    expect(e.path).toBe("action.to");
  });
  it("tacking across the wind from NE to NW costs 4 points", () => {
    const t = mustResolve(ageOfSail, {
      ships: [sol({ heading: "NE" })],
      wind: { direction: "S" },
      action: { type: "turn", ship: "sol", to: "NW" },
    });
    expect(t.outcome.costCm).toBe(4);
  });
});

describe("age-of-sail anchors, shoals and mast repair", () => {
  it("an anchored ship cannot move until an entire move has passed raising it", () => {
    let t = mustResolve(ageOfSail, { ships: [sol()], wind: { direction: "S" }, action: { type: "anchor", ship: "sol" } });
    const ships = t.state.ships;
    expect(mustResolve(ageOfSail, { ships, action: { type: "speed", ship: "sol" } }).outcome.held).toBe("at anchor");
    t = mustResolve(ageOfSail, { ships, action: { type: "weigh-anchor", ship: "sol" } });
    expect(mustResolve(ageOfSail, { ships: t.state.ships, action: { type: "speed", ship: "sol" } }).outcome.maxMove).toBe(0);
    const next = mustResolve(ageOfSail, { ships: t.state.ships, action: { type: "wind" }, dice: [3, 3] });
    expect(next.state.ships[0]?.anchor).toBe("none");
  });
  it("shoals: 1, 2, 3 founder, 4 passes; a 6 refloats, 5 does not", () => {
    expect(mustResolve(ageOfSail, { ships: [sol()], action: { type: "shoal", ship: "sol" }, dice: [3] }).state.ships[0]?.aground).toBe(
      true,
    );
    expect(mustResolve(ageOfSail, { ships: [sol()], action: { type: "shoal", ship: "sol" }, dice: [4] }).state.ships[0]?.aground).toBe(
      false,
    );
    const aground = [sol({ aground: true })];
    expect(mustResolve(ageOfSail, { ships: aground, action: { type: "speed", ship: "sol" } }).outcome.held).toBe("aground on a shoal");
    expect(mustResolve(ageOfSail, { ships: aground, action: { type: "refloat", ship: "sol" }, dice: [5] }).outcome.refloated).toBe(false);
    expect(mustResolve(ageOfSail, { ships: aground, action: { type: "refloat", ship: "sol" }, dice: [6] }).state.ships[0]?.aground).toBe(
      false,
    );
    expect(errorOf(ageOfSail, { ships: [sol()], action: { type: "refloat", ship: "sol" }, dice: [6] }).code).toBe("rules.illegal");
  });
  it("a 6 repairs a fallen mast (a frigate's main mast comes back with 2 units); the crew then cannot fire or board", () => {
    const ships = [frigate({ masts: [1, 0, 1] }), { id: "en", name: "Enemy", side: "FR", class: "frigate" }];
    const t = mustResolve(ageOfSail, { ships, action: { type: "repair-mast", ship: "fr" }, dice: [6] });
    expect(t.state.ships[0]?.masts).toEqual([1, 2, 1]);
    const fire = { type: "fire", firer: "fr", target: "en", rangeCm: 3, aim: "hull", side: "port" };
    expect(errorOf(ageOfSail, { ships: t.state.ships, action: fire, dice: [1, 1] }).path).toBe("action.firer");
    expect(errorOf(ageOfSail, { ships: t.state.ships, action: { type: "board", attacker: "fr", defender: "en" }, dice: [] }).code).toBe(
      "rules.illegal",
    );
    const miss = mustResolve(ageOfSail, { ships, action: { type: "repair-mast", ship: "fr" }, dice: [5] });
    expect(miss.state.ships[0]?.masts).toEqual([1, 0, 1]);
    expect(errorOf(ageOfSail, { ships: miss.state.ships, action: { type: "repair-mast", ship: "fr" }, dice: [6] }).code).toBe(
      "rules.illegal",
    );
  });
});
