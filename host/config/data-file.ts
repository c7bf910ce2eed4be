/**
 * Reads a YAML or JSON file keeping positions, so an error at a JSON path inside it can be reported as
 * `file:line` (with the key). Used for rule-set data files, table configuration and rosters.
 */
import { readFileSync, statSync } from "node:fs";
import { isCollection, LineCounter, parseDocument } from "yaml";
import type { RulesError } from "../../src/result.ts";

/** Alias expansions a data file may use (yaml's own default; a table file needs a handful at most). */
export const MAX_ALIAS_COUNT = 100;

/** A parsed file with a way to locate a JSON path in it. */
export interface LoadedFile {
  readonly file: string;
  readonly value: unknown;
  /** `ships[0].rating` → `table.yaml:12` (the line of that key, or of its nearest existing parent). */
  locate(path: string): string;
  /** The line of the node at a split path, or undefined (what `locate` walks up from; prepared-data.ts keeps it). */
  lineAt?(parts: readonly (string | number)[]): number | undefined;
}

/** `file:line (path)` of the deepest part of `path` that has a line, else the file alone. */
export function locateBy(file: string, path: string, lineAt: (parts: readonly (string | number)[]) => number | undefined): string {
  const parts = splitPath(path);
  for (let n = parts.length; n >= 0; n--) {
    const line = lineAt(parts.slice(0, n));
    if (line !== undefined) return `${file}:${line}${path ? ` (${path})` : ""}`;
  }
  return file;
}

/** `ships[0].rating` → ["ships", 0, "rating"]. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string));
  return out;
}

/** Parses YAML/JSON text; a syntax error is an `input.invalid` RulesError at file:line. */
export function parseDataText(text: string, file: string): { ok: true; value: LoadedFile } | { ok: false; error: RulesError } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const { line, col } = lines.linePos(first.pos[0]);
    return {
      ok: false,
      error: {
        code: "input.invalid",
        message: `${file}:${line}:${col} is not valid YAML/JSON: ${first.message.split("\n")[0]}`,
        path: `${file}:${line}`,
      },
    };
  }
  /** The line of the node at `parts` (of its key, when its parent is a map); undefined where there is none. */
  const lineAt = (parts: readonly (string | number)[]): number | undefined => {
    const n = parts.length;
    const parent = n > 0 ? doc.getIn(parts.slice(0, -1), true) : null;
    // the key's own position when the value's parent is a map; else the node's position
    let node: unknown = n === 0 ? doc.contents : doc.getIn(parts, true);
    if (isCollection(parent) && "items" in parent) {
      const pair = (parent.items as { key?: { value?: unknown; range?: [number, number, number] } }[]).find(
        (it) => it.key && (it.key as { value?: unknown }).value === parts[n - 1],
      );
      if (pair?.key?.range) node = pair.key;
    }
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    return range ? lines.linePos(range[0]).line : undefined;
  };
  const locate = (path: string): string => locateBy(file, path, lineAt);
  let value: unknown;
  try {
    // yaml refuses more than maxAliasCount alias expansions (a "billion laughs" file would fill memory)
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return {
      ok: false,
      error: { code: "input.invalid", message: `${file} cannot be read as data: ${(e as Error).message}.`, path: file },
    };
  }
  return { ok: true, value: { file, value, locate, lineAt } };
}

/** What the build keeps of a bundled data file (`FILE.json` beside it): its value, and the line of each node. */
export interface PreparedData {
  readonly value: unknown;
  /** `JSON.stringify(parts)` → line, for every node of the file (the root is `[]`). */
  readonly lines: Readonly<Record<string, number>>;
}

/** The copy the build prepared beside `file`, when there is one no older than the file; else undefined. */
function readPrepared(file: string): LoadedFile | undefined {
  const copy = `${file}.json`;
  let prepared: PreparedData;
  try {
    if (statSync(copy).mtimeMs < statSync(file).mtimeMs) return undefined;
    prepared = JSON.parse(readFileSync(copy, "utf8")) as PreparedData;
  } catch {
    return undefined; // none, or unreadable: the file itself is parsed
  }
  const lineAt = (parts: readonly (string | number)[]) => prepared.lines[JSON.stringify(parts)];
  return { file, value: prepared.value, locate: (path) => locateBy(file, path, lineAt), lineAt };
}

/**
 * Reads and parses a file; a missing file is an `input.invalid` error naming it. A copy prepared by the build
 * (`FILE.json` beside it, no older than it: prepared-data.ts) is read instead of parsing the YAML.
 */
export function loadDataFile(file: string): { ok: true; value: LoadedFile } | { ok: false; error: RulesError } {
  const prepared = readPrepared(file);
  if (prepared) return { ok: true, value: prepared };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return {
      ok: false,
      error: {
        code: "input.invalid",
        message: `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
        path: file,
      },
    };
  }
  return parseDataText(text, file);
}
