/**
 * A ship's base, the one size every part of the table uses for her (issue 37): the rules measure it, the map draws
 * it, the camera expects it. Her own `base` when the roster gives one, else the rule set's documented
 * `defaultBase` (docs/rules/<id>.md), else 25 × 60 mm (a 1/1200 ship of the line) for a rule set that documents none.
 */
import type { BaseSize } from "../geometry/base.ts";
import { fail, type RulesError } from "../result.ts";
import type { ShipBase } from "./table-state.ts";

/** The base of a rule set that documents none. */
export const FALLBACK_BASE: BaseSize = { width: 25, length: 60 };

/** The base a ship stands on: her own, else the rule set's default. */
export function baseSizeOf(ship: Pick<ShipBase, "base">, defaultBase: BaseSize | undefined): BaseSize {
  return ship.base ?? defaultBase ?? FALLBACK_BASE;
}

/** A base's side, mm: from a 1/6000 frigate's stand to the longest 1/300 model a club table holds. */
export const BASE_MM = { min: 1, max: 2000 } as const;

/**
 * What is wrong with the `base` of a roster's ships, naming the ship ("Bucentaure's base width must be …; got 0"),
 * or null. A base of 0, negative, not a number or of metres would measure every range wrong; it is refused before the
 * ship is kept. Ships without a `base` take the rule set's default.
 */
export function baseProblem(raw: unknown): RulesError | null {
  if (!Array.isArray(raw)) return null;
  for (const [i, s] of raw.entries()) {
    if (typeof s !== "object" || s === null || !("base" in s)) continue;
    const ship = s as Record<string, unknown>;
    const b = ship.base;
    if (b === undefined) continue;
    const who = typeof ship.name === "string" && ship.name ? ship.name : typeof ship.id === "string" ? ship.id : `ship ${i + 1}`;
    const at = `ships[${i}].base`;
    if (typeof b !== "object" || b === null || Array.isArray(b))
      return fail("input.invalid", `${who}'s base must be {"width": mm, "length": mm}; got ${JSON.stringify(b) ?? String(b)}.`, at).error;
    const extra = Object.keys(b).find((k) => k !== "width" && k !== "length");
    if (extra) return fail("input.invalid", `${who}'s base has "${extra}": only width and length (mm) are kept.`, `${at}.${extra}`).error;
    for (const side of ["width", "length"] as const) {
      const v = (b as Record<string, unknown>)[side];
      if (typeof v !== "number" || !Number.isFinite(v) || v < BASE_MM.min || v > BASE_MM.max)
        return fail(
          "input.invalid",
          `${who}'s base ${side} must be a number of mm from ${BASE_MM.min} to ${BASE_MM.max}; got ${v === undefined ? "nothing" : typeof v === "number" ? String(v) : JSON.stringify(v)}.`,
          `${at}.${side}`,
        ).error;
    }
  }
  return null;
}
