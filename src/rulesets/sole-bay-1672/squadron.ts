/**
 * Squadron bookkeeping for "Squadron Breakpoint" and the flag officer: losses (fireships ignored), whether a
 * test is due, and the roll's modifiers.
 */

import type { Breakpoint } from "../../game/types.ts";
import type { SoleBayShip } from "./ship.ts";
import type { SoleBayState } from "./state.ts";
import { BREAKPOINT_MODIFIERS } from "./tables.ts";

/** Ships of a squadron that count for its breakpoint: "Fireships are always ignored for Squadron Breakpoint." */
export const countedShips = (state: SoleBayState, squadron: string): SoleBayShip[] =>
  state.ships.filter((s) => s.squadron === squadron && !s.fireship);

/** Ships lost: destroyed (exploded or left as a prize). */
export const losses = (state: SoleBayState, squadron: string): number => countedShips(state, squadron).filter((s) => s.destroyed).length;

/**
 * Whether a breakpoint test is due: "Once a Squadron/Division has lost 33% of its ships, and each time it loses a
 * ship thereafter". Read as: losses ≥ the share, and more losses than at its last test. A broken squadron tests no more.
 */
export function breakpointDue(state: SoleBayState, squadron: string): boolean {
  const ships = countedShips(state, squadron);
  const lost = losses(state, squadron);
  if (ships.length === 0 || state.game.broken.includes(squadron)) return false;
  if ((lost * 100) / ships.length < state.settings.breakpointPercent) return false;
  return lost > (state.game.breakTests[squadron] ?? 0);
}

/** Every squadron's breakpoint: its counted ships, losses, whether the share is reached and whether it broke. */
export function squadronBreakpoints(state: SoleBayState): Breakpoint[] {
  const squadrons = [...new Map(state.ships.map((s) => [s.squadron, s.side])).entries()];
  return squadrons.map(([group, side]) => {
    const counted = countedShips(state, group).length;
    const lost = losses(state, group);
    const reached = counted > 0 && (lost * 100) / counted >= state.settings.breakpointPercent;
    return { side, group, counted, lost, reached, broken: state.game.broken.includes(group) };
  });
}

/**
 * "Flag Officer lost": read as no ship of the squadron still afloat carries him, and he was killed, captured, or
 * stayed aboard a destroyed flagship (no ship left to retire to).
 */
export function flagOfficerLost(state: SoleBayState, squadron: string): boolean {
  const ships = state.ships.filter((s) => s.squadron === squadron);
  if (ships.some((s) => s.flagOfficer === "present" && !s.destroyed)) return false;
  return ships.some((s) => s.flagOfficer === "killed" || s.flagOfficer === "captured" || (s.flagOfficer === "present" && s.destroyed));
}

/** The breakpoint modifiers, each with why. "Most" is read as more than half of the remaining ships. */
export function breakpointModifiers(state: SoleBayState, squadron: string): Array<{ reason: string; value: number }> {
  const remaining = countedShips(state, squadron).filter((s) => !s.destroyed);
  const most = (pred: (s: SoleBayShip) => boolean) => remaining.filter(pred).length * 2 > remaining.length;
  const mods: Array<{ reason: string; value: number }> = [];
  if (flagOfficerLost(state, squadron)) mods.push({ reason: "Flag Officer lost", value: BREAKPOINT_MODIFIERS.flagOfficerLost });
  if (most((s) => s.condition === "fresh")) mods.push({ reason: "most remaining ships are Fresh", value: BREAKPOINT_MODIFIERS.mostFresh });
  if (most((s) => s.crew === "elite")) mods.push({ reason: "most remaining crews are Elite", value: BREAKPOINT_MODIFIERS.mostElite });
  if (most((s) => s.crew === "poor")) mods.push({ reason: "most remaining crews are Poor", value: BREAKPOINT_MODIFIERS.mostPoor });
  return mods;
}

/** Other ships of a flag officer's division he could shift his flag to (afloat, not a fired fireship). */
export function retireCandidates(state: SoleBayState, from: SoleBayShip): SoleBayShip[] {
  return state.ships.filter(
    (s) =>
      s.id !== from.id &&
      s.squadron === from.squadron &&
      !s.destroyed &&
      !state.game.removed.includes(s.id) &&
      !state.game.fired.includes(s.id) &&
      s.flagOfficer !== "present",
  );
}
