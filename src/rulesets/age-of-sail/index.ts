/**
 * `age-of-sail` (age-of-sail-simple.txt): an open table in cm, a living 8-point wind, speed by masts and point of
 * sail, gun-deck broadsides at hull or sails, fire, boarding and the admiral who inflicts the most damage.
 */
import { ruleSetFromHandlers } from "../../game/action-kit.ts";
import type { RuleSet } from "../../game/types.ts";
import { BOARDING } from "./boarding.ts";
import { DICE } from "./dice.ts";
import { applyAosEvent } from "./events.ts";
import { FIRE } from "./fire.ts";
import { HAZARDS } from "./hazards.ts";
import { AOS_BASE } from "./move.ts";
import { phaseNames, ROUND, TURN_DEF } from "./round.ts";
import { SAILING } from "./sailing.ts";
import { SETTINGS } from "./settings.ts";
import { type AosState, parseAosState, SHIP_FIELDS } from "./state.ts";
import { aosVictory } from "./victory.ts";
import { aosShipViews, aosWindView } from "./views.ts";

const HANDLERS = [...ROUND, ...SAILING, ...FIRE, ...HAZARDS, ...BOARDING];

export const ageOfSail: RuleSet<AosState> = ruleSetFromHandlers({
  id: "age-of-sail",
  title: "Age of Sail",
  defaultBase: AOS_BASE,
  description: "Simple age-of-sail rules with a living 8-point wind, in cm",
  settings: SETTINGS,
  dice: DICE,
  shipFields: SHIP_FIELDS,
  handlers: HANDLERS,
  turn: TURN_DEF,
  turnOf: (state) => state.game.round,
  phaseNames,
  parseState: (raw) => parseAosState(raw),
  applyEvent: applyAosEvent,
  windView: aosWindView,
  shipViews: aosShipViews,
  victory: aosVictory,
});
