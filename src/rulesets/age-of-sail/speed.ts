/**
 * Age of Sail: a ship's maximum move (speed), the wind's eye and the squadron leader it follows.
 */

import { setting } from "../../game/action-kit.ts";
import { fail, ok, type Result } from "../../result.ts";
import type { Compass16 } from "../../wind/compass.ts";
import type { AosState, Ship } from "./state.ts";
import { angleOffWind, POINT_OF_SAIL_MODIFIER, type PointOfSail, pointOfSail } from "./tables.ts";

export interface SpeedOutcome {
  readonly heading: Compass16;
  readonly pointOfSail: PointOfSail | null;
  readonly modifier: number;
  readonly mastUnits: number;
  readonly maxMove: number;
  /** Set when the ship cannot sail and drifts: "if all masts have been shot away, the ship will drift 1 unit in the direction of the wind". */
  readonly drift: { readonly cm: number; readonly to: string } | null;
  /** Why the ship cannot move at all (anchored, aground, entangled). */
  readonly held: string | null;
  readonly followsLeader: string | null;
}

/** The leader a squadron ship follows: "ships in squadrons follow the leading ship and turn at the position this ship did". */
export function leaderOf(state: AosState, ship: Ship): Ship | null {
  if (ship.squadron === null || ship.leader) return null;
  return state.ships.find((s) => s.squadron === ship.squadron && s.leader && !s.sunk && s.side === ship.side) ?? null;
}

/** Whether a heading points into the wind (forbidden): "Ships may sail in any direction, except directly into wind". */
export function intoWind(state: AosState, heading: Compass16): boolean {
  return pointOfSail(angleOffWind(heading, state.wind.direction), setting<number>(state.settings, "noGoPoints")) === "in-irons";
}

/**
 * "multiply the current wind speed, moderated by its current Points of Sail … by the total amount of movement the
 * ship may have, found from the number of masts"; "The minimum speed any ship may make in one move is 1 cm."
 */
export function speedOf(state: AosState, ship: Ship, planned?: Compass16): Result<SpeedOutcome> {
  const heading = planned ?? ship.heading;
  const mastUnits = ship.masts.reduce((a, b) => a + b, 0);
  const followsLeader = leaderOf(state, ship)?.id ?? null;
  const held =
    ship.anchor === "down"
      ? "at anchor"
      : ship.anchor === "raising"
        ? "raising the anchor (an entire move)"
        : ship.aground
          ? "aground on a shoal"
          : ship.entangledWith.length > 0
            ? "entangled with another ship"
            : null;
  const base = { heading, mastUnits, followsLeader };
  if (held) return ok({ ...base, pointOfSail: null, modifier: 0, maxMove: 0, drift: null, held });
  if (mastUnits === 0) {
    return ok({ ...base, pointOfSail: null, modifier: 0, maxMove: 0, drift: { cm: 1, to: state.wind.direction }, held: null });
  }
  const pos = pointOfSail(angleOffWind(heading, state.wind.direction), setting<number>(state.settings, "noGoPoints"));
  if (pos === "in-irons" && planned === undefined) {
    // Caught head to wind (the wind shifted onto her bow): the text is silent; she keeps the minimum move,
    // "The minimum speed any ship may make in one move is 1 cm", to turn off the wind.
    return ok({ ...base, pointOfSail: pos, modifier: 0, maxMove: 1, drift: null, held: null });
  }
  if (pos === "in-irons") {
    return fail(
      "rules.illegal",
      `${ship.name} cannot head ${heading}, straight into a wind from ${windFrom(state)}: tack across it a compass point either side.`,
      "action.heading",
    );
  }
  const modifier = POINT_OF_SAIL_MODIFIER[pos];
  const maxMove = Math.max(1, mastUnits * (state.wind.speed + modifier));
  return ok({ ...base, pointOfSail: pos, modifier, maxMove, drift: null, held: null });
}

/** Each of the 8 points the wind may blow to, with the point it then comes from. */
export const OPPOSITE: Readonly<Record<string, string>> = { N: "S", NE: "SW", E: "W", SE: "NW", S: "N", SW: "NE", W: "E", NW: "SE" };
/** The 8-point direction a wind blowing to `to` comes from: the one wording players read everywhere ("Wind from N"). */
export const fromOf = (to: string): string => OPPOSITE[to] ?? to;
/** The 8-point direction the wind comes from. */
export const windFrom = (state: AosState): string => fromOf(state.wind.direction);
