/**
 * A response schema made ready for fast-json-stringify: the same fields, its unions written so the serialiser writes
 * them with no validation. For `anyOf` fast-json-stringify validates the value against each branch with ajv to pick
 * one, which made the table state 2.5 times slower to write than `JSON.stringify` (and compiled ajv on the first
 * write). The schema itself stays as TypeBox writes it (checked by `Value.Check`, shown by the OpenAPI document); only
 * the serialiser's copy is rewritten, and it writes the same fields:
 * - `T | null` becomes `T` with `nullable: true` (fast-json-stringify's own keyword: `null`, else `T`);
 * - a union of literals of one type becomes that type (a word is written as a string);
 * - a string (not a literal, no format) becomes the empty schema: written by `JSON.stringify`, as fast-json-stringify
 *   itself writes strings on V8 13.8 and later, where the native escape is faster than its loop (Node 20's V8 is
 *   older: its loop made the state 25 % slower to write than `JSON.stringify`);
 * - a union of objects (an outcome fact by its `kind`, a die's source) becomes one object with every branch's
 *   fields, each written as its branches declare it (as `JSON.stringify` writes it where they differ);
 * - any other union (string | number | boolean, a die or a list of dice) becomes the empty schema, and so do an open
 *   part (a record of anything: an action's fields, an outcome) and a list of them: written whole by `JSON.stringify`.
 */
import { isDeepStrictEqual } from "node:util";
import type { TSchema } from "@sinclair/typebox";

type Schema = Record<string, unknown>;

const isNull = (s: Schema): boolean => s.type === "null";
const propsOf = (s: Schema): Record<string, Schema> => (s.properties ?? {}) as Record<string, Schema>;

/** One object with every member's fields: a field's schema is theirs where the members agree, else any value. */
function merged(members: readonly Schema[], rest: Schema): Schema {
  const keys = [...new Set(members.flatMap((m) => Object.keys(propsOf(m))))];
  const properties = Object.fromEntries(
    keys.map((k) => {
      const [first, ...more] = members.map((m) => propsOf(m)[k]).filter((s) => s !== undefined);
      const same = more.every((s) => isDeepStrictEqual(s, first));
      return [k, same && first && first.const === undefined ? lower(first) : {}];
    }),
  );
  const required = keys.filter((k) => members.every((m) => ((m.required ?? []) as string[]).includes(k)));
  return { ...rest, type: "object", properties, required, additionalProperties: false };
}

function lowerUnion(members: readonly Schema[], rest: Schema): Schema {
  const [only] = members;
  if (members.length === 1 && only) return { ...rest, ...(lower(only) as Schema) };
  const types = new Set(members.map((m) => m.type));
  if (members.every((m) => m.const !== undefined) && types.size === 1) return lower({ ...rest, type: members[0]?.type }) as Schema;
  if (members.every((m) => m.type === "object" && m.properties !== undefined)) return merged(members, rest);
  return { ...rest };
}

/** A record's schema: the empty schema when its values may be anything, else the record with its values' schema lowered. */
function openPart(o: Schema): Schema {
  const values = Object.values(o.patternProperties as Schema) as Schema[];
  const anything = values.every((v) => Object.keys(v).length === 0);
  const { type: _type, patternProperties: _p, ...rest } = o;
  return anything ? rest : (Object.fromEntries(Object.entries(o).map(([k, v]) => [k, lower(v)])) as Schema);
}

function lower(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(lower);
  if (s === null || typeof s !== "object") return s;
  const o = s as Schema;
  // an open part (a record of anything: a rule set's own shape) is written whole by JSON.stringify, not key by key
  if (o.type === "object" && o.patternProperties !== undefined && o.properties === undefined) return openPart(o);
  if (Array.isArray(o.anyOf)) {
    const { anyOf, ...rest } = o;
    const members = anyOf as Schema[];
    const others = members.filter((m) => !isNull(m));
    const lowered = lowerUnion(others, rest);
    // (a schema with no type, written as JSON.stringify writes it, writes null as null already)
    return others.length < members.length && lowered.type !== undefined ? { ...lowered, nullable: true } : lowered;
  }
  if (o.type === "string" && o.const === undefined && o.format === undefined) {
    const { type: _type, ...rest } = o;
    return rest;
  }
  const out = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, lower(v)])) as Schema;
  // a list of anything (of open parts: events, an action's fields) is written whole by JSON.stringify, not item by item
  if (out.type === "array" && isAnything(out.items as Schema)) {
    const { type: _type, items: _items, ...rest } = out;
    return rest;
  }
  return out;
}

/** The empty schema (but for words about it): any value, written by JSON.stringify. */
const isAnything = (s: Schema | undefined): boolean => s !== undefined && Object.keys(s).every((k) => k === "description" || k === "title");

/** The serialiser's copy of `schema` (see above). TypeBox's symbol keys are left behind: it is plain JSON Schema. */
export const serializerSchema = (schema: TSchema): Schema => lower(JSON.parse(JSON.stringify(schema))) as Schema;
