/**
 * Validation of request, ship and action JSON against TypeBox schemas, turning the first schema error
 * into a {@link RulesError} with a JSON path and a sentence a player understands.
 */
import { type SchemaOptions, type Static, type TLiteral, type TSchema, type TUnion, Type } from "@sinclair/typebox";
import { Value, type ValueError, ValueErrorType } from "@sinclair/typebox/value";
import type { ErrorCode } from "../error-codes.ts";
import { fail, ok, type Result } from "../result.ts";

/**
 * A union of literals: one of `values` (`literals(["port", "starboard"], { default: "port" })`). Options carry
 * the default and form annotations (`label`, see fields.ts).
 */
export function literals<const T extends string | number>(
  values: readonly T[],
  options: SchemaOptions & { default?: NoInfer<T> } = {},
): TUnion<TLiteral<T>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
}

/** `/ships/0/rating` under base `ships` → `ships[0].rating`. */
export function pointerToPath(base: string, pointer: string): string {
  let path = base;
  for (const part of pointer.split("/").slice(1)) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    path = /^\d+$/.test(key) ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`;
  }
  return path;
}

function allowedValues(schema: TSchema): unknown[] | null {
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!options?.every((s) => "const" in s)) return null;
  return options.map((s) => (s as unknown as { const: unknown }).const);
}

/**
 * The names the table keys its objects by — ship ids, sides, squadrons — from table files, rosters and requests: no
 * control characters, not starting with "_" or a space, and none of the names every JavaScript object already has
 * (`constructor`, `toString` …), so a name can never reach a prototype's member (`__proto__` and `constructor` as
 * ship ids gave 500 on every broadside).
 */
export const SAFE_NAME_PATTERN =
  "^(?!(?:constructor|hasOwnProperty|isPrototypeOf|propertyIsEnumerable|toLocaleString|toString|valueOf|prototype)$)[^_\\s\\x00-\\x1f\\x7f][^\\x00-\\x1f\\x7f]{0,99}$";

/** A name objects are keyed by (see {@link SAFE_NAME_PATTERN}); `emptyAllowed` also takes "" (no squadron). */
export const safeName = (options: SchemaOptions & { emptyAllowed?: boolean } = {}) => {
  const { emptyAllowed, ...rest } = options;
  return Type.String({
    ...(emptyAllowed ? {} : { minLength: 1 }),
    pattern: emptyAllowed ? `^$|${SAFE_NAME_PATTERN}` : SAFE_NAME_PATTERN,
    ...rest,
  });
};

/** A readable sentence for one TypeBox error. */
export function describeError(e: ValueError): string {
  const pattern = (e.schema as { pattern?: string }).pattern;
  if (e.type === ValueErrorType.StringPattern && pattern?.endsWith(SAFE_NAME_PATTERN))
    return `must be at most 100 characters, not start with "_" or a space, hold no control characters, and not be a name JavaScript keeps for itself (constructor, toString …); got ${JSON.stringify(e.value)}`;
  const allowed = allowedValues(e.schema);
  if (allowed) return `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
  if (e.value === undefined) return "is required";
  const s = e.schema as { minimum?: number; maximum?: number; type?: string };
  if (typeof e.value === "number" && (s.minimum !== undefined || s.maximum !== undefined)) {
    return `must be ${s.minimum !== undefined ? `at least ${s.minimum}` : ""}${s.minimum !== undefined && s.maximum !== undefined ? " and " : ""}${s.maximum !== undefined ? `at most ${s.maximum}` : ""}; got ${e.value}`;
  }
  return `${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}; got ${JSON.stringify(e.value) ?? "nothing"}`;
}

/**
 * Applies the schema's defaults to a copy of `raw` and checks it. Unknown keys are an error when the
 * schema says `additionalProperties: false`.
 */
export function parseWith<T extends TSchema>(schema: T, raw: unknown, base: string, code: ErrorCode = "input.invalid"): Result<Static<T>> {
  const value = Value.Default(schema, Value.Clone(raw ?? undefined));
  // a valid value (nearly every one, on the die's path each resolution) is checked once, without walking its errors
  if (Value.Check(schema, value)) return ok(value as Static<T>);
  const first = Value.Errors(schema, value).First();
  if (!first) return ok(value as Static<T>);
  const path = pointerToPath(base, first.path);
  if (first.value === undefined && first.path !== "") {
    return fail(code, `${path} is required.`, path);
  }
  if (first.type === ValueErrorType.ObjectAdditionalProperties) {
    // TypeBox reports an unknown key at its own path, with the key's value (not the object) as `value`.
    const known = Object.keys((first.schema as { properties?: object }).properties ?? {});
    return fail(code, `${path} is not a known field (known: ${known.join(", ")}).`, path);
  }
  if (
    (first.schema as { additionalProperties?: unknown }).additionalProperties === false &&
    first.value &&
    typeof first.value === "object"
  ) {
    const known = Object.keys((first.schema as { properties?: object }).properties ?? {});
    const extra = Object.keys(first.value as object).find((k) => !known.includes(k));
    if (extra !== undefined) {
      const at = pointerToPath(path, `/${extra}`);
      return fail(code, `${at} is not a known field (known: ${known.join(", ")}).`, at);
    }
  }
  return fail(code, `${path || "the input"} ${describeError(first)}.`, path);
}
