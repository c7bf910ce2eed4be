/**
 * How a sole-bay-1672 table is shown: the windward edge for the dial and each ship drawn like its roster entry
 * (four tracks of hull boxes, one per damage level).
 */
import type { ShipView, WindView } from "../../game/types.ts";
import { bearingDegrees } from "../../wind/compass.ts";
import type { SoleBayState } from "./state.ts";
import { BOXES_PER_LEVEL, CONDITION_LABELS, CONDITIONS } from "./tables.ts";

/** The windward edge is where the wind blows from: edge W → from 270°. */
export function windView(state: SoleBayState): WindView {
  return { system: "edge4", fromDegrees: bearingDegrees(state.wind.windward), label: `Windward edge: ${state.wind.windward}` };
}

export function shipViews(state: SoleBayState): ShipView[] {
  return state.ships.map((s) => {
    const per = BOXES_PER_LEVEL[s.hull];
    const status: string[] = [];
    if (state.game.removed.includes(s.id)) status.push("exploded");
    else if (s.destroyed) status.push("destroyed", "prize");
    else status.push(CONDITION_LABELS[s.condition].toLowerCase());
    if (s.fireTurns > 0) status.push("on fire");
    if (s.fullSail) status.push("full sail");
    if (state.game.fired.includes(s.id)) status.push("fired");
    if (state.game.grappled.some((g) => g.a === s.id || g.b === s.id)) status.push("grappled");
    if (s.flagOfficer === "present") status.push("flagship");
    if (s.flagOfficer === "killed") status.push("flag officer killed");
    if (s.flagOfficer === "captured") status.push("flag officer captured");
    if (state.game.broken.includes(s.squadron)) status.push("squadron broken");
    return {
      id: s.id,
      name: s.name,
      side: s.side,
      status,
      tracks: CONDITIONS.map((c, i) => ({
        label: CONDITION_LABELS[c],
        boxes: per,
        marked: Math.min(per, Math.max(0, s.damage - i * per)),
      })),
      facts: [
        { label: "Rating", value: `${["", "1st", "2nd", "3rd", "4th"][s.rating]} rate` },
        { label: "Speed", value: s.speed },
        { label: "Hull", value: s.hull },
        { label: "Crew", value: s.crew },
        { label: "Squadron", value: s.squadron },
        { label: "Flag officer", value: s.flagOfficer },
        { label: "First broadside", value: s.firstBroadsideUsed ? "used" : "available" },
        ...(s.fireship ? [{ label: "Fireship", value: state.game.fired.includes(s.id) ? "fired" : "yes" }] : []),
        ...(s.fireTurns > 0 ? [{ label: "Turns on fire", value: String(s.fireTurns) }] : []),
      ],
    };
  });
}
