import { Type } from "@sinclair/typebox";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entry } from "../../../src/dice/plan.ts";
import {
  actingShip,
  applyPatch,
  chance,
  defineAction,
  detail,
  fieldDistribution,
  fieldsOf,
  nameOf,
  parseSettings,
  parseWindGameSettings,
  ruleSetFromHandlers,
  setting,
  uniqueShipIds,
} from "../../../src/game/action-kit.ts";
import { parseRequest, transition } from "../../../src/game/engine.ts";
import { fact, outcomeOf } from "../../../src/game/outcome.ts";
import type { Action, SettingDef, TableState } from "../../../src/game/types.ts";
import { Dist } from "../../../src/odds/distribution.ts";
import { fail, ok } from "../../../src/result.ts";

/** A toy rule set: ships with hits, a 2d6 `volley` (outcome style) and a d6-per-ship `salvo` (resolve style). */
type Ship = { id: string; name: string; side: string; hits: number };
type State = TableState<Ship, null>;

const SETTINGS: SettingDef[] = [
  { name: "hitOn", label: "Hits on", default: 7, description: "2d6 total that hits" },
  { name: "loud", label: "Loud", default: false, description: "shout" },
  { name: "mode", label: "Mode", default: "all", values: ["all", "one"], description: "how many" },
];
const state = (settings: Record<string, unknown> = {}, ships = [{ id: "a", name: "Alpha", side: "x", hits: 0 }]): State => {
  const parsed = parseSettings(SETTINGS, settings, { hitOn: { integer: true, minimum: 2, maximum: 12 } });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { ships, wind: null, game: {}, settings: parsed.value, data: null };
};
const shipOf = (s: State, id: unknown, path: string) => {
  const ship = s.ships.find((x) => x.id === id);
  return ship ? ok(ship) : fail("ship.unknown", `no ship ${String(id)}`, path);
};

const toyAction = defineAction<State>();

const volley = toyAction({
  type: "volley",
  title: "Volley",
  description: "2d6 at a ship",
  outcomeSchema: outcomeOf({ target: fact.ship("Target"), total: fact.die("Total"), hit: fact.flag("Hit") }),
  schema: Type.Object(
    { type: Type.Literal("volley"), target: Type.String({ label: "Target", input: "ship" }) },
    { additionalProperties: false },
  ),
  prepare: ({ state: s, action: a }) => shipOf(s, a.target, "action.target"),
  plan: () => [entry("attack", "d6", 2, "volley")],
  outcome: ({ prepared: target, state: s }, dice) => {
    const total = (dice[0] ?? []).reduce((x, y) => x + y, 0);
    return { target: target.id, total, hit: total >= setting<number>(s.settings, "hitOn") };
  },
  effects: ({ prepared: target }, o) => ({ events: o.hit ? [{ type: "hit", ship: target.id }] : [] }),
  summary: (dist) => ({
    pHit: chance(
      "A hit",
      dist.probability((o) => o.hit),
    ),
  }),
  describe: ({ state: s }, o) => `${nameOf(s, o.target)} ${o.hit ? "hit" : "missed"}`,
});

const salvo = toyAction({
  type: "salvo",
  title: "Salvo",
  description: "a d6 a ship",
  outcomeSchema: outcomeOf({ sixes: fact.count("Sixes") }),
  schema: Type.Object(
    { type: Type.Literal("salvo"), ships: Type.Array(Type.String(), { label: "Ships", input: "ships" }) },
    { additionalProperties: false },
  ),
  prepare: ({ state: s, action: a }) => {
    for (const [i, id] of a.ships.entries()) {
      const found = shipOf(s, id, `action.ships[${i}]`);
      if (!found.ok) return found;
    }
    return ok(a);
  },
  plan: ({ action: a }) => ok([entry("attack", "d6", a.ships.length, "salvo")]),
  resolve: (_ctx, dice) =>
    dice[0]?.includes(1)
      ? fail("rules.illegal", "a 1 jams the guns", "dice")
      : ok({ outcome: { sixes: (dice[0] ?? []).filter((d) => d === 6).length }, events: [], followUps: [] }),
  summary: (dist) => ({ sixes: detail(fieldDistribution(dist, "sixes")) }),
  describe: (_ctx, o) => `${o.sixes} sixes`,
});

const toy = ruleSetFromHandlers<State>({
  id: "toy",
  title: "Toy",
  description: "a test rule set",
  settings: SETTINGS,
  dice: { roles: [{ role: "attack", label: "Salvo", words: "a salvo" }], colors: [] },
  turn: { phases: [{ name: "fire", actions: [] }] },
  handlers: [volley, salvo],
  parseState: (raw) => {
    const ships = uniqueShipIds((raw.ships ?? []) as Ship[]);
    if (!ships.ok) return ships;
    const settings = parseSettings(SETTINGS, raw.settings);
    return settings.ok ? ok({ ships: [...ships.value], wind: null, game: {}, settings: settings.value, data: null }) : settings;
  },
  applyEvent: (s, e) => ({ ...s, ships: s.ships.map((x) => (x.id === e.ship ? { ...x, hits: x.hits + 1 } : x)) }),
  windView: () => null,
  shipViews: () => [],
});

const act = (a: Record<string, unknown>) => a as Action;

describe("ruleSetFromHandlers: dispatch", () => {
  it("lists the handlers' actions and refuses an unknown type naming the ones there are", () => {
    expect(toy.actions.map((a) => a.type)).toEqual(["volley", "salvo"]);
    for (const r of [toy.parseAction(state(), { type: "broadside" }), toy.plan(state(), act({ type: "broadside" }))]) {
      expect(r).toEqual(fail("input.invalid", 'toy has no action "broadside" (it has: volley, salvo).', "action.type"));
    }
    expect(toy.parseAction(state(), null)).toMatchObject({ ok: false, error: { code: "input.invalid" } });
  });
  it("parses with the schema (unknown keys are errors) and then legality", () => {
    expect(toy.parseAction(state(), { type: "volley", target: "a", extra: 1 })).toMatchObject({
      ok: false,
      error: { path: "action.extra" },
    });
    expect(toy.parseAction(state(), { type: "volley", target: "z" })).toMatchObject({ ok: false, error: { code: "ship.unknown" } });
    expect(toy.parseAction(state(), { type: "salvo", ships: ["a", "z"] })).toMatchObject({ ok: false, error: { path: "action.ships[1]" } });
  });
  it("describes with the handler's own sentence", () => {
    expect(toy.describe(state(), act({ type: "volley" }), { target: "a", hit: true })).toBe("Alpha hit");
    expect(toy.describe(state(), act({ type: "salvo" }), { sixes: 2 })).toBe("2 sixes");
  });
});

describe("outcomeAction", () => {
  it("resolves through the engine and folds the events", () => {
    const req = parseRequest(toy, { ships: state().ships, action: { type: "volley", target: "a" } });
    if (!req.ok) throw new Error(req.error.message);
    const t = transition(toy, req.value.state, req.value.action, [4, 3]);
    expect(t).toMatchObject({ ok: true, value: { outcome: { total: 7, hit: true }, events: [{ type: "hit" }] } });
    expect(t.ok && t.value.state.ships[0]?.hits).toBe(1);
  });
  it("refuses dice that do not match the plan", () => {
    expect(toy.resolve(state(), act({ type: "volley", target: "a" }), [[6]])).toMatchObject({ ok: false, error: { code: "dice.count" } });
  });
  it("odds run the same outcome function: every resolved outcome is listed, probabilities sum to 1", () => {
    const s = state({ hitOn: 9 });
    const a = act({ type: "volley", target: "a" });
    const odds = toy.odds(s, a);
    if (!odds.ok) throw new Error(odds.error.message);
    expect(odds.value.outcomes.reduce((t, o) => t + o.p, 0)).toBeCloseTo(1, 12);
    expect(odds.value.summary.pHit).toBeCloseTo(10 / 36, 12);
    // the summary's figures, each with the label the action gave it; detail is no figure
    expect(odds.value.figures).toEqual([{ label: "A hit", kind: "probability", value: odds.value.summary.pHit }]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (x, y) => {
        const r = toy.resolve(s, a, [[x, y]]);
        return r.ok && odds.value.outcomes.some((o) => JSON.stringify(o.outcome) === JSON.stringify(r.value.outcome));
      }),
    );
  });
  it("prepareOnParse: false leaves legality to plan", () => {
    const lax = toyAction({ ...volleySpec(), prepareOnParse: false });
    expect(lax.parse(state(), { type: "volley", target: "z" }).ok).toBe(true);
    expect(lax.plan(state(), act({ type: "volley", target: "z" }))).toMatchObject({ ok: false, error: { code: "ship.unknown" } });
  });
});

function volleySpec() {
  return {
    type: "volley",
    title: "Volley",
    description: "",
    outcomeSchema: Type.Object({}),
    schema: Type.Object({ type: Type.Literal("volley"), target: Type.String() }),
    prepare: ({ state: s, action: a }: { state: State; action: { target: string } }) => shipOf(s, a.target, "action.target"),
    plan: () => [],
    outcome: () => ({}),
    effects: () => ({ events: [] }),
    describe: () => "A volley.",
  };
}

describe("actions with resolve", () => {
  it("odds run resolve over the plan; a refused roll counts as its error code", () => {
    const s = state({}, [
      { id: "a", name: "Alpha", side: "x", hits: 0 },
      { id: "b", name: "Bravo", side: "y", hits: 0 },
    ]);
    const odds = toy.odds(s, act({ type: "salvo", ships: ["a", "b"] }));
    if (!odds.ok) throw new Error(odds.error.message);
    const jam = odds.value.outcomes.find((o) => o.outcome.error === "rules.illegal");
    expect(jam?.p).toBeCloseTo(11 / 36, 12);
    expect(odds.value.summary.sixes).toMatchObject({ "2": expect.closeTo(1 / 36, 12) });
  });
  it("checks again before plan, odds and resolve", () => {
    const a = act({ type: "salvo", ships: ["z"] });
    for (const r of [toy.plan(state(), a), toy.odds(state(), a), toy.resolve(state(), a, [[6]])]) {
      expect(r).toMatchObject({ ok: false, error: { code: "ship.unknown", path: "action.ships[0]" } });
    }
  });
  it("uses a cheaper exact distribution or the action's own odds when given", () => {
    const base = {
      type: "salvo",
      title: "Salvo",
      description: "",
      outcomeSchema: Type.Object({}),
      schema: Type.Object({ type: Type.Literal("salvo") }),
      plan: () => ok([entry("x", "d6", 1, "x")]),
      describe: () => "A salvo.",
    };
    const resolve = () => ok({ outcome: {}, events: [], followUps: [] });
    const viaDist = toyAction({ ...base, resolve, dist: () => ok(Dist.of({ cheap: true })) });
    expect(viaDist.odds(state(), act({ type: "salvo" }))).toMatchObject({
      ok: true,
      value: { outcomes: [{ outcome: { cheap: true }, p: 1 }] },
    });
    const own = toyAction({ ...base, resolve, odds: () => fail("rules.out-of-range", "too many", "ships") });
    expect(own.odds(state(), act({ type: "salvo" }))).toMatchObject({ ok: false, error: { code: "rules.out-of-range" } });
  });
});

describe("odds too large", () => {
  // Ten pairs of d6 as separate plan entries: 21^10 multiset combinations, past the odds limit.
  const barrage = toyAction({
    type: "barrage",
    title: "Barrage",
    description: "",
    outcomeSchema: Type.Object({}),
    schema: Type.Object({ type: Type.Literal("barrage") }),
    plan: () => ok(Array.from({ length: 10 }, (_, i) => entry(`gun${i}`, "d6", 2, "a gun"))),
    resolve: () => ok({ outcome: {}, events: [], followUps: [] }),
    describe: () => "A barrage.",
  });
  const a = act({ type: "barrage" });
  it("is an odds.too-large error by default, not a throw", () => {
    const rs = ruleSetFromHandlers<State>({ ...toy, handlers: [barrage] });
    expect(rs.odds(state(), a)).toMatchObject({ ok: false, error: { code: "odds.too-large", path: "action" } });
  });
  it("takes the rule set's own code and sentence", () => {
    const strict = ruleSetFromHandlers<State>({
      ...toy,
      handlers: [barrage],
      oddsTooLarge: { code: "rules.out-of-range", message: (d) => `no: ${d}` },
    });
    expect(strict.odds(state(), a)).toMatchObject({
      ok: false,
      error: { code: "rules.out-of-range", message: expect.stringMatching(/^no: /) },
    });
  });
});

describe("fields read off the schema", () => {
  it("lists every property but type and hidden ones, with labels, inputs, choices, defaults, bounds", () => {
    const schema = Type.Object({
      type: Type.Literal("x"),
      firer: Type.String({ label: "Firing ship", input: "ship" }),
      range: Type.Number({ minimum: 0, maximum: 12, label: "Range" }),
      rake: Type.Boolean({ default: false }),
      side: Type.Optional(Type.Union([Type.Literal("port"), Type.Literal("starboard")])),
      following: Type.Union([Type.String(), Type.Null()], { default: null, input: "ship", label: "Following" }),
      masts: Type.Array(Type.Integer(), { choices: [1, 2, 3] }),
      secret: Type.Optional(Type.String({ hidden: true })),
      arc: Type.Union([Type.Literal("broadside"), Type.Literal("fore-aft")], { valueLabels: { "fore-aft": "fore and aft" } }),
    });
    expect(fieldsOf(schema)).toEqual([
      { name: "firer", label: "Firing ship", type: "ship" },
      { name: "range", label: "Range", type: "number", min: 0, max: 12 },
      { name: "rake", label: "rake", type: "boolean", default: false },
      { name: "side", label: "side", type: "enum", values: ["port", "starboard"], optional: true },
      { name: "following", label: "Following", type: "ship", optional: true },
      { name: "masts", label: "masts", type: "enum", values: [1, 2, 3] },
      { name: "arc", label: "arc", type: "enum", values: ["broadside", "fore-aft"], valueLabels: { "fore-aft": "fore and aft" } },
    ]);
  });
  it("are the definitions a rule set lists", () => {
    expect(toy.actions[0]).toEqual({
      type: "volley",
      title: "Volley",
      description: "2d6 at a ship",
      fields: [{ name: "target", label: "Target", type: "ship" }],
    });
  });
});

describe("settings from SettingDef[]", () => {
  it("fills defaults; null and undefined are no settings", () => {
    expect(parseSettings(SETTINGS, undefined)).toEqual(ok({ hitOn: 7, loud: false, mode: "all" }));
    expect(parseSettings(SETTINGS, null)).toEqual(ok({ hitOn: 7, loud: false, mode: "all" }));
  });
  it("names the setting in every error", () => {
    expect(parseSettings(SETTINGS, { hitOn: 13 }, { hitOn: { maximum: 12 } })).toMatchObject({
      ok: false,
      error: { path: "settings.hitOn", message: "settings.hitOn must be at most 12; got 13." },
    });
    expect(parseSettings(SETTINGS, { mode: "some" })).toMatchObject({
      ok: false,
      error: { message: 'settings.mode must be one of "all", "one".' },
    });
    expect(parseSettings(SETTINGS, { loud: "yes" })).toMatchObject({ ok: false, error: { path: "settings.loud", code: "input.invalid" } });
    expect(parseSettings(SETTINGS, { lodu: true })).toMatchObject({
      ok: false,
      error: { path: "settings.lodu", message: "settings.lodu is not a known field (known: hitOn, loud, mode)." },
    });
    expect(parseSettings(SETTINGS, { hitOn: 7.5 }, { hitOn: { integer: true } })).toMatchObject({
      ok: false,
      error: { path: "settings.hitOn" },
    });
    expect(parseSettings(SETTINGS, [])).toMatchObject({ ok: false, error: { code: "input.invalid" } });
  });
});

describe("state helpers", () => {
  it("uniqueShipIds names the second ship with an id", () => {
    const a = { id: "a", name: "A", side: "x", hits: 0 };
    expect(uniqueShipIds([a, { ...a, id: "b" }, a])).toMatchObject({ ok: false, error: { path: "ships[2].id" } });
  });
  it("parseWindGameSettings fills wind and game defaults and stops at the first error", () => {
    const schemas = {
      wind: Type.Object({ from: Type.String({ default: "W" }) }, { additionalProperties: false, default: {} }),
      game: Type.Object({ turn: Type.Integer({ minimum: 1, default: 1 }) }, { additionalProperties: false, default: {} }),
      settings: SETTINGS,
    };
    expect(parseWindGameSettings({}, schemas)).toEqual(
      ok({ wind: { from: "W" }, game: { turn: 1 }, settings: { hitOn: 7, loud: false, mode: "all" } }),
    );
    expect(parseWindGameSettings({ game: { turn: 0 } }, schemas)).toMatchObject({ ok: false, error: { path: "game.turn" } });
  });
  it("applyPatch folds ship, wind and game patches and re-derives a patched ship", () => {
    const s: TableState<Ship, { from: string; strength: number }> = { ...state(), wind: { from: "W", strength: 2 }, game: { turn: 1 } };
    const next = applyPatch(s, { type: "hit", ship: "a", set: { hits: 3 }, wind: { strength: 4 }, game: { turn: 2 } }, (x) => ({
      ...x,
      name: x.hits > 2 ? "Alpha (battered)" : x.name,
    }));
    expect(next).toMatchObject({ ships: [{ hits: 3, name: "Alpha (battered)" }], wind: { from: "W", strength: 4 }, game: { turn: 2 } });
    expect(applyPatch(s, { type: "noted", ship: "a" })).toBe(s);
  });
  it("actingShip names the action field when the ship is unknown or cannot act", () => {
    const ships = state().ships;
    expect(actingShip(ships, "a", "firer")).toEqual(ok(ships[0]));
    expect(actingShip(ships, "z", "firer")).toMatchObject({ ok: false, error: { code: "ship.unknown", path: "action.firer" } });
    const sunk = actingShip(ships, "a", "target", (x) => `${x.name} has sunk.`);
    expect(sunk).toEqual(fail("rules.illegal", "Alpha has sunk.", "action.target"));
  });
});
