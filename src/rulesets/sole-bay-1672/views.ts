/**
 * How a sole-bay-1672 table is shown: the windward edge for the dial and each ship drawn like its roster entry
 * (four tracks of hull boxes, one per damage level).
 */
import { type Severity, StatusWords } from "../../game/ship-status.ts";
import { shipViewOf } from "../../game/ship-view.ts";
import type { ShipView, WindView } from "../../game/types.ts";
import { bearingDegrees } from "../../wind/compass.ts";
import type { SoleBayState } from "./state.ts";
import { BOXES_PER_LEVEL, CONDITION_LABELS, CONDITIONS, type Condition } from "./tables.ts";

/** The windward edge is where the wind blows from: edge W → from 270°. */
export function windView(state: SoleBayState): WindView {
  return { system: "edge4", fromDegrees: bearingDegrees(state.wind.windward), label: `Windward edge: ${state.wind.windward}` };
}

/** How bad each condition is (the four damage levels of the log). */
const CONDITION_SEVERITY: Readonly<Record<Condition, Severity>> = {
  fresh: "fine",
  worn: "worn",
  damaged: "damaged",
  "heavily-damaged": "danger",
};

export function shipViews(state: SoleBayState): ShipView[] {
  return state.ships.map((s) => {
    const per = BOXES_PER_LEVEL[s.hull];
    const words = new StatusWords();
    if (state.game.removed.includes(s.id)) words.say("exploded", "out");
    // "A ship that does not explode remains as a prize": a prize once the explosion roll has decided, not before
    else if (s.destroyed && state.game.explosionDue.includes(s.id)) words.say("destroyed", "out").say("explosion roll due", "danger");
    else if (s.destroyed) words.say("destroyed", "out").say("prize", "out");
    else words.say(CONDITION_LABELS[s.condition].toLowerCase(), CONDITION_SEVERITY[s.condition]);
    if (s.fireTurns > 0) words.say("on fire", "danger");
    if (s.fullSail) words.say("full sail", "fine");
    if (state.game.fired.includes(s.id)) words.say("fired", "fine");
    if (state.game.grappled.some((g) => g.a === s.id || g.b === s.id)) words.say("grappled", "worn");
    if (s.flagOfficer === "present") words.say("flagship", "fine");
    if (s.flagOfficer === "killed") words.say("flag officer killed", "damaged");
    if (s.flagOfficer === "captured") words.say("flag officer captured", "damaged");
    if (state.game.broken.includes(s.squadron)) words.say("squadron broken", "damaged");
    return shipViewOf(s, words.view(), {
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
    });
  });
}
