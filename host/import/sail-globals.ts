/**
 * `quarterdeck data import-sail`: turns a club's own copy of BSD sail(6)'s `globals.c` into a wsim-battle-v3 data
 * file in the base game's model. The project ships this reader, never the numbers: every number written comes
 * from the file read, and the file's BSD copyright notice and its source are carried in the output's header.
 *
 * How sail(6) indexes its tables (its fire and melee code, not globals.c) decides the layout read here:
 * gun band = (guns − 1) / 3, capped at the last row of HDT; carronades count at a range under 3; HDT[band][range − 1]
 * (HDTrake when raking); QUAL[band][quality − 1] with qualities mutinous, green, mundane, crack, elite;
 * AMMO[band][shot − 1] with shots grape, chain, round, double, reaching `rangeofshot[shot]`; grape makes the Hit
 * Table number crew hits, chain leaves hull and guns alone; RigTable/HullTable[number][die − 1] = {H, G, C, R};
 * MT[strength / 10][2 − die / 3] crew lost in melee.
 */
import { parse } from "yaml";
import type { RulesError } from "../../src/result.ts";
import { parseWsimData } from "../../src/rulesets/wsim-battle-v3/data.ts";
import { type CSource, cArray, grid, readCSource } from "./c-tables.ts";

type R<T> = { ok: true; value: T } | { ok: false; error: RulesError };
const fail = (path: string, message: string): { ok: false; error: RulesError } => ({
  ok: false,
  error: { code: "input.invalid", message: `${path}: ${message}`, path },
});

const QUALITIES = ["poor", "green", "average", "crack", "elite"] as const;
const SHOTS = ["grape", "chain", "round", "double"] as const;

/** The BSD notice: the first comment holding "Copyright", without its comment markers. */
function notice(src: CSource): string | null {
  const c = src.comments.find((x) => /copyright/i.test(x.text));
  if (!c) return null;
  const lines = c.text
    .replace(/^\/\*+/, "")
    .replace(/\*+\/$/, "")
    .split("\n")
    .map((l) => l.replace(/^\s*\*? ?/, "").replace(/\s+$/, ""));
  while (lines[0] === "") lines.shift();
  while (lines.at(-1) === "") lines.pop();
  return lines.join("\n");
}

/** The file's own version line (`$NetBSD: globals.c,v …$` or `@(#)globals.c …`), if any. */
const versionOf = (text: string): string | null => /\$[A-Za-z]+: globals\.c[^$\n]*\$|@\(#\)globals\.c[^"\n]*/.exec(text)?.[0] ?? null;

/** One table, checked to be `rows × cols` integers (rows: any count ≥ 1 unless given). */
function table(src: CSource, name: string, cols: number, rows?: number): R<number[][] | null> {
  const a = cArray(src, name);
  if (!a.ok) return a;
  if (!a.value) return { ok: true, value: null };
  const g = grid(a.value.value, cols);
  if (!g || g.length === 0 || (rows !== undefined && g.length !== rows)) {
    return fail(`${src.file}:${a.value.line}`, `${name} must be ${rows ?? "N"} rows of ${cols} numbers.`);
  }
  return { ok: true, value: g };
}

/** A Hit Table: rows of six {H, G, C, R} cells. */
function hitTable(src: CSource, name: string): R<number[][][] | null> {
  const a = cArray(src, name);
  if (!a.ok) return a;
  if (!a.value) return { ok: true, value: null };
  const rows: number[][][] = [];
  for (const row of a.value.value) {
    const cells = Array.isArray(row) ? grid(row, 4) : null;
    if (cells?.length !== 6) return fail(`${src.file}:${a.value.line}`, `${name} must be rows of six {H, G, C, R} cells.`);
    rows.push(cells);
  }
  if (rows.length === 0) return fail(`${src.file}:${a.value.line}`, `${name} has no rows.`);
  return { ok: true, value: rows };
}

export interface Imported {
  /** The data file's text (YAML). */
  readonly text: string;
  /** What was read, for the command's report. */
  readonly tables: readonly string[];
}

/** Reads `globals.c` text and writes the data file; bad input is an `input.invalid` error at file:line. */
export function importSailGlobals(text: string, file: string, today = new Date()): R<Imported> {
  const s = readCSource(text, file);
  if (!s.ok) return s;
  const src = s.value;
  const end = `${file}:${src.lineOf(text.length)}`;
  const bsd = notice(src);
  if (!bsd) return fail(`${file}:1`, "No copyright notice found: the data file must carry the BSD notice of the copy it was read from.");
  // the column count (ranges) is the table's own: read it from the first row
  const first = cArray(src, "HDT");
  if (!first.ok) return first;
  if (!first.value) return fail(end, "No HDT (Hit Determination Table) initializer found in this file.");
  const ranges = Array.isArray(first.value.value[0]) ? first.value.value[0].length : 0;
  if (ranges === 0) return fail(`${file}:${first.value.line}`, "HDT's first row gives no ranges.");
  const det = table(src, "HDT", ranges);
  if (!det.ok) return det;
  const bands = det.value?.length ?? 0;
  const rake = table(src, "HDTrake", ranges, bands);
  if (!rake.ok) return rake;
  const qual = table(src, "QUAL", QUALITIES.length, bands);
  if (!qual.ok) return qual;
  const ammo = table(src, "AMMO", SHOTS.length, bands);
  if (!ammo.ok) return ammo;
  const mt = table(src, "MT", 3);
  if (!mt.ok) return mt;
  const rig = hitTable(src, "RigTable");
  if (!rig.ok) return rig;
  const hull = hitTable(src, "HullTable");
  if (!hull.ok) return hull;
  const reach = cArray(src, "rangeofshot");
  if (!reach.ok) return reach;
  for (const [name, v] of [
    ["RigTable", rig.value],
    ["HullTable", hull.value],
  ] as const) {
    if (!v) return fail(end, `No ${name} initializer found in this file.`);
  }
  const reachOf = (i: number) => {
    const v = reach.value?.value[i + 1];
    return typeof v === "number" && v > 0 ? v : undefined;
  };
  const lines: string[] = [];
  const version = versionOf(text);
  lines.push(
    `# wsim-battle-v3 data file: the WS&IM base game's tables, read by \`quarterdeck data import-sail\` on ${today.toISOString().slice(0, 10)}`,
    `# from ${file}${version ? ` (${version})` : ""}, a copy of BSD sail(6)'s globals.c, under this notice:`,
    "#",
    ...bsd.split("\n").map((l) => `#   ${l}`.trimEnd()),
    "#",
    "# sail(6) applies the initial broadside, lost crew section, captured and stern rake modifiers in its code, not",
    "# in globals.c: add them from your rulebook under hitTables.modifiers (initialBroadside, lostCrewSection,",
    "# captured: one number per gun band) and hitTables.sternRake. The critical hit tables are not in globals.c",
    "# either: without a `critical:` section the table asks for the entry.",
    `name: ${JSON.stringify("WS&IM base-game tables from sail(6) globals.c")}`,
    `source: ${JSON.stringify(`${file}${version ? ` (${version})` : ""}`)}`,
    `notice: ${JSON.stringify(bsd)}`,
    "hitTables:",
    `  gunBands: ${JSON.stringify(Array.from({ length: bands }, (_, i) => [3 * i + 1, 3 * i + 3]))}`,
    "  carronadeRange: 2",
    "  determination:",
    ...(det.value ?? []).map((r) => `    - ${JSON.stringify(r)}`),
  );
  if (rake.value) lines.push("  rake:", ...rake.value.map((r) => `    - ${JSON.stringify(r)}`));
  if (qual.value) {
    const q = qual.value;
    lines.push("  modifiers:", "    crew:", ...QUALITIES.map((name, c) => `      ${name}: ${JSON.stringify(q.map((r) => r[c]))}`));
  }
  lines.push("  ammunition:");
  for (const [c, shot] of SHOTS.entries()) {
    const fields = [
      ...(ammo.value ? [`modifiers: ${JSON.stringify(ammo.value.map((r) => r[c]))}`] : []),
      ...(reachOf(c) !== undefined ? [`maxRange: ${reachOf(c)}`] : []),
      `hits: ${shot === "grape" ? "crew" : shot === "chain" ? "rigging" : "table"}`,
    ];
    lines.push(`    ${shot}: { ${fields.join(", ")} }`);
  }
  for (const [key, rows] of [
    ["hull", hull.value],
    ["rigging", rig.value],
  ] as const) {
    lines.push(`  ${key}:`, ...(rows ?? []).map((r, n) => `    - ${JSON.stringify(r)}   # Hit Table ${n}`));
  }
  if (mt.value) {
    // MT[row][2 − die / 3]: die 1–2 → column 2, 3–5 → column 1, 6 → column 0
    const byDie = [2, 2, 1, 1, 1, 0];
    lines.push("melee:", "  strengthPerRow: 10", "  losses:", ...mt.value.map((r) => `    - ${JSON.stringify(byDie.map((c) => r[c]))}`));
  }
  const tables = ["HDT", "HDTrake", "QUAL", "AMMO", "MT", "RigTable", "HullTable", "rangeofshot"].filter(
    (n) => ({ HDT: det, HDTrake: rake, QUAL: qual, AMMO: ammo, MT: mt, RigTable: rig, HullTable: hull, rangeofshot: reach })[n]?.value,
  );
  const out = `${lines.join("\n")}\n`;
  // What we write must load as --data: parse it back with the rule set's own checks.
  const back = parseWsimData(parse(out));
  if (!back.ok)
    return fail(`${file}:${first.value.line}`, `these tables do not make a valid data file: ${back.error.message} (${back.error.path}).`);
  return { ok: true, value: { text: out, tables } };
}
