/**
 * `anglo-dutch-1666`: "1666 – Naval Rules for fleet actions of the Anglo-Dutch Wars" (Tim Kohler 2014), on a hex
 * cloth, with the appendices' weather and deployment rules. Each action lives in its own module as a
 * {@link Handler}; this file validates state, dispatches, and folds events.
 */
import { Type } from "@sinclair/typebox";
import { fail, ok, type Result } from "../../game/result.ts";
import { parseWith } from "../../game/schema.ts";
import type { Action, GameEvent, RuleSet } from "../../game/types.ts";
import { oddsOverPlan } from "../../odds/plan-odds.ts";
import { board, grapple, lightFireShip, placement, separate } from "./boarding.ts";
import { initiative } from "./command.ts";
import { type Handler, normalize } from "./common.ts";
import { critical, fireCheck, gunDeckSwept, helm } from "./criticals.ts";
import { stepCount } from "./damage.ts";
import { fire } from "./fire.ts";
import { move } from "./move-action.ts";
import { type AdState, GameSchema, type Ship, ShipSchema, WindSchema } from "./schema.ts";
import { parseSettings, SETTINGS } from "./settings.ts";
import { deployment, deploymentRedirect, endTurn, fires } from "./turn.ts";
import { describe, shipView, windView } from "./views.ts";
import { galeSurvival, setWind, windRoll, windStrength } from "./wind.ts";

const HANDLERS: readonly Handler[] = [
  setWind,
  windRoll,
  windStrength,
  galeSurvival,
  initiative,
  move,
  fire,
  critical,
  fireCheck,
  gunDeckSwept,
  helm,
  grapple,
  placement,
  board,
  separate,
  lightFireShip,
  fires,
  endTurn,
  deployment,
  deploymentRedirect,
];

const noHandler = (action: Action) => fail("rules.illegal", `anglo-dutch-1666 has no action "${String(action.type)}".`, "action.type");

/** The action's handler, with the action checked again, so plan/odds/resolve never see an unchecked action. */
function checked(state: AdState, action: Action): Result<Handler> {
  const h = HANDLERS.find((x) => x.def.type === action.type);
  if (!h) return noHandler(action);
  const c = h.check ? h.check(state, action) : ok(action);
  return c.ok ? ok(h) : c;
}

function parseShips(raw: unknown): Result<Ship[]> {
  const list = parseWith(Type.Array(ShipSchema, { default: [] }), raw, "ships");
  if (!list.ok) return list;
  const seen = new Set<string>();
  for (const [i, s] of list.value.entries()) {
    if (seen.has(s.id)) return fail("input.invalid", `ships[${i}].id "${s.id}" is used twice.`, `ships[${i}].id`);
    seen.add(s.id);
    if (s.damage > s.hullPoints)
      return fail("input.invalid", `ships[${i}].damage ${s.damage} is more than her ${s.hullPoints} hull points.`, `ships[${i}].damage`);
    const n = stepCount(s.guns);
    if (s.fireByStep && s.fireByStep.length !== n) {
      return fail("input.invalid", `ships[${i}].fireByStep needs ${n} values (one a step for ${s.guns} guns).`, `ships[${i}].fireByStep`);
    }
  }
  for (const [i, s] of list.value.entries()) {
    if (s.grappledWith !== null && !seen.has(s.grappledWith)) {
      return fail("ship.unknown", `ships[${i}].grappledWith names no ship ("${s.grappledWith}").`, `ships[${i}].grappledWith`);
    }
  }
  return ok(list.value.map(normalize));
}

function applyEvent(state: AdState, event: GameEvent): AdState {
  let next = state;
  if (typeof event.ship === "string" && event.set && typeof event.set === "object") {
    const set = event.set as Partial<Ship>;
    next = { ...next, ships: next.ships.map((s) => (s.id === event.ship ? normalize({ ...s, ...set }) : s)) };
  }
  if (event.wind && typeof event.wind === "object") next = { ...next, wind: event.wind as AdState["wind"] };
  if (event.game && typeof event.game === "object") next = { ...next, game: { ...next.game, ...(event.game as object) } };
  return next;
}

export const angloDutch1666: RuleSet<AdState> = {
  id: "anglo-dutch-1666",
  title: "Anglo-Dutch 1666",
  description: "1666 – fleet actions of the Anglo-Dutch Wars 1652–74 on a hex cloth (Tim Kohler 2014), with weather and deployment",
  settings: SETTINGS,
  actions: HANDLERS.map((h) => h.def),
  phases: ["wind", "initiative", "movement", "fire and boarding", "criticals, fires and recovery"],
  parseState(raw) {
    const ships = parseShips(raw.ships);
    if (!ships.ok) return ships;
    const wind = parseWith(WindSchema, raw.wind, "wind");
    if (!wind.ok) return wind;
    const game = parseWith(GameSchema, raw.game, "game");
    if (!game.ok) return game;
    const settings = parseSettings(raw.settings);
    if (!settings.ok) return settings;
    return ok({ ships: ships.value, wind: wind.value, game: game.value, settings: settings.value, data: null });
  },
  parseAction(state, raw) {
    const type = (raw as { type?: unknown } | null)?.type;
    const h = HANDLERS.find((x) => x.def.type === type);
    if (!h) return fail("rules.illegal", `anglo-dutch-1666 has no action "${String(type)}".`, "action.type");
    const parsed = parseWith(h.schema, raw, "action");
    if (!parsed.ok) return parsed;
    return h.check ? h.check(state, parsed.value as Action) : ok(parsed.value as Action);
  },
  plan(state, action) {
    const h = checked(state, action);
    return h.ok ? ok(h.value.plan(state, action)) : h;
  },
  odds(state, action) {
    const c = checked(state, action);
    if (!c.ok) return c;
    const h = c.value;
    if (h.odds) return h.odds(state, action);
    try {
      const dist = oddsOverPlan(h.plan(state, action), (groups) => {
        const r = h.resolve(state, action, groups);
        return r.ok ? r.value.outcome : { error: r.error.code };
      });
      return ok({ outcomes: dist.entries.map(({ value, p }) => ({ outcome: value, p })), summary: h.summary?.(dist) ?? {} });
    } catch (e) {
      if (e instanceof RangeError) return fail("rules.out-of-range", `Too many dice combinations for exact odds (${e.message}).`, "action");
      throw e;
    }
  },
  resolve(state, action, dice) {
    const h = checked(state, action);
    return h.ok ? h.value.resolve(state, action, dice) : h;
  },
  applyEvent,
  windView,
  shipViews: (state) => state.ships.map((s) => shipView(state, s)),
  describe,
};
