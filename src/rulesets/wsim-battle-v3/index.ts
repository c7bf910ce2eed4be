/**
 * `wsim-battle-v3` (wsim-battle-rules-v3.txt): the v3 battle rules for Wooden Ships & Iron Men. The base game's
 * Fire and Critical Hit tables come from a club data file; without one the person reads them (`choose`).
 */
import type { RuleSet } from "../../game/types.ts";
import { handlerOf, oddsWith, parseActionWith } from "../age-of-sail/kit.ts";
import { CRITICALS } from "./criticals.ts";
import { WSIM_DATA_FILE } from "./data.ts";
import { applyWsimEvent } from "./events.ts";
import { fire, fireResult } from "./fire.ts";
import { MELEE } from "./melee.ts";
import { plotMove } from "./movement.ts";
import { SETTINGS } from "./settings.ts";
import { signal } from "./signals.ts";
import { parseWsimState, type WsimState } from "./state.ts";
import { TURN } from "./turn.ts";
import { wsimDescribe, wsimShipViews, wsimWindView } from "./views.ts";

const HANDLERS = [...TURN, signal, plotMove, fire, fireResult, ...CRITICALS, ...MELEE];

/**
 * The turn as far as v3 names it: wind change, then signalling ("just after the wind change phase"), movement,
 * boarding preparation, fire, melee. The base game's full sequence is not in our text.
 */
export const PHASES = [
  "wind change",
  "signalling",
  "movement plotting",
  "movement",
  "boarding preparation",
  "fire combat",
  "melee",
  "end of turn",
];

export const wsimBattleV3: RuleSet<WsimState> = {
  id: "wsim-battle-v3",
  title: "WS&IM battle rules v3",
  description: "Optional battle rules (v3) for Wooden Ships & Iron Men",
  settings: SETTINGS,
  actions: HANDLERS.map((h) => h.def),
  phases: PHASES,
  dataFile: WSIM_DATA_FILE,
  parseState: (raw, data) => parseWsimState(raw, data),
  parseAction: (state, raw) => parseActionWith(HANDLERS, state, raw),
  plan(state, action) {
    const h = handlerOf(HANDLERS, action);
    return h.ok ? h.value.plan(state, action) : h;
  },
  odds: (state, action) => oddsWith(HANDLERS, state, action),
  resolve(state, action, dice) {
    const h = handlerOf(HANDLERS, action);
    return h.ok ? h.value.resolve(state, action, dice) : h;
  },
  applyEvent: applyWsimEvent,
  windView: wsimWindView,
  shipViews: wsimShipViews,
  describe: wsimDescribe,
};
