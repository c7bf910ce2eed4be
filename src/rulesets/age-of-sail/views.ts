/**
 * Age of Sail for the display: the wind dial view, ships as their damage records, and one-sentence results.
 */
import { type Severity, StatusWords } from "../../game/ship-status.ts";
import type { Action, ShipView, WindView } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { bearingDegrees } from "../../wind/compass.ts";
import { fromOf, windFrom } from "./speed.ts";
import { type AosState, FULL_STRENGTH, HULL_UNITS, type Ship } from "./state.ts";

/** The wind: `direction` is where it blows to; the dial shows where it comes from. */
export function aosWindView(state: AosState): WindView {
  const from = windFrom(state);
  return {
    system: "compass8",
    fromDegrees: (bearingDegrees(state.wind.direction) + 180) % 360,
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
    return {
      id: s.id,
      name: s.name,
      side: s.side,
      ...status(s),
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
    };
  });
}

const nameOf = (state: AosState, id: unknown): string => state.ships.find((s) => s.id === id)?.name ?? String(id);

/** One sentence for the display and screen readers. */
export function aosDescribe(state: AosState, action: Action, o: Readonly<Record<string, unknown>>): string {
  const ship = nameOf(state, action.ship);
  switch (action.type) {
    case "wind":
    case "set-wind":
      return `Wind from ${fromOf(o.direction)}, speed ${String(o.speed)}.`;
    case "speed":
      if (o.held) return `${ship} cannot move: ${String(o.held)}.`;
      if (o.drift) return `${ship} has no mast standing and drifts 1 cm downwind.`;
      return `${ship} may move up to ${String(o.maxMove)} cm (${String(o.pointOfSail)}).`;
    case "turn":
      return `${ship} turns to ${String(o.to)} for ${String(o.costCm)} cm; ${String(o.remainingCm)} cm of the move left.`;
    case "fire": {
      const what = o.aim === "hull" ? "gun decks/hull" : "masts";
      const fire = o.onFire ? " — a pair of sixes: she is on fire!" : "";
      const choose = Number(o.mastsToChoose) > 0 ? ` (owner chooses ${plural(Number(o.mastsToChoose), "mast")})` : "";
      return `${nameOf(state, action.firer)} scores ${plural(Number(o.hits), "hit")} on ${nameOf(state, action.target)}'s ${what}${choose}${fire}`;
    }
    case "fire-removal":
      return o.exploded ? `${ship} blows up and sinks!` : o.extinguished ? `${ship} puts the fire out.` : `The fire on ${ship} grows.`;
    case "catch-fire":
      return o.caught ? `${ship} catches fire from the explosion.` : `${ship} escapes the explosion's fire.`;
    case "explosion-fire": {
      const results = o.results as { ship: string; caught: boolean }[];
      const caught = results.filter((r) => r.caught).map((r) => nameOf(state, r.ship));
      if (results.length === 0) return `No ship is near enough to ${nameOf(state, action.from)}'s explosion to catch fire.`;
      return caught.length > 0
        ? `${caught.join(" and ")} catch${caught.length === 1 ? "es" : ""} fire from the explosion.`
        : "No ship catches fire from the explosion.";
    }
    case "sinking-check":
      return o.sank ? `${ship} founders in the high seas and sinks.` : `${ship} stays afloat.`;
    case "board":
      return o.captured
        ? `${nameOf(state, o.winner)} wins the boarding ${String(o.attackerTotal)}–${String(o.defenderTotal)} and captures ${nameOf(state, o.captured)}.`
        : `The boarding is a tie (${String(o.attackerTotal)}–${String(o.defenderTotal)}); the ships stay locked together.`;
    case "separate":
      return o.separated ? `${ship} and ${nameOf(state, action.other)} separate.` : `${ship} stays entangled.`;
    case "initiative":
      return o.first === null || o.first === undefined ? "A tie: dice again for who moves first." : `${String(o.first)} moves first.`;
    case "anchor":
      return `${ship} drops anchor.`;
    case "weigh-anchor":
      return `${ship} raises her anchor this move; she sails again next round.`;
    case "shoal":
      return o.foundered ? `${ship} founders on the shoal.` : `${ship} passes over the shoal.`;
    case "refloat":
      return o.refloated ? `${ship} floats off.` : `${ship} stays aground.`;
    case "repair-mast":
      return o.repaired ? `${ship}'s mast ${String(o.mast)} is up again.` : `${ship}'s mast ${String(o.mast)} is not repaired.`;
    case "lose-masts": {
      const lost = (o.mastsLost as number[] | undefined) ?? [];
      return `${ship} loses mast${lost.length === 1 ? "" : "s"} ${lost.join(" and ")}; ${String(o.standing)} standing.`;
    }
    case "advance":
      return `Next: ${String(o.phase)}.`;
    default:
      return "Recorded.";
  }
}
