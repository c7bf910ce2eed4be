/**
 * Bases by class (issue 37 item 1): a table file's `bases` gives each class of ship her base once, instead of on every
 * ship — `by` names the ship field that says her class (Sole Bay's `rating`, WS&IM's `class`, Age of Sail's `class` …)
 * and `sizes` the base of each of its values. A ship's own `base` wins; a ship of no listed class takes the rule set's
 * default. Applied to the ships of `fleets`, the roster and the scenario alike, before the rule set checks them.
 */
import { type Static, Type } from "@sinclair/typebox";
import { BASE_MM } from "../../src/game/ship-base.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { ShipSource } from "./ship-source.ts";

const Mm = Type.Number({ minimum: BASE_MM.min, maximum: BASE_MM.max, description: "mm" });

export const BasesSchema = Type.Object(
  {
    /** The ship field that names a ship's class: `rating`, `class` … */
    by: Type.String({ minLength: 1, maxLength: 100 }),
    /** The base (mm) of each class, by the field's value as written (`"1"`, `ship-of-the-line`). */
    sizes: Type.Record(
      Type.String({ minLength: 1, maxLength: 100 }),
      Type.Object({ width: Mm, length: Mm }, { additionalProperties: false }),
      {
        maxProperties: 100,
      },
    ),
  },
  { additionalProperties: false },
);
export type Bases = Static<typeof BasesSchema>;

/**
 * The ships with their class's base where they give none of their own; refused (naming `bases.by`) when no ship has
 * the field, and (naming the size) when a class listed matches no ship — a misspelt class would otherwise leave its
 * ships on the default base without a word.
 */
export function withClassBases(
  sources: readonly ShipSource[],
  bases: Bases | undefined,
  at: (path: string) => string,
): Result<ShipSource[]> {
  if (!bases) return ok([...sources]);
  const classOf = (s: ShipSource): string | undefined => {
    const v = s.ship[bases.by];
    return v === undefined || v === null ? undefined : String(v);
  };
  if (!sources.some((s) => classOf(s) !== undefined))
    return fail("config.invalid", `${at("bases.by")}: no ship has a "${bases.by}" field to give her class.`, at("bases.by"));
  const unused = Object.keys(bases.sizes).find((c) => !sources.some((s) => classOf(s) === c));
  if (unused !== undefined) {
    const known = [...new Set(sources.map(classOf).filter((c) => c !== undefined))].join(", ");
    return fail(
      "config.invalid",
      `${at(`bases.sizes.${unused}`)}: no ship's ${bases.by} is "${unused}" (the ships': ${known}).`,
      at(`bases.sizes.${unused}`),
    );
  }
  return ok(
    sources.map((s) => {
      const c = classOf(s);
      const size = c === undefined ? undefined : bases.sizes[c];
      return s.ship.base !== undefined || !size ? s : { ...s, ship: { ...s.ship, base: { ...size } } };
    }),
  );
}
