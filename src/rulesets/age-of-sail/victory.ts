/**
 * Age of Sail's victory condition: "The winner is the Admiral inflicting the most damage on the opposing fleet."
 * Damage is read off the damage records: each mast, gun deck and hull unit marked off; a ship sunk or captured
 * counts as its whole record lost.
 */
import type { Victory } from "../../game/types.ts";
import type { AosState } from "./state.ts";
import { aosShipViews } from "./views.ts";

const TEXT = "the winner is the Admiral inflicting the most damage on the opposing fleet";

/** Damage each side has suffered, in boxes of the damage records. */
export function damageSuffered(state: AosState): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of aosShipViews(state)) {
    const lost = v.severity.includes("out");
    const boxes = v.tracks.reduce((n, t) => n + (lost ? t.boxes : t.marked), 0);
    out.set(v.side, (out.get(v.side) ?? 0) + boxes);
  }
  return out;
}

/** The side that has inflicted the most damage on the fleets opposing it, or null on a tie or before any damage. */
export function aosVictory(state: AosState): Victory {
  const suffered = damageSuffered(state);
  const total = [...suffered.values()].reduce((a, b) => a + b, 0);
  const inflicted = [...suffered.keys()].map((side) => ({ side, boxes: total - (suffered.get(side) ?? 0) }));
  inflicted.sort((a, b) => b.boxes - a.boxes);
  const [best, next] = inflicted;
  const tally = inflicted.map((x) => `${x.side} ${x.boxes}`).join(", ");
  if (!best || best.boxes === 0) return { winner: null, reason: `No damage inflicted yet (${TEXT}).` };
  if (next && next.boxes === best.boxes) return { winner: null, reason: `Damage inflicted is level (${tally}); ${TEXT}.` };
  return { winner: best.side, reason: `${best.side} inflicted the most damage (${tally} boxes of damage records); ${TEXT}.` };
}
