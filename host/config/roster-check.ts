/**
 * A roster checked against a rule set before it becomes fleets (issue 12: add ships from a roster uploaded in the
 * page): CSV (see roster.ts) or YAML, every bad row reported at once by its line and field, so a club member fixes
 * the file in one go. Each ship is checked by the rule set's own `parseState`, alone, then ids and tags across the
 * roster.
 */
import { normaliseUid } from "../../devices/nfc/presence.ts";
import type { RuleSet } from "../../src/game/types.ts";
import { ok, type Result } from "../../src/result.ts";
import { parseDataText } from "./data-file.ts";
import { MAX_SHIPS } from "./limits.ts";
import { type RosterProblem, type RosterRow, readCsvRoster } from "./roster.ts";

/** Ships one roster may hold (a game's cap). */
export const ROSTER_MAX_SHIPS = MAX_SHIPS;

/** A ship of a checked roster, as a fleet entry takes it with its side: `{side, id, name, tag?, …fields}`. */
export type RosterEntry = { readonly side: string; readonly id: string; readonly name: string } & Readonly<Record<string, unknown>>;

/** A roster refused: the first problem's sentence, and every problem by line and field. */
export interface RosterError {
  readonly code: "roster.invalid";
  readonly message: string;
  readonly path: string;
  readonly errors: readonly RosterProblem[];
}

const lineOf = (located: string): number | null => {
  const m = /:(\d+)(?: \(|$)/.exec(located);
  return m ? Number(m[1]) : null;
};

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A YAML roster: a list of ships each with its `side`, or a table file's `fleets:` ([{side, ships}]). */
export function readYamlRoster(text: string): { rows: RosterRow[]; problems: RosterProblem[] } {
  const file = parseDataText(text, "roster");
  if (!file.ok) return { rows: [], problems: [{ line: lineOf(file.error.path), field: "", message: file.error.message }] };
  const { value, locate } = file.value;
  const fleets = isMap(value) && Array.isArray(value.fleets) ? value.fleets : null;
  const listed: { path: string; side: unknown; ship: unknown }[] = fleets
    ? fleets.flatMap((f, fi) =>
        isMap(f) && Array.isArray(f.ships) ? f.ships.map((ship, si) => ({ path: `fleets[${fi}].ships[${si}]`, side: f.side, ship })) : [],
      )
    : Array.isArray(value)
      ? value.map((ship, i) => ({ path: `[${i}]`, side: isMap(ship) ? ship.side : undefined, ship }))
      : [];
  if (listed.length === 0) {
    const message = "expected a list of ships (each with side, id and name) or fleets: [{side, ships}].";
    return { rows: [], problems: [{ line: lineOf(locate("")), field: "", message }] };
  }
  const rows: RosterRow[] = [];
  const problems: RosterProblem[] = [];
  for (const { path, side, ship } of listed) {
    const line = lineOf(locate(path)) ?? 0;
    if (!isMap(ship)) {
      problems.push({ line, field: "", message: "a ship must be a map of fields (side, id, name, …)." });
      continue;
    }
    const missing = (["side", "id", "name"] as const).find((k) => (k === "side" ? side : ship[k]) === undefined);
    if (missing) {
      problems.push({ line, field: missing, message: `${missing} is required.` });
      continue;
    }
    const { side: _side, ...fields } = ship;
    rows.push({ line, side: String(side), ship: { ...fields, id: String(fields.id), name: String(fields.name) } });
  }
  return { rows, problems };
}

/** One row's problems with its tags; the tags normalised, each remembered with its line. */
function checkTags(row: RosterRow, seen: Map<string, number>, problems: RosterProblem[]): string[] {
  const raw = row.ship.tag;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const t of list) {
    const uid = normaliseUid(String(t));
    if (uid === null) problems.push({ line: row.line, field: "tag", message: `"${String(t)}" is not a hex tag UID.` });
    else if (seen.has(uid))
      problems.push({ line: row.line, field: "tag", message: `tag ${uid} is already on the ship of line ${seen.get(uid)}.` });
    else {
      seen.set(uid, row.line);
      out.push(uid);
    }
  }
  return out;
}

/** Reads and checks a roster for `rs`: its ships, or every problem by line and field. */
export function checkRoster(rs: RuleSet, format: "csv" | "yaml", text: string): Result<RosterEntry[], RosterError> {
  const read = format === "csv" ? readCsvRoster(text) : readYamlRoster(text);
  const problems = [...read.problems];
  if (read.rows.length > ROSTER_MAX_SHIPS) {
    problems.push({
      line: read.rows[ROSTER_MAX_SHIPS]?.line ?? null,
      field: "",
      message: `a roster holds at most ${ROSTER_MAX_SHIPS} ships.`,
    });
  }
  const ids = new Map<string, number>();
  const tags = new Map<string, number>();
  const ships: RosterEntry[] = [];
  for (const row of read.rows.slice(0, ROSTER_MAX_SHIPS)) {
    const id = String(row.ship.id);
    if (ids.has(id))
      problems.push({ line: row.line, field: "id", message: `"${id}" is already the id of the ship of line ${ids.get(id)}.` });
    else ids.set(id, row.line);
    const uids = checkTags(row, tags, problems);
    const { tag: _tag, marker, ...fields } = row.ship;
    const parsed = rs.parseState({ ships: [{ ...fields, side: row.side }] });
    if (!parsed.ok) {
      const field = /^ships\[0\]\.?([^\s[]*)/.exec(parsed.error.path)?.[1] ?? "";
      problems.push({ line: row.line, field, message: parsed.error.message.replace(/^ships\[0\]\.?/, "") });
    }
    ships.push({
      side: row.side,
      ...fields,
      id,
      name: String(row.ship.name),
      ...(uids.length > 0 ? { tag: uids } : {}),
      ...(marker !== undefined ? { marker } : {}),
    });
  }
  if (problems.length === 0 && ships.length === 0) problems.push({ line: null, field: "", message: "the roster has no ships." });
  if (problems.length === 0) return ok(ships);
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const said = problems
    .slice(0, 3)
    .map((p) => `${p.line === null ? "" : `line ${p.line}`}${p.field ? ` (${p.field})` : ""}: ${p.message}`.trim());
  const more = problems.length > 3 ? ` … and ${problems.length - 3} more` : "";
  const message = `The ${rs.id} roster has ${problems.length} problem(s): ${said.join("; ")}${more}`;
  return { ok: false, error: { code: "roster.invalid", message, path: "text", errors: problems } };
}
