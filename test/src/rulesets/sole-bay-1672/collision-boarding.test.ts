import { describe, expect, it } from "vitest";
import { errorOf, followUp, next, odds, type Req, requestAfter, resolve, ship, shipAfter } from "./fixtures.ts";

const collide = (mover: Record<string, unknown>, action: Record<string, unknown> = {}, settings?: unknown): Req => ({
  ships: [ship("mover", "english", mover), ship("other", "dutch", { hull: "stout" })],
  settings,
  action: { type: "collision", mover: "mover", other: "other", ...action },
});

describe("sole-bay-1672 collisions", () => {
  it.each([
    ["regular", 1, "disastrous-impact", "full"],
    ["regular", 2, "impact", "half"],
    ["regular", 4, "impact", "half"],
    ["regular", 5, "come-about", "none"],
    ["elite", 4, "come-about", "none"],
    ["poor", 2, "disastrous-impact", "full"],
  ])("%s crew rolls %i: %s (%s damage)", (crew, die, result, damage) => {
    const t = resolve(collide({ crew }), [die]);
    expect(t.outcome).toMatchObject({ result, damage });
    expect(t.followUps.map((f) => f.action)).toEqual(
      damage === "none" ? [] : [{ type: "collision-damage", mover: "mover", other: "other", severity: damage }],
    );
  });
  it("no room to avoid: inflict damage as 'Impact'", () => {
    expect(resolve(collide({}, { noRoom: true }), [6]).outcome).toMatchObject({ result: "impact", damage: "half", averted: false });
  });
  it("damage by the MOVING ship's hull: stout 2d6, average 1d6, weak 1d3 — to both ships", () => {
    const t = next(resolve(collide({ hull: "stout" }), [1]), "collision-damage", [3, 4]);
    expect(t.plan).toEqual([expect.objectContaining({ die: "d6", count: 2 })]);
    expect(t.outcome).toMatchObject({ rolled: 7, damage: 7 });
    expect(shipAfter(t, "mover").damage).toBe(7);
    expect(shipAfter(t, "other").damage).toBe(7);
    expect(next(resolve(collide({ hull: "weak" }), [1]), "collision-damage", [3]).plan[0]).toMatchObject({ die: "d3", count: 1 });
    expect(next(resolve(collide({}), [1]), "collision-damage", [5]).plan[0]).toMatchObject({ die: "d6", count: 1 });
  });
  it("half damage rounds up by default, down by setting", () => {
    const half = (settings?: unknown) =>
      resolve(
        {
          ...collide({ hull: "stout" }, {}, settings),
          action: { type: "collision-damage", mover: "mover", other: "other", severity: "half" },
        },
        [3, 4],
      );
    expect(half().outcome.damage).toBe(4);
    expect(half({ collisionHalfRounding: "down" }).outcome.damage).toBe(3);
  });
  it("a fired fireship does not collide: it rolls to ensnare", () => {
    expect(errorOf({ ...collide({ fireship: true }), game: { fired: ["mover"] } })).toMatchObject({
      code: "rules.illegal",
      path: "action.mover",
    });
  });
  it("odds of the collision table for a regular crew: full 1/6, half 3/6, none 2/6", () => {
    const o = odds(collide({})).odds.outcomes;
    const p = (d: string) => o.filter((x) => x.outcome.damage === d).reduce((s, x) => s + x.p, 0);
    expect([p("full"), p("half"), p("none")].map((x) => x * 6)).toEqual([1, 3, 2].map((x) => expect.closeTo(x, 9)));
  });
});

const board = (
  attacker: Record<string, unknown>,
  defender: Record<string, unknown>,
  type = "grapple",
  game?: unknown,
  settings?: unknown,
): Req => ({
  ships: [ship("london", "english", attacker), ship("eendracht", "dutch", { flagship: false, ...defender }), ship("gouda", "dutch")],
  game,
  settings,
  action: { type, attacker: "london", defender: "eendracht" },
});
const grappled = { grappled: [{ a: "london", b: "eendracht" }] };

describe("sole-bay-1672 boarding", () => {
  it.each([
    ["regular", 3, true],
    ["regular", 2, false],
    ["poor", 3, false],
    ["elite", 2, true],
  ])("grapple: %s crew rolls %i → grappled %s", (crew, die, ok) => {
    const t = resolve(board({ crew }, {}), [die]);
    expect(t.outcome.grappled).toBe(ok);
    expect(t.state.game.grappled.length).toBe(ok ? 1 : 0);
  });
  it("boarding a flagship: the Flag Officer may first retire (a choice, staying allowed), then the first round", () => {
    const t = resolve(board({}, { flagship: true }), [4]);
    expect(t.followUps.map((f) => f.kind)).toEqual(["choose", "roll"]);
    const retire = followUp(t, "flag-officer-retire");
    if (retire.kind !== "choose") throw new Error("expected a choice");
    expect(retire.choice).toMatchObject({ min: 0, max: 1, options: [{ value: "gouda" }] });
    expect(next(t, "flag-officer-retire", []).outcome).toEqual({ ship: "eendracht", to: null, retired: false });
    // a choice answered as a list (none or one) is accepted too
    expect(next(t, "flag-officer-retire", [], { to: [] }).outcome.retired).toBe(false);
    expect(next(t, "flag-officer-retire", [], { to: ["gouda"] }).outcome).toEqual({ ship: "eendracht", to: "gouda", retired: true });
    expect(followUp(t, "boarding-round").action).toEqual({ type: "boarding-round", attacker: "london", defender: "eendracht" });
  });
  it("a round worked by hand: stout elite flagship (2d6 + 1 crew + 1 less damaged + 1 flag) against a worn average ship (1d6)", () => {
    const t = resolve(board({ hull: "stout", crew: "elite", flagship: true }, { damage: 4 }, "boarding-round", grappled), [3, 4, 5]);
    expect(t.outcome).toMatchObject({
      attacker: { ship: "london", rolled: 7, modifier: 3, inflicted: 10 },
      defender: { ship: "eendracht", rolled: 5, modifier: 0, inflicted: 5 },
      winner: "london",
      results: [
        { ship: "london", marked: 5, conditionAfter: "worn", levelsLost: 1 },
        { ship: "eendracht", marked: 10, conditionAfter: "heavily-damaged", levelsLost: 2 },
      ],
    });
    expect(followUp(t, "flag-officer-risk").action).toEqual({ type: "flag-officer-risk", ship: "london", rolls: 1, cause: "boarding" });
    expect(t.state.game.grappled).toEqual([{ a: "london", b: "eendracht", lastWinner: "london" }]);
    // "Crew causing most damage may choose to immediately break-off"
    expect(errorOf(requestAfter(t, { type: "break-off", ship: "eendracht" }))).toMatchObject({
      code: "rules.illegal",
      path: "action.ship",
    });
    expect(resolve(requestAfter(t, { type: "break-off", ship: "london" }), []).state.game.grappled).toEqual([]);
  });
  it("weak ships' boarding dice are a setting: 1d3 by default, 1d6 by choice", () => {
    const r = (settings?: unknown) => resolve(board({ hull: "weak" }, {}, "boarding-round", grappled, settings), [1, 1]).plan[0];
    expect(r()).toMatchObject({ die: "d3", count: 1 });
    expect(r({ weakBoardingDice: "1d6" })).toMatchObject({ die: "d6", count: 1 });
  });
  it("a ship destroyed by boarding ends the action; its flag officer risks capture, not an explosion", () => {
    const t = resolve(board({ hull: "stout" }, { flagship: true, damage: 14 }, "boarding-round", grappled), [6, 6, 1]);
    expect(shipAfter(t, "eendracht").destroyed).toBe(true);
    expect(t.state.game.grappled).toEqual([]);
    expect(t.followUps.map((f) => f.action.type)).toEqual(["flag-officer-risk", "breakpoint"]);
    expect(next(t, "flag-officer-risk", [3, 3]).outcome.fate).toBe("captured");
  });
  it("only grappled ships fight a round; odds of a round sum to 1", () => {
    expect(errorOf(board({}, {}, "boarding-round")).code).toBe("rules.illegal");
    const o = odds(board({ hull: "stout" }, { hull: "stout" }, "boarding-round", grappled)).odds;
    expect(o.outcomes.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 9);
    expect((o.summary.pAttackerWins as number) + (o.summary.pDefenderWins as number) + (o.summary.pDrawn as number)).toBeCloseTo(1, 9);
  });
});

describe('"One round of combat will be fought per player Initiative including the initial grappling and boarding action."', () => {
  it("the grapple and its first round share a turn; a second round in the same initiative is refused; a new initiative allows the next", () => {
    const grappledNow = resolve(board({ crew: "elite" }, {}), [4]);
    const first = next(grappledNow, "boarding-round", [2, 2]);
    expect(first.state.game.boarded).toEqual([["london", "eendracht"]]);
    expect(first.state.game.grappled).toHaveLength(1);
    // the same pair, either way round, again before a new initiative
    for (const action of [
      { type: "boarding-round", attacker: "london", defender: "eendracht" },
      { type: "boarding-round", attacker: "eendracht", defender: "london" },
    ]) {
      const refused = errorOf({ ...requestAfter(first, action), dice: [3, 3] });
      expect(refused).toMatchObject({ code: "rules.illegal", path: "action.type" });
      expect(refused.message).toMatch(/fought their boarding round this turn: one round per initiative/);
    }
    const newTurn = resolve(requestAfter(first, { type: "initiative" }), [5, 2]);
    expect(newTurn.state.game.boarded).toEqual([]);
    const second = resolve(requestAfter(newTurn, { type: "boarding-round", attacker: "london", defender: "eendracht" }), [3, 3]);
    expect(second.state.game.boarded).toEqual([["london", "eendracht"]]);
  });
  it("grappled again after a break-off in the same turn: no first round is demanded until the next initiative", () => {
    const first = next(resolve(board({ crew: "elite" }, {}), [4]), "boarding-round", [6, 1]);
    const broke = resolve(requestAfter(first, { type: "break-off", ship: "london" }), []);
    const again = resolve(requestAfter(broke, { type: "grapple", attacker: "london", defender: "eendracht" }), [5]);
    expect(again.outcome.grappled).toBe(true);
    expect(again.followUps.map((f) => f.action.type)).toEqual([]);
  });
});
