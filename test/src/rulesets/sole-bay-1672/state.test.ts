import { describe, expect, it } from "vitest";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import { errorOf, parsed, type Req, resolve, ship } from "./fixtures.ts";

const req = (ships: Record<string, unknown>[], extra: Partial<Req> = {}): Req => ({
  ships,
  action: { type: "set-wind", windward: "N" },
  ...extra,
});

describe("sole-bay-1672 ships, state and settings", () => {
  it("fills defaults and derives condition and destroyed (docs/reference/rulesets.md fields)", () => {
    const { state } = parsed(req([{ id: "rj", side: "english", rating: 1, speed: "medium", hull: "stout", flagship: true }]));
    expect(state.ships[0]).toEqual({
      id: "rj",
      name: "rj",
      side: "english",
      rating: 1,
      speed: "medium",
      hull: "stout",
      crew: "regular",
      squadron: "english",
      flagship: true,
      fireship: false,
      damage: 0,
      firstBroadsideUsed: false,
      fullSail: false,
      fireTurns: 0,
      flagOfficer: "present",
      condition: "fresh",
      destroyed: false,
    });
    expect(state.wind).toEqual({ windward: "W" });
    expect(state.settings).toMatchObject({ deathDice: false, weakBoardingDice: "1d3", breakpointPercent: 33 });
  });
  it.each([
    ["stout", 4, "fresh", false],
    ["stout", 5, "worn", false],
    ["stout", 19, "heavily-damaged", false],
    ["stout", 20, "heavily-damaged", true],
    ["average", 8, "damaged", false],
    ["weak", 9, "heavily-damaged", false],
    ["weak", 12, "heavily-damaged", true],
  ])("%s hull with %i boxes marked is %s (destroyed %s)", (hull, damage, condition, destroyed) => {
    expect(parsed(req([ship("x", "a", { hull, damage })])).state.ships[0]).toMatchObject({ condition, destroyed });
  });
  it("a typo'd field is an error with its path", () => {
    expect(errorOf(req([ship("x", "a", { ratting: 2 })]))).toMatchObject({ code: "input.invalid", path: "ships[0].ratting" });
    expect(errorOf(req([ship("x", "a"), ship("y", "b", { hull: "iron" })]))).toMatchObject({
      code: "input.invalid",
      path: "ships[1].hull",
    });
    expect(errorOf(req([ship("x", "a", { rating: 5 })]))).toMatchObject({ path: "ships[0].rating" });
    expect(errorOf(req([{ id: "x", side: "a", rating: 1, hull: "stout" }]))).toMatchObject({ path: "ships[0].speed" });
  });
  it("damage past the last box, duplicate ids, unknown settings and unknown ships in game are errors", () => {
    expect(errorOf(req([ship("x", "a", { damage: 17 })]))).toMatchObject({ code: "input.invalid", path: "ships[0].damage" });
    expect(errorOf(req([ship("x", "a"), ship("x", "b")]))).toMatchObject({ path: "ships[1].id" });
    expect(errorOf(req([ship("x", "a")], { settings: { deathDie: true } }))).toMatchObject({ path: "settings.deathDie" });
    expect(errorOf(req([ship("x", "a")], { game: { fired: ["nope"] } }))).toMatchObject({ code: "ship.unknown", path: "game.fired[0]" });
    expect(errorOf(req([ship("x", "a")], { action: { type: "broadsides" } }))).toMatchObject({
      code: "input.invalid",
      path: "action.type",
    });
    expect(errorOf(req([ship("x", "a")], { action: { type: "set-wind", windward: "N", speed: 3 } }))).toMatchObject({
      path: "action.speed",
    });
  });
  it("output ships can be sent back as input unchanged (condition/destroyed are accepted and recomputed)", () => {
    const t = resolve(req([ship("x", "a", { damage: 5 }), ship("y", "b")]), []);
    const again = parsed({ ships: JSON.parse(JSON.stringify(t.state.ships)), action: { type: "set-wind", windward: "S" } });
    expect(again.state.ships).toEqual(t.state.ships);
  });
});

describe("sole-bay-1672 actions, views and descriptions", () => {
  it("every action has a definition; broadside's first two ship fields are firer then target", () => {
    const types = soleBay1672.actions.map((a) => a.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "broadside",
        "movement",
        "collision",
        "grapple",
        "boarding-round",
        "fire-fighting",
        "breakpoint",
        "initiative",
        "set-wind",
      ]),
    );
    const b = soleBay1672.actions.find((a) => a.type === "broadside");
    expect(b?.fields.filter((f) => f.type === "ship").map((f) => f.name)).toEqual(["firer", "target"]);
    for (const a of soleBay1672.actions)
      for (const f of a.fields) expect(["ship", "ships", "number", "boolean", "enum", "string"]).toContain(f.type);
  });
  it("every setting has a default and a description quoting the text", () => {
    for (const s of soleBay1672.settings) {
      expect(s.description).toMatch(/"/);
      expect(parsed(req([ship("x", "a")])).state.settings).toHaveProperty(s.name, s.default);
    }
  });
  it("shipViews: four tracks of boxes, one per damage level, with status words and facts", () => {
    const { state } = parsed(req([ship("rj", "english", { name: "Royal James", hull: "stout", damage: 7, flagship: true, fireTurns: 1 })]));
    const [v] = soleBay1672.shipViews(state);
    expect(v?.tracks).toEqual([
      { label: "Fresh", boxes: 5, marked: 5 },
      { label: "Worn", boxes: 5, marked: 2 },
      { label: "Damaged", boxes: 5, marked: 0 },
      { label: "Heavily Damaged", boxes: 5, marked: 0 },
    ]);
    expect(v?.status).toEqual(["worn", "on fire", "flagship"]);
    expect(v?.facts).toContainEqual({ label: "Hull", value: "stout" });
  });
  it("phases follow the Turn Sequence", () => {
    expect(soleBay1672.phases).toEqual(["Initiative", "Movement / Collisions", "Broadsides / Boarding"]);
  });
  it('"Each Squadron/Division has a Flagship, which is the first ship listed on its roster": with none marked, the first listed (not a fireship) is the flagship, with her flag officer', () => {
    const parsed = soleBay1672.parseState({
      ships: [
        ship("brander", "english", { squadron: "red", fireship: true }),
        ship("prince", "english", { squadron: "red" }),
        ship("henry", "english", { squadron: "red" }),
        ship("zeven-provincien", "dutch"),
        ship("gouda", "dutch"),
        ship("london", "english", { squadron: "blue" }),
        ship("royal-james", "english", { squadron: "blue", flagship: true }),
        ship("fairfax", "english", { squadron: "white", flagship: false }),
      ],
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const flags = parsed.value.ships.filter((s) => s.flagship).map((s) => [s.id, s.flagOfficer]);
    expect(flags).toEqual([
      ["prince", "present"],
      ["zeven-provincien", "present"],
      ["royal-james", "present"],
    ]);
  });
});
