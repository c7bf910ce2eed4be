/**
 * "Damage effects": steps of hull points and what each step does to gunnery, movement and handling.
 */

import type { Handling, ShipIn } from "./schema.ts";
import type { AdSettings } from "./settings.ts";

/** "Divide the hull points of the ship by 4 if 40 guns+, 3 if 30-39 guns and 2 if less than 30 guns." */
export function stepCount(guns: number): 2 | 3 | 4 {
  return guns >= 40 ? 4 : guns >= 30 ? 3 : 2;
}

/**
 * Hull points lost at which step k (1…n) is reached: "At each ¼, ⅓ or ½ hull points … lost". A fraction rounds
 * up — the example card Antelope (22 hull points, 52 guns) has rows of 6, 5, 6, 5 boxes, i.e. 6, 11, 17, 22.
 */
export function stepThreshold(hullPoints: number, steps: number, k: number): number {
  return Math.ceil((k * hullPoints) / steps - 1e-9);
}

/** The rows of hull-point boxes on the ship card, one per step. */
export function cardRows(hullPoints: number, guns: number): number[] {
  const n = stepCount(guns);
  const rows: number[] = [];
  for (let k = 1; k <= n; k++) rows.push(stepThreshold(hullPoints, n, k) - stepThreshold(hullPoints, n, k - 1));
  return rows;
}

/** Steps lost with `damage` hull points lost. */
export function stepsLostAt(hullPoints: number, guns: number, damage: number): number {
  const n = stepCount(guns);
  let k = 0;
  while (k < n && damage >= stepThreshold(hullPoints, n, k + 1)) k++;
  return k;
}

/** Fire points per step lost (index 0 = undamaged … n−1), as on the ship card: the card's own or computed. */
export function fireByStep(ship: Pick<ShipIn, "guns" | "firePoints" | "fireByStep">, settings: AdSettings): number[] {
  const n = stepCount(ship.guns);
  if (ship.fireByStep && ship.fireByStep.length === n) return [...ship.fireByStep];
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const exact = (ship.firePoints * (n - k)) / n;
    const halves = settings.firePointRounding === "nearest" ? Math.round(exact * 2 + 1e-9) : Math.floor(exact * 2 + 1e-9);
    out.push(halves / 2);
  }
  return out;
}

/** Fire points after `gunnerySteps` steps of gunnery lost (hull steps plus gun deck swept, strong-wind swamping); 0 = cannot fire. */
export function firePointsAfter(
  ship: Pick<ShipIn, "guns" | "firePoints" | "fireByStep">,
  gunnerySteps: number,
  settings: AdSettings,
): number {
  const table = fireByStep(ship, settings);
  return gunnerySteps >= table.length ? 0 : (table[gunnerySteps] ?? 0);
}

/** What a number of steps lost does to movement: "-1 hex move (may still move min of 1 hex)", "-2 hex move (ie can only move 1 hex and may not sail close hauled)", "Disabled, may only drift", sunk. */
export type MoveEffect = "none" | "minus-1" | "only-1" | "disabled" | "sunk";

/** The damage table by step count (4: 40+ guns, 3: 30–39, 2: less than 30) and steps lost. */
const STEP_EFFECTS: Readonly<Record<2 | 3 | 4, ReadonlyArray<{ move: MoveEffect; loseFastHandy: boolean }>>> = {
  4: [
    { move: "none", loseFastHandy: false },
    { move: "minus-1", loseFastHandy: false }, // ¼
    { move: "only-1", loseFastHandy: true }, // ½: lose F / H
    { move: "disabled", loseFastHandy: true }, // ¾
    { move: "sunk", loseFastHandy: true },
  ],
  3: [
    { move: "none", loseFastHandy: false },
    { move: "minus-1", loseFastHandy: false }, // ⅓
    { move: "only-1", loseFastHandy: true }, // ⅔: lose F and H
    { move: "sunk", loseFastHandy: true },
  ],
  2: [
    { move: "none", loseFastHandy: false },
    { move: "minus-1", loseFastHandy: true }, // ½: -1 hex move, lose F / H
    { move: "sunk", loseFastHandy: true },
  ],
};

export function stepEffect(guns: number, stepsLost: number): { move: MoveEffect; loseFastHandy: boolean } {
  const n = stepCount(guns);
  const row = STEP_EFFECTS[n];
  return row[Math.min(stepsLost, n)] ?? { move: "sunk", loseFastHandy: true };
}

/**
 * Handling after damage: fast and handy are lost at the step the table says; a lit fire ship is "not fast once
 * fired". Unhandy stays unhandy.
 */
export function effectiveHandling(
  ship: Pick<ShipIn, "guns" | "handling" | "fireshipLit">,
  stepsLost: number,
): {
  fast: boolean;
  handy: boolean;
  unhandy: boolean;
} {
  const h: Handling = ship.handling;
  const lost = stepEffect(ship.guns, stepsLost).loseFastHandy;
  return {
    fast: !lost && !ship.fireshipLit && (h === "fast" || h === "fast-handy"),
    handy: !lost && (h === "handy" || h === "fast-handy"),
    unhandy: h === "unhandy",
  };
}

/** Steps crossed when damage goes from `before` to `after` hull points lost (each one calls for a critical check). */
export function stepsCrossed(ship: Pick<ShipIn, "guns" | "hullPoints">, before: number, after: number): number {
  return stepsLostAt(ship.hullPoints, ship.guns, after) - stepsLostAt(ship.hullPoints, ship.guns, before);
}

/**
 * Critical 8, "Gun deck swept by fire: lose additional gunnery step for 1D Ave turns", in force in `turn`: the roll
 * comes in step 5 after all ships fired, so the step is lost in the moves after the one it was rolled in.
 */
export function gunDeckSwept(ship: Pick<ShipIn, "gunDeckSweptTurns" | "gunDeckSweptSince">, turn: number): boolean {
  return ship.gunDeckSweptTurns > 0 && (ship.gunDeckSweptSince === null || turn > ship.gunDeckSweptSince);
}
