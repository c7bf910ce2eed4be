/**
 * "Movement": a ship's whole move as a plot of hexsides, checked against the point of sail, handling, damage,
 * weather, helm damage and irons, with drift. Plot tokens: `F` one hex ahead, `L` turn one hexside to port
 * (anticlockwise), `R` to starboard, `T0`–`T5` towed one hex toward a hexside (still wind only). `LL`/`RR` right
 * after a hex is a tack when it crosses the wind from one close-hauled tack to the other.
 */

import { fail, ok, type Result } from "../../result.ts";
import type { Hexside } from "../../wind/compass.ts";
import { rotateHex } from "../../wind/compass.ts";
import { effectiveHandling, type MoveEffect, stepEffect } from "./damage.ts";
import { downwindSide, type PointOfSail, pointOfSail, stepHex } from "./hexes.ts";
import type { AdState, Hex, Ship, Strength } from "./schema.ts";
import type { AdSettings } from "./settings.ts";

export type Token = "F" | "L" | "R" | `T${number}`;

export function parsePlot(plot: string): Result<Token[]> {
  const compact = plot.replace(/[\s,]+/g, "").toUpperCase();
  if (!/^(F|L|R|T[0-5])*$/.test(compact)) {
    return fail(
      "input.invalid",
      `action.plot must be made of F (ahead), L (port), R (starboard) or T0–T5 (towed); got "${plot}".`,
      "action.plot",
    );
  }
  return ok((compact.match(/F|L|R|T[0-5]/g) ?? []) as Token[]);
}

/** Hexes allowed on a point of sail after handling, weather and damage (0 = cannot sail that way). */
export function allowance(pos: PointOfSail, fast: boolean, strength: Strength, effect: MoveEffect, s: AdSettings): number {
  if (pos === "in-irons" || effect === "disabled" || effect === "sunk" || strength === "still" || strength === "gale") return 0;
  // "-2 hex move (ie can only move 1 hex and may not sail close hauled)"
  if (effect === "only-1") return pos === "close-hauled" ? 0 : 1;
  let n = pos === "close-hauled" ? s.moveCloseHauled : pos === "reach" ? s.moveReach : s.moveRun;
  if (fast && pos !== "close-hauled") n += 1; // "fast (F) may make an extra hex move, unless close hauled"
  if (strength === "strong" && pos !== "close-hauled") n += 1; // "All ships (inc. F) get 1 extra hex move unless close hauled"
  if (strength === "light") n -= 1; // "All moves reduced by 1, may still move one hex close hauled"
  if (effect === "minus-1") n -= 1; // "-1 hex move (may still move min of 1 hex)"
  return Math.max(1, n);
}

export interface MovePlan {
  readonly hexesMoved: number;
  readonly towed: boolean;
  readonly heading: number;
  readonly turns: number;
  readonly allowance: number;
  readonly pointOfSail: PointOfSail;
  readonly drift: { readonly before: number; readonly after: number; readonly toward: number };
  readonly path: readonly Hex[];
  readonly hex: Hex | null;
}

const illegal = (msg: string) => fail("rules.illegal", msg, "action.plot");

/** Checks a plot and works out where the ship ends. */
export function walkPlot(state: AdState, ship: Ship, tokens: readonly Token[], s: AdSettings): Result<MovePlan> {
  const w = state.wind.direction;
  const strength = state.wind.strength;
  const effect = stepEffect(ship.guns, ship.stepsLost).move;
  const { fast, handy, unhandy } = effectiveHandling(ship, ship.stepsLost);
  let h = ship.heading;
  let hex = ship.hex;
  const path: Hex[] = [];
  const downwind = downwindSide(w);
  // Drift. Strong: "At the beginning of each move ALL ships drift 1 hex downwind, and ships not underway drift a
  // further hex on activation". Normal: "Ships drift 1 hex per turn if not underway". Light: "Ships do not drift".
  const before = strength === "strong" ? 1 : 0;
  if (hex && before) hex = stepHex(hex, downwind, before);
  const turnBy = (t: Token) => (t === "L" ? -1 : 1);
  let i = 0;
  let moved = 0;
  let turns = 0;
  let towed = false;
  let startAllowance: number | null = null;
  const isTurn = (t: Token | undefined) => t === "L" || t === "R";

  if (strength === "still") {
    // "All ships halt. May move 1 hex in any direction (towed by boats), or pivot 1 hexside."
    if (tokens.length > 1) return illegal("In a still wind a ship may only be towed 1 hex or pivot 1 hexside.");
    const t = tokens[0];
    if (t === "F") return illegal("In a still wind ships halt: tow with T0–T5 or pivot with L/R.");
    if (t && isTurn(t)) h = rotateHex(h as Hexside, turnBy(t));
    if (t?.startsWith("T") && hex) {
      hex = stepHex(hex, Number(t.slice(1)));
      path.push(hex);
    }
    towed = t?.startsWith("T") ?? false;
    return ok({
      hexesMoved: towed ? 1 : 0,
      towed,
      heading: h,
      turns: t && isTurn(t) ? 1 : 0,
      allowance: 0,
      pointOfSail: pointOfSail(h, w),
      drift: { before: 0, after: 0, toward: downwind },
      path,
      hex,
    });
  }
  if (tokens.some((t) => t.startsWith("T"))) return illegal("Ships are towed (T0–T5) only in a still wind.");
  if (effect === "disabled") {
    // "Disabled, may only drift, may change face by 1 hexside/turn"
    if (tokens.length > 1 || tokens[0] === "F") return illegal(`${ship.name} is disabled: she may only drift and turn 1 hexside.`);
  }
  if (ship.fireshipLit && tokens.some(isTurn)) return illegal("A fired fire ship moves on a straight course.");
  if (ship.helm === "none" && tokens.some(isTurn)) return illegal(`${ship.name}'s helm is hit: no turn this move.`);
  let forced = false;
  if (ship.helm === "port" || ship.helm === "starboard") {
    // "Turns occur before any move, and ships must then move 1 hex at least if they can."
    const need = ship.helm === "port" ? "L" : "R";
    if (tokens[0] !== need) return illegal(`${ship.name}'s helm is hit: the move must begin with a turn to ${ship.helm} (${need}).`);
    h = rotateHex(h as Hexside, turnBy(need));
    i = 1;
    forced = true;
  }
  let turnAvailable = handy; // "Ships designated as handy (H) may make a turn (which may be a tack) before any movement."
  if (!forced && pointOfSail(h, w) === "in-irons") {
    if (state.wind.justChanged && isTurn(tokens[0])) {
      // "If caught in irons at the beginning of a turn due to a change in wind direction, they get a free turn 1 hexside downwind before any other movement"
      h = rotateHex(h as Hexside, turnBy(tokens[0] as Token));
      i = 1;
    } else if (!state.wind.justChanged) {
      // "if in irons for other reasons they may only turn one hexside in either direction, or stay in irons (hove to) and drift downwind."
      if (tokens.length > 1 || tokens[0] === "F") return illegal(`${ship.name} is in irons: she may only turn 1 hexside or stay hove to.`);
      turnAvailable = true;
    }
  }
  for (; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const pos = pointOfSail(h, w);
    if (t === "F") {
      if (pos === "in-irons") return illegal("A ship in irons cannot move ahead (it faces into the wind).");
      if (effect === "only-1" && pos === "close-hauled") return illegal(`${ship.name} has lost too many steps to sail close hauled.`);
      startAllowance ??= allowance(pos, fast, strength, effect, s); // "Ships start at the speed according to their facing"
      // "If they turn on to a slower facing may not move further than permitted in that facing"
      const cap = Math.min(startAllowance, allowance(pos, fast, strength, effect, s));
      if (moved + 1 > cap) return illegal(`Hex ${moved + 1} is beyond the ${cap} allowed (${pos.replace("-", " ")}).`);
      moved++;
      if (hex) {
        hex = stepHex(hex, h);
        path.push(hex);
      }
      turnAvailable = true; // "may make a single hex facing change after moving into a hex"
      continue;
    }
    if (effect !== "disabled" && !turnAvailable) {
      return illegal("A ship may turn 1 hexside only after moving into a hex (handy ships may also turn before moving).");
    }
    if (unhandy && turns >= 1) return illegal(`${ship.name} is unhandy: one turn per move.`);
    const dir = turnBy(t);
    const mid = rotateHex(h as Hexside, dir);
    const end = rotateHex(h as Hexside, 2 * dir);
    // Tacking: "they may turn an extra hex side to end on the opposite tack" — not in light winds ("must tack 1 hexside a turn").
    const tack = tokens[i + 1] === t && pos === "close-hauled" && pointOfSail(mid, w) === "in-irons" && strength !== "light";
    h = tack ? end : mid;
    if (tack) i++;
    turns++;
    turnAvailable = false;
  }
  if (forced && moved === 0 && allowance(pointOfSail(h, w), fast, strength, effect, s) > 0) {
    return illegal(`${ship.name}'s helm is hit: after the turn she must move at least 1 hex.`);
  }
  const underWay = moved > 0;
  const after = strength === "light" ? 0 : underWay ? 0 : 1;
  if (hex && after) hex = stepHex(hex, downwind, after);
  return ok({
    hexesMoved: moved,
    towed,
    heading: h,
    turns,
    allowance: startAllowance ?? allowance(pointOfSail(h, w), fast, strength, effect, s),
    pointOfSail: pointOfSail(h, w),
    drift: { before, after, toward: downwind },
    path,
    hex,
  });
}
