/**
 * wsim-battle-v3 IV (crab move and the "T" plot) and V (momentum): plot strings, their MP, turning allowance,
 * the turn-then-forward rule and the acceleration/deceleration limits.
 */
import { setting } from "../../game/action-kit.ts";
import type { Ship } from "./state.ts";

export type Token = { readonly kind: "L" | "R" | "T" | "B" | "D" } | { readonly kind: "F"; readonly n: number };

/** Splits a plot like "LT1LT1L" or "2R1B" into tokens; null when it holds anything else. */
export function tokenize(plot: string): Token[] | null {
  const out: Token[] = [];
  for (const m of plot.toUpperCase().matchAll(/(\d+)|([LRTBD])|(.)/g)) {
    if (m[3] !== undefined) return null;
    if (m[1] !== undefined) out.push({ kind: "F", n: Number(m[1]) });
    else out.push({ kind: m[2] as "L" | "R" | "T" | "B" | "D" });
  }
  return out;
}

/** MP a plot costs: forward hexes, 1 per L/R, "A T plot costs 1 movement point (MP), not 2", B per setting, D free. */
export function plotCost(tokens: readonly Token[], backingMP: number): number {
  return tokens.reduce((s, t) => s + (t.kind === "F" ? t.n : t.kind === "D" ? 0 : t.kind === "B" ? backingMP : 1), 0);
}

/**
 * MP a plot counts for acceleration (V.3): forward hexes and T's, plus turns "if the ship moved forward";
 * "B" and "D" are not counted. "A ship which collided last turn or only turned has a movement allowance of 0".
 */
export function momentumMP(tokens: readonly Token[]): number {
  const forward = tokens.reduce((s, t) => s + (t.kind === "F" ? t.n : t.kind === "T" ? 1 : 0), 0);
  if (forward === 0) return 0;
  return forward + tokens.filter((t) => t.kind === "L" || t.kind === "R").length;
}

const isSolClass = (ship: Ship) => ship.kind === "sol";
const riggingLost = (ship: Ship): boolean => {
  const first = ship.rigging?.[0];
  return first !== undefined && first.boxes > 0 && first.marked >= first.boxes;
};

/** V.1 maximum acceleration. */
export function maxAcceleration(ship: Ship, settings: Readonly<Record<string, unknown>>): number {
  const lost = riggingLost(ship) ? 1 : 0;
  if (setting<string>(settings, "momentumReading") === "table") {
    // table as printed: 1 → 1, 80 gun → 1, 2 → 1, 3–4 → 2, 5+ → 3 (the "*" is printed on the deceleration column)
    if (ship.class <= 2 || ship.guns >= 80) return 1;
    return ship.class >= 5 ? 3 : 2;
  }
  // "Ships of the Line may accelerate 1 MP per turn, class 5 ships and below may accelerate 3 MP per turn (2 after the
  // 1st rigging section has been lost), all others may accelerate 2 MP per turn (1 after the first rigging section …)"
  if (isSolClass(ship)) return 1;
  return (ship.class >= 5 ? 3 : 2) - lost;
}

/** V.2 maximum deceleration. */
export function maxDeceleration(ship: Ship, settings: Readonly<Record<string, unknown>>): number {
  if (setting<string>(settings, "momentumReading") === "table") {
    const lost = riggingLost(ship) ? 1 : 0;
    if (ship.class === 1 || ship.guns >= 80) return 1;
    if (ship.class === 2) return 2;
    return (ship.class >= 5 ? 3 : 2) - lost;
  }
  // "Ships of 80 guns or more may decelerate 1 MP per turn, class 5 ships and below may decelerate 3 MP per turn, all others … 2"
  if (ship.guns >= 80) return 1;
  return ship.class >= 5 ? 3 : 2;
}

/**
 * The MP last turn counts for momentum: given, or from last turn's plot; 0 after a collision. Null when there is no
 * record of last turn's movement (the first turn of a scenario, or a ship the table did not plot): V limits the
 * change from a known speed, and a scenario that gives none starts its ships at whatever speed their plots show.
 */
export function lastTurnMP(ship: Ship): number | null {
  if (ship.collidedLastTurn) return 0;
  if (ship.lastMP !== null) return ship.lastMP;
  if (ship.lastPlot === null) return null;
  return momentumMP(tokenize(ship.lastPlot) ?? []);
}

/** Whether last turn's plot ended with a turn still owing its forward move (IV.1). */
export function owesForward(tokens: readonly Token[]): boolean {
  let owe = false;
  for (const t of tokens) {
    if (t.kind === "L" || t.kind === "R" || t.kind === "T") owe = true;
    if (t.kind === "F") owe = false;
  }
  return owe;
}

/** IV.1 Exception 1: "the ship only turned and/or drifted, or did not move at all in the previous game turn". */
export const onlyTurnedOrDrifted = (tokens: readonly Token[]): boolean =>
  tokens.every((t) => t.kind === "L" || t.kind === "R" || t.kind === "D");

/** What V allows a ship this turn with a movement allowance of `allowance` MP, and whether she may turn at once (IV.1). */
export interface MomentumLimits {
  readonly last: number | null;
  readonly accel: number;
  readonly decel: number;
  readonly maximumMP: number;
  readonly minimumMP: number;
  /** V.2: her allowance is below what she may decelerate to ("turned into the wind or reduced sail"). */
  readonly forcedLow: boolean;
  /** IV.1 Exception 1 and Exception 2 ("may turn if it may decelerate to 0"), unless V.5 carried a turn over. */
  readonly mayTurnAtOnce: boolean;
}

/** V's limits for a ship this turn (V.1, V.2) and IV.1's exceptions, as the plot and the move both read them. */
export function momentumLimits(ship: Ship, settings: Readonly<Record<string, unknown>>, allowance: number): MomentumLimits {
  const last = lastTurnMP(ship);
  const accel = maxAcceleration(ship, settings);
  const decel = maxDeceleration(ship, settings);
  const maximumMP = last === null ? allowance : Math.min(allowance, last + accel);
  // V.2: "A ship may decelerate more if it has turned into the wind or reduced sail so that its movement allowance is too low."
  const forcedLow = last !== null && allowance < last - decel;
  const minimumMP = last === null ? 0 : forcedLow ? allowance : Math.max(0, last - decel);
  const lastTokens = tokenize(ship.lastPlot ?? "") ?? [];
  const mayTurnAtOnce = !ship.deferredTurn && (!owesForward(lastTokens) || onlyTurnedOrDrifted(lastTokens) || (last ?? 0) - decel <= 0);
  return { last, accel, decel, maximumMP, minimumMP, forcedLow, mayTurnAtOnce };
}
