/**
 * CSV roster import: one ship a row, columns `side,id,name,tag` and then the rule set's ship fields
 * (`rating,hull,crew,…`). Cells are read as booleans (`true`/`false`), numbers, JSON (`[1,2,1]`) or text;
 * an empty cell leaves the field to the rule set's default. Several tags go in one cell separated by spaces.
 */
import { parse } from "csv-parse/sync";
import { fail, ok, type Result } from "../../src/result.ts";

/** A roster row: the side, the ship's fields, and where it came from (`roster.csv:4`). */
export interface RosterShip {
  readonly side: string;
  readonly ship: Record<string, unknown>;
  readonly where: string;
}

const REQUIRED = ["side", "id", "name"] as const;

function cellValue(text: string): unknown {
  const t = text.trim();
  if (t === "true") return true;
  if (t === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t.startsWith("[") || t.startsWith("{")) {
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }
  return t;
}

/** Parses a roster's text; errors name `file:line` and the column. */
export function parseRoster(text: string, file: string): Result<RosterShip[]> {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    return fail("input.invalid", `${file} is not a valid CSV roster: ${(e as Error).message}`, line ? `${file}:${line}` : file);
  }
  const out: RosterShip[] = [];
  for (const { record, info } of rows) {
    const where = `${file}:${info.lines}`;
    for (const col of REQUIRED) {
      if (!record[col]) return fail("input.invalid", `${where}: the column "${col}" must not be empty.`, `${where} (${col})`);
    }
    const ship: Record<string, unknown> = {};
    for (const [col, text] of Object.entries(record)) {
      if (col === "side" || text === "") continue;
      ship[col] = col === "tag" ? text.split(/[\s;]+/).filter(Boolean) : col === "id" || col === "name" ? text : cellValue(text);
    }
    out.push({ side: record.side as string, ship, where });
  }
  if (out.length === 0) return fail("input.invalid", `${file} has no ships (expected a header row and one row per ship).`, file);
  return ok(out);
}
