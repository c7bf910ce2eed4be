/**
 * Size and shape limits of everything a client sends (HTTP bodies and live-socket messages), checked on the
 * raw text before it is parsed and on the parsed value before any handler sees it, so nothing too big or too
 * deep is ever kept (a value nested thousands deep overflowed the stack when the state was serialised).
 */
import type { RulesError } from "../../src/result.ts";

export interface JsonLimits {
  /** Bytes of one HTTP body. */
  readonly bodyBytes: number;
  /** Bytes of one live-socket message. */
  readonly messageBytes: number;
  /** Nesting of objects and arrays (`{"a":[1]}` is 2 deep). */
  readonly depth: number;
  /** Characters of one string (key or value). */
  readonly stringChars: number;
  /** Keys of one object or items of one array. */
  readonly entries: number;
}

export const JSON_LIMITS: JsonLimits = {
  bodyBytes: 64 * 1024,
  messageBytes: 4 * 1024,
  depth: 16,
  stringChars: 2048,
  entries: 512,
};

/** Bytes of a roster or table file sent as text in a body (`POST /api/rosters/parse`, `/api/table-files/check`). */
export const TEXT_BYTES = 256 * 1024;

/** The limits of a route that takes one long text: the text may be {@link TEXT_BYTES}; depth and entries as usual. */
export const TEXT_BODY_LIMITS: JsonLimits = { ...JSON_LIMITS, bodyBytes: TEXT_BYTES + 4096, stringChars: TEXT_BYTES };

/**
 * The deepest nesting of a JSON text, counted without parsing (strings are skipped, so brackets inside them do
 * not count); stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

const pathOf = (base: string, key: string | number): string =>
  typeof key === "number" ? `${base}[${key}]` : base ? `${base}.${key}` : key;

/** The first string or collection past the limits in a parsed value (depth was checked on the text). */
function firstOversized(value: unknown, limits: JsonLimits, path: string, depth: number): RulesError | null {
  const at = path || "body";
  if (typeof value === "string") {
    if (value.length <= limits.stringChars) return null;
    return { code: "input.too-large", message: `${at} is longer than ${limits.stringChars} characters.`, path: at };
  }
  if (typeof value !== "object" || value === null || depth > limits.depth) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  if (entries.length > limits.entries) {
    return { code: "input.too-large", message: `${at} has more than ${limits.entries} entries.`, path: at };
  }
  for (const [k, v] of entries) {
    if (typeof k === "string" && k.length > limits.stringChars) {
      return { code: "input.too-large", message: `A key of ${at} is longer than ${limits.stringChars} characters.`, path: at };
    }
    const bad = firstOversized(v, limits, pathOf(path, k), depth + 1);
    if (bad) return bad;
  }
  return null;
}

/**
 * Parses a JSON text within the limits: too deep, too long a string, too many entries or not JSON at all is an
 * error in the contract's shape. `what` names the input in messages (`body`, `message`).
 */
export function parseBoundedJson(
  text: string,
  limits: JsonLimits = JSON_LIMITS,
  what = "body",
): { ok: true; value: unknown } | { ok: false; error: RulesError } {
  if (jsonDepth(text, limits.depth) > limits.depth) {
    return {
      ok: false,
      error: { code: "input.too-deep", message: `The ${what} is nested deeper than ${limits.depth} levels.`, path: what },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { code: "input.invalid", message: `The ${what} is not valid JSON: ${(e as Error).message}`, path: what } };
  }
  const bad = firstOversized(value, limits, "", 1);
  return bad ? { ok: false, error: what === "body" ? bad : { ...bad, path: bad.path.replace(/^body/, what) } } : { ok: true, value };
}
