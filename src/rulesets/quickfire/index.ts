/**
 * The `quickfire` rule set: Quickfire pre-dreadnought era fast-play rules (WTJ), text
 * `quickfire-pre-dreadnought.txt`. No wind. The combat chart is a replaceable data file (house default shipped).
 */

import { type ActionHandler, parseSettings, ruleSetFromHandlers, uniqueShipIds } from "../../game/action-kit.ts";
import { parseWith } from "../../game/schema.ts";
import { baseProblem } from "../../game/ship-base.ts";
import type { RuleSet } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type Chart, HOUSE_LABEL, houseChart, parseChart } from "./chart.ts";
import { damageRollAction, directionAction } from "./damage-rolls.ts";
import { DICE } from "./dice.ts";
import { applyQuickfireEvent } from "./events.ts";
import { gunneryAction, quickfireAttackAction } from "./gunnery-actions.ts";
import { initiativeAction } from "./initiative.ts";
import { endPhaseAction, moveAction } from "./movement.ts";
import { fireAction, repairAction, sinkingAction } from "./repair.ts";
import { SETTINGS } from "./settings.ts";
import { GameSchema, PHASES, type QuickfireSettings, type QuickfireState, SHIP_FIELDS, type Ship, ShipSchema } from "./ship.ts";
import { torpedoAction, torpedoDamageAction } from "./torpedo.ts";
import { shipView } from "./views.ts";

export { HOUSE_LABEL, houseChart, parseChart } from "./chart.ts";

const ACTIONS: readonly ActionHandler<QuickfireState>[] = [
  gunneryAction,
  quickfireAttackAction,
  torpedoAction,
  torpedoDamageAction,
  damageRollAction,
  directionAction,
  fireAction,
  repairAction,
  sinkingAction,
  moveAction,
  endPhaseAction,
  initiativeAction,
];

/** Log values that cannot exceed the ratings they are marked against. */
function checkShip(ship: Ship, i: number): Result<Ship> {
  const over = (
    [
      ["heavyRofLost", ship.heavyRof],
      ["lightRofLost", ship.lightRof],
      ["torpedoLost", ship.torpedo],
      ["repairUsed", ship.repair],
    ] as const
  ).find(([field, max]) => ship[field] + ship.pending[field] > max);
  if (over) return fail("input.invalid", `ships[${i}].${over[0]} is more than the ship's rating of ${over[1]}.`, `ships[${i}].${over[0]}`);
  return ok(ship);
}

function parseShips(raw: unknown): Result<Ship[]> {
  if (!Array.isArray(raw)) return fail("input.invalid", "ships must be an array of ship logs.", "ships");
  const badBase = baseProblem(raw);
  if (badBase) return { ok: false, error: badBase };
  const ships: Ship[] = [];
  for (const [i, r] of raw.entries()) {
    const parsed = parseWith(ShipSchema, r, `ships[${i}]`);
    if (!parsed.ok) return parsed;
    const checked = checkShip({ ...parsed.value, name: parsed.value.name ?? parsed.value.id }, i);
    if (!checked.ok) return checked;
    ships.push(checked.value);
  }
  const unique = uniqueShipIds(ships);
  return unique.ok ? ok(ships) : unique;
}

/** Every phase ends with `end-phase` (1.4). */
const END_PHASE = { action: "end-phase", purpose: "End of the phase" } as const;

export const quickfire: RuleSet<QuickfireState> = ruleSetFromHandlers({
  id: "quickfire",
  title: "Quickfire",
  // "For 1/3000 scale miniature bases a standard size range of ¾" x 2" (20mm x 50mm) for most capital ships"
  defaultBase: { width: 20, length: 50 },
  description:
    "Quickfire pre-dreadnought naval rules, c. 1890–1905: ROF and gunnery dice, blast damage, torpedoes, fires, repairs, sinking",
  settings: SETTINGS,
  dice: DICE,
  shipFields: SHIP_FIELDS,
  handlers: ACTIONS,
  // display labels of the turn sequence (1.4); `game.phase` holds the matching ids of PHASES
  // The turn sequence (1.4), its display labels; `game.phase` holds the matching ids of PHASES. Who moves first is
  // diced at the start of the turn; torpedoes "only in the second of a turn's two firing phases". Torpedo hits, blasts
  // and direction hits are rolls the rules demand. Every phase ends with `end-phase`: slashes become losses
  // ("effective at the end of the phase"), fires roll on entering repair, and the last ends the turn with the sinking
  // rolls of ships at zero speed.
  turn: {
    phases: [
      {
        name: "Movement",
        purpose: "Both sides move their ships: tap a ship to record her move.",
        actions: ["move", "initiative"],
        taps: "move",
        ends: END_PHASE,
      },
      { name: "First gunnery", actions: ["gunnery", "quickfire-attack"], taps: "gunnery", ends: END_PHASE },
      { name: "Second gunnery and torpedoes", actions: ["gunnery", "quickfire-attack", "torpedo"], taps: "gunnery", ends: END_PHASE },
      {
        name: "Repair: fires, repairs, sinking",
        purpose: "Fires burn, then each ship may spend repair dice: tap a ship to repair her.",
        actions: ["fire", "repair", "sinking"],
        taps: "repair",
        ends: END_PHASE,
      },
    ],
  },
  phaseOf: (state) => (state.game.phase === null ? null : PHASES.indexOf(state.game.phase)),
  dataFile: {
    description: `Quickfire combat chart (gunnery columns, blast lines, torpedo table, damage table, repairs, sinking); default: ${HOUSE_LABEL}`,
    parse: parseChart,
  },
  parseState(raw, data) {
    if (raw.wind !== undefined && raw.wind !== null) return fail("input.invalid", "Quickfire has no wind; leave wind out.", "wind");
    const ships = parseShips(raw.ships ?? []);
    if (!ships.ok) return ships;
    const game = parseWith(GameSchema, raw.game, "game");
    if (!game.ok) return game;
    const settings = parseSettings(SETTINGS, raw.settings);
    if (!settings.ok) return settings;
    return ok({
      ships: ships.value,
      wind: null,
      game: game.value,
      settings: settings.value as QuickfireSettings,
      data: (data as Chart | undefined) ?? houseChart(),
    });
  },
  applyEvent: applyQuickfireEvent,
  windView: () => null,
  shipViews: (state) => state.ships.map((s) => shipView(state, s)),
  turnOf: (state) => state.game.turn,
});
