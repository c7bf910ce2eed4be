/**
 * `sole-bay-1672`: Fast Play Naval Rules for the Battle of Sole Bay, 28 May 1672 (sole-bay-1672-fast-play.txt).
 * Every action is an {@link ActionHandler} in `actions/`; this file assembles them into the RuleSet.
 */

import { type ActionHandler, ruleSetFromHandlers } from "../../game/action-kit.ts";
import type { RuleSet } from "../../game/types.ts";
import { boardingRound, breakOff } from "./actions/boarding.ts";
import { broadside } from "./actions/broadside.ts";
import { collision, collisionDamage } from "./actions/collision.ts";
import { breakpoint, initiative, setWind } from "./actions/command.ts";
import { endMovement } from "./actions/end-movement.ts";
import { endTurn } from "./actions/end-turn.ts";
import { explosionHits, explosionRadius, explosionRoll } from "./actions/explosion.ts";
import { fireDamage, fireFighting, fireFireship, fireshipEnsnare, fireshipExplosion } from "./actions/fireship.ts";
import { flagOfficerRetire, flagOfficerRisk } from "./actions/flag-officer.ts";
import { grapple } from "./actions/grapple.ts";
import { backingSail, movement, tacking } from "./actions/movement.ts";
import { DICE } from "./dice.ts";
import { applyEvent } from "./events.ts";
import { soleBayGameEnd } from "./game-end.ts";
import { SOLE_BAY_BASE } from "./move.ts";
import { SETTING_DEFS } from "./settings.ts";
import { SHIP_FIELDS } from "./ship.ts";
import { squadronBreakpoints } from "./squadron.ts";
import { parseState, type SoleBayState } from "./state.ts";
import { RANGE_BANDS } from "./tables.ts";
import { shipViews, windView } from "./views.ts";

const HANDLERS: readonly ActionHandler<SoleBayState>[] = [
  broadside,
  movement,
  backingSail,
  tacking,
  endMovement,
  endTurn,
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

export const soleBay1672: RuleSet<SoleBayState> = ruleSetFromHandlers({
  id: "sole-bay-1672",
  title: "Sole Bay 1672",
  defaultBase: SOLE_BAY_BASE,
  // "Range is measured base to base": the broadside's bands as the table's map draws them
  rangeRings: { broadside: RANGE_BANDS.map((b) => ({ label: `${b.band} ${b.maxInches}″`, mm: b.maxInches * 25.4 })) },
  // "all ships within 1D6 inches": the rolled radius round the exploding ship
  actionRings: {
    "explosion-hits": (a) => (typeof a.radius === "number" && a.radius > 0 ? [{ label: `${a.radius}″`, mm: a.radius * 25.4 }] : []),
  },
  description: "Fast Play Naval Rules for the Battle of Sole Bay, 1672",
  settings: SETTING_DEFS,
  dice: DICE,
  shipFields: SHIP_FIELDS,
  handlers: HANDLERS,
  // The Turn Sequence: "1. Initiative 2. Movement / Collisions 3. Broadsides / Boarding". Fireships are fired and burn
  // "during the movement phase", fire damage "per move": leaving the movement phase prompts the fires' and fireships'
  // rolls however the models were moved. A boarding action goes on "in the next initiative phase". Fire fighting has
  // no phase in the text; the rest are set-up or rolls the rules demand. The table counts the turns; leaving the last
  // phase plays the turn's end (no dice), so what held for the turn is over even when its initiative was skipped.
  turn: {
    phases: [
      { name: "Initiative", actions: ["initiative", "boarding-round", "break-off"], opens: "initiative" },
      {
        name: "Movement / Collisions",
        actions: [
          "movement",
          "backing-sail",
          "tacking",
          "collision",
          "fire-fireship",
          "fireship-explosion",
          "fireship-ensnare",
          "fire-damage",
        ],
        taps: "movement",
        ends: { action: "end-movement", purpose: "End of movement: burning ships and fireships roll" },
      },
      { name: "Broadsides / Boarding", actions: ["broadside", "grapple", "boarding-round", "break-off"], taps: "broadside" },
    ],
    ends: { action: "end-turn", purpose: "End of the turn: both broadsides ready again" },
  },
  parseState: (raw) => parseState(raw),
  applyEvent,
  windView,
  shipViews,
  breakpoints: squadronBreakpoints,
  gameEnd: soleBayGameEnd,
});
