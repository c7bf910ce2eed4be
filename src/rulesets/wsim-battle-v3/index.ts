/**
 * `wsim-battle-v3` (wsim-battle-rules-v3.txt): the v3 battle rules for Wooden Ships & Iron Men. The base game's
 * Fire and Critical Hit tables come from a club data file; without one the person reads them (`choose`).
 */
import { ruleSetFromHandlers } from "../../game/action-kit.ts";
import type { RuleSet, TurnDef } from "../../game/types.ts";
import { CONTACT } from "./contact.ts";
import { CRITICALS } from "./criticals.ts";
import { WSIM_DATA_FILE } from "./data.ts";
import { DICE } from "./dice.ts";
import { applyWsimEvent } from "./events.ts";
import { fire } from "./fire.ts";
import { fireResult } from "./fire-follow-ups.ts";
import { mark } from "./mark.ts";
import { melee } from "./melee.ts";
import { meleeLosses } from "./melee-losses.ts";
import { sailMove } from "./move-action.ts";
import { plotMove } from "./movement.ts";
import { formParty } from "./parties.ts";
import { SETTINGS } from "./settings.ts";
import { signal } from "./signals.ts";
import { parseWsimState, SHIP_FIELDS, type WsimState } from "./state.ts";
import { TURN } from "./turn.ts";
import { wsimShipViews, wsimWindView } from "./views.ts";
import { WIND } from "./wind.ts";

const HANDLERS = [
  ...WIND,
  ...TURN,
  ...CONTACT,
  mark,
  signal,
  plotMove,
  sailMove,
  fire,
  fireResult,
  ...CRITICALS,
  formParty,
  melee,
  meleeLosses,
];

/**
 * The turn as far as v3 names it: wind change, then signalling ("just after the wind change phase"), movement,
 * boarding preparation, fire, melee. The base game's full sequence is not in our text. What each phase plays: the
 * fire phase's critical hits and what they lead to; grappling and collisions while ships move. Set-up, the timer,
 * the log's marks and a new leader belong to no phase. The turn ends with `next-turn`: "a change takes effect next
 * turn" (the wind announced comes in) and signals due are delivered; it counts the turn.
 */
const TURN_DEF: TurnDef = {
  phases: [
    { name: "wind change", actions: ["wind", "wind-shift"], opens: "wind" },
    { name: "signalling", actions: ["signal"], taps: "signal" },
    // the plot judges a move made (the CLI's table.before), but the ships move in the movement phase that follows
    { name: "movement plotting", actions: ["plot"], taps: "plot", moves: false },
    { name: "movement", actions: ["move", "grapple", "collision"], taps: "move" },
    { name: "boarding preparation", actions: ["form-party"] },
    { name: "fire combat", actions: ["fire", "fire-result", "critical", "broadside-loss", "leader-casualty"], taps: "fire" },
    { name: "melee", actions: ["melee", "melee-losses"], taps: "melee" },
    { name: "end of turn", actions: ["next-turn"] },
  ],
  ends: { action: "next-turn", purpose: "Next turn: the wind announced comes in, signals due arrive" },
};

export const wsimBattleV3: RuleSet<WsimState> = ruleSetFromHandlers({
  id: "wsim-battle-v3",
  title: "WS&IM battle rules v3",
  // a two-hex counter on a 1″ grid: a 20 × 50 mm base spans its bow and stern hexes (docs/rules/wsim-battle-v3.md)
  defaultBase: { width: 20, length: 50 },
  description: "Optional battle rules (v3) for Wooden Ships & Iron Men",
  settings: SETTINGS,
  dice: DICE,
  shipFields: SHIP_FIELDS,
  handlers: HANDLERS,
  turn: TURN_DEF,
  dataFile: WSIM_DATA_FILE,
  parseState: (raw, data) => parseWsimState(raw, data),
  applyEvent: applyWsimEvent,
  windView: wsimWindView,
  shipViews: wsimShipViews,

  turnOf: (state) => state.game.turn,
});
