/**
 * `sole-bay-1672`: Fast Play Naval Rules for the Battle of Sole Bay, 28 May 1672 (sole-bay-1672-fast-play.txt).
 * Every action is an {@link ActionHandler} in `actions/`; this file assembles them into the RuleSet.
 */
import { fail } from "../../game/result.ts";
import type { Action, RuleSet } from "../../game/types.ts";
import { boardingRound, breakOff, grapple } from "./actions/boarding.ts";
import { broadside } from "./actions/broadside.ts";
import { collision, collisionDamage } from "./actions/collision.ts";
import { breakpoint, initiative, setWind } from "./actions/command.ts";
import { explosionHits, explosionRadius, explosionRoll } from "./actions/explosion.ts";
import { fireDamage, fireFighting, fireFireship, fireshipEnsnare, fireshipExplosion } from "./actions/fireship.ts";
import { flagOfficerRetire, flagOfficerRisk } from "./actions/flag-officer.ts";
import { backingSail, movement, tacking } from "./actions/movement.ts";
import { applyEvent } from "./events.ts";
import type { ActionHandler } from "./handler.ts";
import { SETTING_DEFS } from "./settings.ts";
import { parseState, type SoleBayState } from "./state.ts";
import { shipViews, windView } from "./views.ts";

const HANDLERS: readonly ActionHandler[] = [
  broadside,
  movement,
  backingSail,
  tacking,
  collision,
  collisionDamage,
  grapple,
  boardingRound,
  breakOff,
  flagOfficerRisk,
  flagOfficerRetire,
  explosionRoll,
  explosionRadius,
  explosionHits,
  fireFireship,
  fireshipExplosion,
  fireshipEnsnare,
  fireDamage,
  fireFighting,
  breakpoint,
  initiative,
  setWind,
];

const handlerFor = (type: unknown) => HANDLERS.find((h) => h.def.type === type);
const unknownAction = (type: unknown) =>
  fail(
    "rules.illegal",
    `sole-bay-1672 has no action "${String(type)}" (it has: ${HANDLERS.map((h) => h.def.type).join(", ")}).`,
    "action.type",
  );

function dispatch<T>(action: Action | unknown, run: (h: ActionHandler) => T): T | ReturnType<typeof unknownAction> {
  const type = (action as { type?: unknown } | null)?.type;
  const h = handlerFor(type);
  return h ? run(h) : unknownAction(type);
}

export const soleBay1672: RuleSet<SoleBayState> = {
  id: "sole-bay-1672",
  title: "Sole Bay 1672",
  description: "Fast Play Naval Rules for the Battle of Sole Bay, 1672",
  settings: SETTING_DEFS,
  actions: HANDLERS.map((h) => h.def),
  phases: ["Initiative", "Movement / Collisions", "Broadsides / Boarding"],
  parseState: (raw) => parseState(raw),
  parseAction: (state, raw) => dispatch(raw, (h) => h.parse(state, raw)),
  plan: (state, action) => dispatch(action, (h) => h.plan(state, action)),
  odds: (state, action) => dispatch(action, (h) => h.odds(state, action)),
  resolve: (state, action, dice) => dispatch(action, (h) => h.resolve(state, action, dice)),
  applyEvent,
  windView,
  shipViews,
  describe: (state, action, outcome) => handlerFor(action.type)?.describe(state, outcome) ?? action.type,
};
