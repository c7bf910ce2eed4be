/**
 * `anglo-dutch-1666`: "1666 – Naval Rules for fleet actions of the Anglo-Dutch Wars" (Tim Kohler 2014), on a hex
 * cloth, with the appendices' weather and deployment rules. Each action lives in its own module as a
 * action written with `adAction` (common.ts); this file validates state, dispatches, and folds events.
 */

import { Type } from "@sinclair/typebox";
import { applyPatch, parseWindGameSettings, ruleSetFromHandlers, uniqueShipIds } from "../../game/action-kit.ts";
import { parseWith } from "../../game/schema.ts";
import { baseProblem } from "../../game/ship-base.ts";
import type { RuleSet } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { board, lightFireShip, separate } from "./boarding.ts";
import { initiative } from "./command.ts";
import { normalize } from "./common.ts";
import { critical, fireCheck, gunDeckSwept, helm } from "./criticals.ts";
import { stepCount } from "./damage.ts";
import { DICE } from "./dice.ts";
import { fire } from "./fire.ts";
import { angloDutchGameEnd } from "./game-end.ts";
import { grapple, placement } from "./grapple.ts";
import { move } from "./move-action.ts";
import { type AdState, GameSchema, SHIP_FIELDS, type Ship, ShipSchema, WindSchema } from "./schema.ts";
import { SETTING_LIMITS, SETTINGS } from "./settings.ts";
import { setupWarnings } from "./setup-warnings.ts";
import { deployment, deploymentRedirect, endTurn, fires } from "./turn.ts";
import { shipView, windView } from "./views.ts";
import { galeSurvival, setWind, windRoll, windStrength } from "./wind.ts";

const HANDLERS = [
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

function parseShips(raw: unknown): Result<Ship[]> {
  const badBase = baseProblem(raw);
  if (badBase) return { ok: false, error: badBase };
  const list = parseWith(Type.Array(ShipSchema, { default: [] }), raw, "ships");
  if (!list.ok) return list;
  const unique = uniqueShipIds(list.value);
  if (!unique.ok) return unique;
  const seen = new Set(list.value.map((s) => s.id));
  for (const [i, s] of list.value.entries()) {
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

export const angloDutch1666: RuleSet<AdState> = ruleSetFromHandlers({
  id: "anglo-dutch-1666",
  title: "Anglo-Dutch 1666",
  // "designed for 1/2400 scale models and 2” across hexes": a base that fits one hex (docs/rules/anglo-dutch-1666.md)
  defaultBase: { width: 15, length: 40 },
  description: "1666 – fleet actions of the Anglo-Dutch Wars 1652–74 on a hex cloth (Tim Kohler 2014), with weather and deployment",
  settings: SETTINGS,
  dice: DICE,
  shipFields: SHIP_FIELDS,
  handlers: HANDLERS,
  // the Move Sequence; fire ships "may be fired at the beginning of a turn" (before movement); friends in one hex
  // "check for collisions, as if … attempting to grapple" while moving, and a collision or a boarding winner separates.
  // Set-up (wind, deployment) is in none. The move ends with `end-turn`: owed fire rolls ("roll 1D ave each move"),
  // fire ships burning down, swept gun decks counted down, sinking ships drifting in strong winds; it counts the move.
  turn: {
    phases: [
      { name: "wind", actions: ["wind", "wind-strength", "gale-survival", "light-fire-ship"], opens: "wind" },
      { name: "initiative", actions: ["initiative", "light-fire-ship"], opens: "initiative" },
      { name: "movement", actions: ["move", "grapple", "placement", "separate"], taps: "move" },
      { name: "fire and boarding", actions: ["fire", "grapple", "placement", "board", "separate"], taps: "fire" },
      { name: "criticals, fires and recovery", actions: ["critical", "gun-deck-swept", "helm", "fires", "fire-check"], opens: "fires" },
    ],
    ends: { action: "end-turn", purpose: "End of move: fires, fire ships, swept gun decks, sinking ships" },
  },
  parseState(raw) {
    const ships = parseShips(raw.ships);
    if (!ships.ok) return ships;
    const rest = parseWindGameSettings(raw, { wind: WindSchema, game: GameSchema, settings: SETTINGS, limits: SETTING_LIMITS });
    if (!rest.ok) return rest;
    return ok({ ships: ships.value, ...rest.value, data: null });
  },
  oddsTooLarge: {
    code: "rules.out-of-range",
    message: (detail) => `Too many dice combinations for exact odds (${detail}).`,
  },
  applyEvent: (state, event) => applyPatch(state, event, normalize),
  windView,
  shipViews: (state) => state.ships.map((s) => shipView(state, s)),

  turnOf: (state) => state.game.turn,
  setupWarnings,
  gameEnd: angloDutchGameEnd,
});
