/**
 * How every action's schema is written: its `type` literal and its fields, and no other key (an unknown key is an
 * error, so a misspelt field is refused rather than ignored). The fields' annotations (`label`, `input`) are read by
 * fields.ts for the form.
 */
import { type SchemaOptions, type TLiteral, type TObject, type TProperties, Type } from "@sinclair/typebox";

/**
 * The schema of the action `type` with `fields`: `actionSchema("board", { attacker: shipField("Boarding ship") })`
 * is `Type.Object({ type: Type.Literal("board"), attacker: … }, { additionalProperties: false })`.
 */
export function actionSchema<const K extends string, F extends TProperties = {}>(
  type: K,
  fields?: F,
  options: SchemaOptions = {},
): TObject<{ type: TLiteral<K> } & F> {
  const properties = { type: Type.Literal(type), ...fields } as { type: TLiteral<K> } & F;
  return Type.Object(properties, { ...options, additionalProperties: false });
}

/** A field naming one ship by its id, filled on the form by tapping her base (`input: "ship"`). */
export const shipField = (label: string) => Type.String({ label, input: "ship" });
