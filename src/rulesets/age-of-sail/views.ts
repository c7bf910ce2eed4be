/**
 * Age of Sail for the display: the wind dial view and ships as their damage records. (Each action's sentence is its
 * own `describe`.)
 */
import { type Severity, StatusWords } from "../../game/ship-status.ts";
import { shipViewOf } from "../../game/ship-view.ts";
import type { ShipView, WindView } from "../../game/types.ts";
import { oppositeBearing } from "../../geometry/vec.ts";
import { bearingDegrees } from "../../wind/compass.ts";
import { windFrom } from "./speed.ts";
import { type AosState, FULL_STRENGTH, HULL_UNITS, type Ship } from "./state.ts";

/** The wind: `direction` is where it blows to; the dial shows where it comes from. */
export function aosWindView(state: AosState): WindView {
  const from = windFrom(state);
  return {
    system: "compass8",
    fromDegrees: oppositeBearing(bearingDegrees(state.wind.direction)),
    label: `Wind from ${from}, speed ${state.wind.speed}`,
    strength: `speed ${state.wind.speed}`,
  };
}

function status(s: Ship): { status: string[]; severity: Severity[] } {
  const w = new StatusWords();
  if (s.sunk) w.say("sunk", "out");
  if (s.captured) w.say(s.prizeCrewDue ? "captured (prize crew due)" : "captured", "out");
  if (s.fire === 1) w.say("on fire", "danger");
  if (s.fire === 2) w.say("on fire (grown)", "danger");
  if (s.aground) w.say("aground", "damaged");
  if (s.anchor === "down") w.say("at anchor", "fine");
  if (s.anchor === "raising") w.say("raising anchor", "fine");
  if (s.entangledWith.length > 0) w.say("entangled", "worn");
  if (s.repairingMasts) w.say("repairing masts", "worn");
  if (s.gunDecks.port + s.gunDecks.starboard === 0 && s.hull === 0 && !s.sunk) w.say("sinking in high seas", "danger");
  return w.view();
}

/** Every ship like its damage record: masts, gun decks a side, hull units. */
export function aosShipViews(state: AosState): ShipView[] {
  return state.ships.map((s) => {
    const full = FULL_STRENGTH[s.class];
    return shipViewOf(s, status(s), {
      tracks: [
        { label: "Masts", boxes: full.masts.length, marked: s.masts.filter((m) => m === 0).length },
        { label: "Port gun decks", boxes: full.decks, marked: full.decks - s.gunDecks.port },
        { label: "Starboard gun decks", boxes: full.decks, marked: full.decks - s.gunDecks.starboard },
        { label: "Hull", boxes: HULL_UNITS, marked: HULL_UNITS - s.hull },
      ],
      facts: [
        { label: "Class", value: s.class },
        { label: "Heading", value: s.heading },
        { label: "Mast units", value: String(s.masts.reduce((a, b) => a + b, 0)) },
        ...(s.squadron ? [{ label: "Squadron", value: `${s.squadron}${s.leader ? " (leader)" : ""}` }] : []),
        ...(s.firedThisRound.length ? [{ label: "Fired this round", value: s.firedThisRound.join(", ") }] : []),
      ],
    });
  });
}
