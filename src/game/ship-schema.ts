/**
 * How every rule set's ship is declared: the fields every ship has (her id, base, name and side), then the rule set's
 * own, and no other key (a misspelt field in a roster or table file is refused rather than ignored). A field of the
 * ship's set-up carries its `label` for the form, as an action's fields do (`shipFieldsOf`, fields.ts).
 */
import { type TObject, type TProperties, Type } from "@sinclair/typebox";
import { safeName } from "./schema.ts";
import { BaseSizeSchema } from "./table-positions.ts";

/** The fields every rule set's ship starts with. */
export const SHIP_IDENTITY = {
  id: safeName(),
  /** The base in mm (docs/reference/request-result.md); default: the rule set's `defaultBase`. */
  base: BaseSizeSchema,
  /** Default: the id, as in every rule set. */
  name: Type.Optional(Type.String({ minLength: 1 })),
  side: safeName(),
};

type Identity = typeof SHIP_IDENTITY;

/**
 * A rule set's ship schema: {@link SHIP_IDENTITY}, then `fields`. A field of the same name takes the identity
 * field's place (WS&IM's ships, whose names are required).
 */
export function shipSchema<F extends TProperties>(fields: F): TObject<Omit<Identity, keyof F> & F> {
  const properties = { ...SHIP_IDENTITY, ...fields } as Omit<Identity, keyof F> & F;
  return Type.Object(properties, { additionalProperties: false });
}
