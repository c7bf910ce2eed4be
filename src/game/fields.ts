/**
 * An action's form fields ({@link ActionField}) read off its TypeBox schema, so the schema is the one place an action's
 * inputs are written. A property's `label` annotation names it on the form; `input: "ship"` (a ship id) or
 * `input: "ships"` (a list of ship ids) marks the fields filled by tapping ship bases; `choices` lists the values a
 * form offers when the schema cannot say them; `hidden: true` leaves out a
 * field the form never asks for (one a follow-up fills). Type, choices, default, bounds and whether the field is
 * optional come from the schema itself (a `null` default reads as optional: the field may be left empty).
 */
import { Kind, type TObject, type TSchema } from "@sinclair/typebox";
import type { ActionField } from "./types.ts";

/** The annotations {@link fieldsOf} reads from an action property's schema options. */
export interface FieldAnnotations {
  /** What the form calls the field. Defaults to the property name. */
  readonly label?: string;
  /** A ship id (`ship`) or a list of them (`ships`), filled by tapping ship bases. */
  readonly input?: "ship" | "ships";
  /** The values the form offers when the schema's own cannot say them (an array of mast numbers picked one at a time). */
  readonly choices?: readonly (string | number)[];
  /** Not on the form: the field is filled by a follow-up or a program. */
  readonly hidden?: boolean;
  /** What players call each value, by the value (`{ "point-blank": "Point blank" }`): forms and the display show these. */
  readonly valueLabels?: Readonly<Record<string, string>>;
}

/** The allowed values of a union of literals, or null when the schema is not one. */
export function literalValues(schema: TSchema): (string | number)[] | null {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!options?.every((s) => typeof (s as { const?: unknown }).const === "string" || typeof (s as { const?: unknown }).const === "number"))
    return null;
  return options.map((s) => (s as unknown as { const: string | number }).const);
}

function typeOf(schema: TSchema): Pick<ActionField, "type" | "values" | "valueLabels"> {
  const { input, choices, valueLabels } = schema as FieldAnnotations;
  if (input) return { type: input };
  const labels = valueLabels ? { valueLabels } : {};
  if (choices) return { type: "enum", values: choices, ...labels };
  const values = literalValues(schema);
  if (values) return { type: "enum", values, ...labels };
  const kind = (schema as { [Kind]?: string })[Kind];
  if (kind === "Literal") return { type: "enum", values: [(schema as unknown as { const: string | number }).const] };
  if (kind === "Boolean") return { type: "boolean" };
  if (kind === "Number" || kind === "Integer") return { type: "number" };
  return { type: "string" };
}

/** One form field from a property's schema. */
function fieldOf(name: string, schema: TSchema, required: boolean): ActionField {
  const s = schema as TSchema & FieldAnnotations & { minimum?: number; maximum?: number; default?: unknown };
  return {
    name,
    label: s.label ?? name,
    ...typeOf(s),
    // A null default is "none": the field may be left empty.
    ...(s.default !== undefined && s.default !== null ? { default: s.default } : {}),
    ...(!required || s.default === null ? { optional: true } : {}),
    ...(s.minimum !== undefined ? { min: s.minimum } : {}),
    ...(s.maximum !== undefined ? { max: s.maximum } : {}),
  };
}

/**
 * The form fields of an action schema, in property order: every property but `type` and the `hidden` ones.
 */
export function fieldsOf(schema: TObject): ActionField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties)
    .filter(([name, s]) => name !== "type" && (s as FieldAnnotations).hidden !== true)
    .map(([name, s]) => fieldOf(name, s, required.has(name)));
}

/**
 * The fields of a ship's set-up (what a roster gives after side, id, name and tag; not its damage), read off the
 * rule set's ship schema as an action's fields are: every property with a `label` annotation, in the schema's order
 * and named by it. The set-up form is built from these, and the same schema checks what it sends.
 */
export function shipFieldsOf(schema: TObject): ActionField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const label = (property as FieldAnnotations).label;
    if (label === undefined) return [];
    // a set-up field with a default may be left empty: the rule set fills it in
    const optional = !required.has(name) || (property as { default?: unknown }).default !== undefined;
    return [{ ...fieldOf(name, property, !optional), label }];
  });
}
