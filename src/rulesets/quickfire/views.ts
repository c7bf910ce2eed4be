/**
 * A quickfire ship drawn like its paper log (text 1.3 "Ship Log"): speed boxes, ROF, torpedo and repair tracks,
 * fires and direction hits as status words.
 */
import { type Severity, StatusWords } from "../../game/ship-status.ts";
import { shipViewOf } from "../../game/ship-view.ts";
import type { ShipView } from "../../game/types.ts";
import { HOUSE_LABEL } from "./chart.ts";
import { DIRECTION_TABLE } from "./damage-rolls.ts";
import { availableSpeed, currentRof, currentTorpedo, type QuickfireState, type Ship } from "./ship.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function status(ship: Ship): { status: string[]; severity: Severity[] } {
  const w = new StatusWords();
  if (ship.sunk) w.say("sunk", "out");
  if (ship.fires > 0) w.say(`on fire (${plural(ship.fires, "fire", "fires")})`, "danger");
  if (!ship.sunk && ship.speedLost >= 8) w.say("zero speed — in danger of sinking", "danger");
  if (ship.torpedoSpent) w.say("torpedoes spent", "fine");
  for (const r of ship.directionHits) w.say(`direction hit: ${DIRECTION_TABLE[r] ?? r}`, "damaged");
  const p = ship.pending;
  const slashes = p.speedLost + p.heavyRofLost + p.lightRofLost + p.torpedoLost + p.repairUsed;
  if (slashes > 0) w.say(`${plural(slashes, "hit", "hits")} ${slashes === 1 ? "takes" : "take"} effect at the end of the phase`, "worn");
  return w.view();
}

/** One ship's view. */
export function shipView(state: QuickfireState, ship: Ship): ShipView {
  const p = ship.pending;
  return shipViewOf(ship, status(ship), {
    tracks: [
      { label: `Speed ${ship.speedBoxes.join("/")}`, boxes: 8, marked: Math.min(8, ship.speedLost + p.speedLost) },
      { label: "Heavy ROF", boxes: ship.heavyRof, marked: Math.min(ship.heavyRof, ship.heavyRofLost + p.heavyRofLost) },
      { label: "Light ROF", boxes: ship.lightRof, marked: Math.min(ship.lightRof, ship.lightRofLost + p.lightRofLost) },
      {
        label: "Torpedo",
        boxes: ship.torpedo,
        marked: ship.torpedoSpent ? ship.torpedo : Math.min(ship.torpedo, ship.torpedoLost + p.torpedoLost),
      },
      { label: "Repair points", boxes: ship.repair, marked: Math.min(ship.repair, ship.repairUsed + p.repairUsed) },
    ],
    facts: [
      { label: "Size", value: String(ship.size) },
      { label: "Heavy gun / armor", value: `${ship.heavyGun}${ship.blastCap ? ` (blast cap ${ship.blastCap})` : ""} / ${ship.heavyArmor}` },
      { label: "Light gun / armor", value: `${ship.lightGun} / ${ship.lightArmor}` },
      { label: "ROF now (heavy / light)", value: `${currentRof(ship, "heavy")} / ${currentRof(ship, "light")}` },
      { label: "Torpedo rating now", value: String(currentTorpedo(ship)) },
      { label: "Available speed", value: String(availableSpeed(ship)) },
      { label: "Extra S hits", value: String(Math.max(0, ship.speedLost - 8)) },
      { label: "Moved this turn / last turn", value: `${ship.moved} / ${ship.lastSpeed ?? "—"}` },
      { label: "Chart", value: state.data.label === HOUSE_LABEL ? HOUSE_LABEL : `club chart: ${state.data.label}` },
    ],
  });
}
