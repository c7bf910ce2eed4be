/**
 * A club's data file brought to the table from the browser (issue 28 item 3): a Quickfire chart or a WS&IM base-game
 * file (YAML or JSON), or a club's own copy of sail(6)'s `globals.c`, converted as `quarterdeck data import-sail`
 * does. Checked whole by the rule set before anything is kept; an error names the line and the key
 * (`chart.yaml:12 (gunnery.columns[2].hits)`), and nothing is saved. The data the game keeps is the rule set's
 * parsed data; it travels inline in the game's exported table file (`data:` as a map).
 */
import type { RuleSet } from "../../src/game/types.ts";
import { fail, ok, type Result, type RulesError } from "../../src/result.ts";
import { importSailGlobals } from "../import/sail-globals.ts";
import { parseDataText } from "./data-file.ts";

/** `data`: the rule set's own data file (YAML or JSON); `sail-globals`: sail(6)'s `globals.c`, converted first. */
export type DataFormat = "data" | "sail-globals";

/** A data file that the rule set accepted. */
export interface CheckedData {
  /** The rule set's parsed data, as the game keeps it. */
  readonly data: unknown;
  readonly name: string;
  readonly format: DataFormat;
  /** The file's top-level sections, for the page to say what was read. */
  readonly sections: readonly string[];
}

/** A data-file error with where it is: the line (when known) and the key. */
export interface DataFileError extends RulesError {
  readonly line: number | null;
  readonly key: string;
}

/** The format a file name says: `globals.c` (any `.c`) is sail(6)'s; anything else the rule set's YAML or JSON. */
export const formatOfName = (name: string): DataFormat => (/\.c$/i.test(name) ? "sail-globals" : "data");

/** `chart.yaml:12 (gunnery.columns[2])` → line 12, key `gunnery.columns[2]`. */
function where(at: string, name: string): { line: number | null; key: string } {
  const m = /^(.*?):(\d+)(?::\d+)?(?: \((.*)\))?$/.exec(at);
  if (!m || m[1] !== name) return { line: null, key: "" };
  return { line: Number(m[2]), key: m[3] ?? "" };
}

function refused(name: string, message: string, at: string): { ok: false; error: DataFileError } {
  const w = where(at, name);
  // a C table's error names the table first (`globals.c:23: RigTable: …`): that is its key
  const table = w.key === "" ? /^[^:]+:\d+: (\w+): /.exec(message)?.[1] : undefined;
  return { ok: false, error: { code: "input.invalid", message, path: at, ...w, ...(table ? { key: table } : {}) } };
}

/** Checks a data file for a rule set; the error names the file's line and key, and nothing is kept on error. */
export function checkDataFile(rs: RuleSet, name: string, text: string, format = formatOfName(name)): Result<CheckedData, DataFileError> {
  if (!rs.dataFile) {
    const r = fail("input.invalid", `${rs.title} takes no data file.`, "ruleset");
    return { ok: false, error: { ...r.error, line: null, key: "" } };
  }
  let source = text;
  let file = name;
  if (format === "sail-globals") {
    if (rs.id !== "wsim-battle-v3") return refused(name, `${name}: sail(6)'s globals.c holds WS&IM's tables, not ${rs.title}'s.`, name);
    const imported = importSailGlobals(text, name);
    if (!imported.ok) return refused(name, imported.error.message, imported.error.path);
    source = imported.value.text;
    file = `${name} (converted)`;
  }
  const parsed = parseDataText(source, file);
  if (!parsed.ok) return refused(file, parsed.error.message, parsed.error.path);
  const value = parsed.value.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return refused(file, `${file}:1: a data file is a map of tables (${rs.dataFile.description}).`, `${file}:1`);
  }
  const data = rs.dataFile.parse(value);
  if (!data.ok) {
    const at = parsed.value.locate(data.error.path);
    return refused(file, `${at}: ${data.error.message}`, at);
  }
  return ok({ data: data.value, name, format, sections: Object.keys(value) });
}
