/**
 * CSV roster import: one ship a row, columns `side,id,name,tag`, optionally `marker`, and then the rule set's ship
 * fields (`rating,hull,crew,…`). Cells are read as booleans (`true`/`false`), numbers, JSON (`[1,2,1]`) or text;
 * an empty cell leaves the field to the rule set's default. Several tags go in one cell separated by spaces. A
 * `marker` is the camera's ship marker on her base (10–586, one ship each, as a table file's `marker`); a ship
 * without one carries hers by roster order.
 */

import { parse } from "csv-parse/sync";
import { notShipMarker } from "../../devices/camera/markers.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import { cellValue } from "../public/lib/cell.js";
import { bracketDepth, CELL_CHARS, CELL_DEPTH, MAX_SHIPS } from "./limits.ts";

/** A roster row: the side, the ship's fields, and where it came from (`roster.csv:4`). */
export interface RosterShip {
  readonly side: string;
  readonly ship: Record<string, unknown>;
  readonly where: string;
}

/** A bad row of a roster: its line, the column or field, and what is wrong with it. */
export interface RosterProblem {
  readonly line: number | null;
  readonly field: string;
  readonly message: string;
}

/** A ship read from a roster, with the line it is written on. */
export interface RosterRow {
  readonly line: number;
  readonly side: string;
  readonly ship: Record<string, unknown>;
}

const REQUIRED = ["side", "id", "name"] as const;

/**
 * Reads every row of a CSV roster: the rows that have side, id and name, and a problem for each that does not.
 * A text that is not CSV at all is one problem at the line where reading stopped.
 */
export function readCsvRoster(text: string): { rows: RosterRow[]; problems: RosterProblem[] } {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  try {
    // one row past the cap is read, so the cap is reported at its line; the rest is never parsed
    parsed = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true, to: MAX_SHIPS + 1 });
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? null;
    return { rows: [], problems: [{ line, field: "", message: `not a valid CSV roster: ${(e as Error).message}` }] };
  }
  const rows: RosterRow[] = [];
  const problems: RosterProblem[] = [];
  const markers = new Map<number, number>(); // marker → the line of the ship that has it
  for (const { record, info } of parsed) {
    const missing = REQUIRED.find((col) => !record[col]);
    if (missing) {
      problems.push({ line: info.lines, field: missing, message: `the column "${missing}" must not be empty.` });
      continue;
    }
    const ship: Record<string, unknown> = {};
    const huge = Object.entries(record).find(([, cell]) => cell.length > CELL_CHARS || bracketDepth(cell, CELL_DEPTH) > CELL_DEPTH);
    if (huge) {
      const message = `the cell "${huge[0]}" is longer than ${CELL_CHARS} characters or nested more than ${CELL_DEPTH} deep.`;
      problems.push({ line: info.lines, field: huge[0], message });
      continue;
    }
    const marker = record.marker ? markerProblem(record.marker, markers) : null;
    if (typeof marker === "string") {
      problems.push({ line: info.lines, field: "marker", message: marker });
      continue;
    }
    if (marker !== null) markers.set(marker, info.lines);
    for (const [col, cell] of Object.entries(record)) {
      if (col === "side" || cell === "") continue;
      ship[col] = col === "tag" ? cell.split(/[\s;]+/).filter(Boolean) : col === "id" || col === "name" ? cell : cellValue(cell);
    }
    rows.push({ line: info.lines, side: record.side as string, ship });
  }
  return { rows, problems };
}

/** A `marker` cell's marker, or why it cannot be hers: not a ship marker's id, or another row's already. */
function markerProblem(cell: string, taken: ReadonlyMap<number, number>): number | string {
  const marker = /^\d+$/.test(cell) ? Number(cell) : Number.NaN;
  const not = notShipMarker(marker, cell);
  if (not) return not;
  const other = taken.get(marker);
  return other === undefined ? marker : `marker ${marker} is already on the ship of line ${other}.`;
}

/** Parses a roster's text; errors name `file:line` and the column. */
export function parseRoster(text: string, file: string): Result<RosterShip[]> {
  const { rows, problems } = readCsvRoster(text);
  const first = problems[0];
  if (first) {
    const where = first.line === null ? file : `${file}:${first.line}`;
    if (!first.field) return fail("input.invalid", `${file} is ${first.message}`, where);
    return fail("input.invalid", `${where}: ${first.message}`, `${where} (${first.field})`);
  }
  if (rows.length === 0) return fail("input.invalid", `${file} has no ships (expected a header row and one row per ship).`, file);
  // reading stopped one row past the cap: that row is named, never silently dropped with those after it
  const over = rows[MAX_SHIPS];
  if (over) return fail("input.invalid", `${file}:${over.line}: a roster holds at most ${MAX_SHIPS} ships.`, `${file}:${over.line}`);
  return ok(rows.map((r) => ({ side: r.side, ship: r.ship, where: `${file}:${r.line}` })));
}
