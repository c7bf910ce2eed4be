/**
 * Prepared copies of the bundled data files (the scenarios and their data), written by the build beside each YAML
 * file as `FILE.yaml.json`: the parsed value and the line of every node, so that `loadDataFile` can skip parsing the
 * YAML (about a fifth of `quarterdeck start`'s CPU time, docs/performance.md) and still say `file:line` in an error.
 */
import { isDeepStrictEqual } from "node:util";
import { type PreparedData, parseDataText } from "./data-file.ts";

/** Every path of a JSON value, the root (`[]`) first. */
function* pathsOf(value: unknown, at: (string | number)[] = []): Generator<(string | number)[]> {
  yield at;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* pathsOf(v, [...at, i]);
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* pathsOf(v, [...at, k]);
}

/**
 * The prepared copy of a YAML/JSON text, or undefined when it cannot stand in for the text (a syntax error, or a
 * value JSON cannot carry unchanged): then the file is parsed at run time, as before.
 */
export function prepareData(text: string, file: string): PreparedData | undefined {
  const parsed = parseDataText(text, file);
  if (!parsed.ok || !parsed.value.lineAt) return undefined;
  const { value, lineAt } = parsed.value;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(value) ?? "null"), value)) return undefined;
  const lines: Record<string, number> = {};
  for (const parts of pathsOf(value)) {
    const line = lineAt(parts);
    if (line !== undefined) lines[JSON.stringify(parts)] = line;
  }
  return { value, lines };
}
