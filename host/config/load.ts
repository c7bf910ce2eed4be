/**
 * Turns a table file or a bundled scenario into a {@link TableSetup}: the rule set, the starting state
 * (checked by the rule set itself), tag UIDs, dice bindings, players and display options. Every error
 * names the file, line and key (`table.yaml:12 (fleets[0].ships[1].rating)`).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseWith } from "../../src/game/schema.ts";
import type { RuleSet } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import { RULE_SETS, ruleSet } from "../../src/rulesets/index.ts";
import { withClassBases } from "./class-bases.ts";
import { type ClubConfig, clubProblem } from "./club-schema.ts";
import { bindingAndPlayerProblem, rulesetScenarioProblem } from "./cross-checks.ts";
import { loadDataFile } from "./data-file.ts";
import { parseDevices } from "./device-schemas.ts";
import { gameSizeProblem } from "./limits.ts";
import { parseRoster } from "./roster.ts";
import { ScenarioSchema, scenarioFile, scenarioNames } from "./scenario.ts";
import { TableConfigSchema } from "./schema.ts";
import { fromFleets, type ShipSource } from "./ship-source.ts";
import type { TableLayout } from "./table-layout.ts";
import { assemble, DEFAULT_DISPLAY, type TableSetup } from "./table-setup.ts";

export type { TableSetup } from "./table-setup.ts";

/** The club section with its PEM paths resolved against the table file's folder, each file checked readable. */
function checkClub(club: ClubConfig | undefined, at: (p: string) => string, dir: string): Result<ClubConfig | null> {
  if (club === undefined) return ok(null);
  const problem = clubProblem(club);
  if (problem)
    return fail("config.invalid", `${at(`club.${problem.key}`)}: club.${problem.key} ${problem.message}.`, at(`club.${problem.key}`));
  const out: { -readonly [K in keyof ClubConfig]: ClubConfig[K] } = { ...club };
  for (const key of ["ca", "cert", "key"] as const) {
    const file = club[key];
    if (file === undefined) continue;
    const full = resolve(dir, file);
    try {
      readFileSync(full);
    } catch (e) {
      return fail("config.invalid", `${at(`club.${key}`)}: cannot read ${full} (${(e as NodeJS.ErrnoException).code}).`, at(`club.${key}`));
    }
    out[key] = full;
  }
  return ok(out);
}

/** A scenario's table for a file that may give its own ships: the starting places of the ships still on it. */
function ownStarts(table: TableLayout, sources: readonly ShipSource[]): TableLayout {
  if (!table.start) return table;
  const ids = new Set(sources.map((s) => String(s.ship.id)));
  return { ...table, start: Object.fromEntries(Object.entries(table.start).filter(([id]) => ids.has(id))) };
}

/** The rule set `id`, or `ruleset.unknown` at `where` naming the rule sets there are. */
export function findRuleSet(id: string, where: string): Result<RuleSet> {
  const rs = ruleSet(id);
  if (rs) return ok(rs);
  return fail("ruleset.unknown", `${where}: there is no rule set "${id}" (known: ${RULE_SETS.map((r) => r.id).join(", ")}).`, where);
}

/** A scenario's data file (relative to it), parsed by its rule set; undefined when it names none. */
function scenarioData(rs: RuleSet, path: string | undefined, dir: string, at: string): Result<unknown> {
  if (path === undefined) return ok(undefined);
  if (!rs.dataFile) return fail("config.invalid", `${at}: ${rs.id} takes no data file.`, at);
  const df = loadDataFile(resolve(dir, path));
  if (!df.ok) return df;
  const parsed = rs.dataFile.parse(df.value.value);
  if (!parsed.ok) return fail("config.invalid", `${df.value.locate(parsed.error.path)}: ${parsed.error.message}`, at);
  return ok(parsed.value);
}

/** Loads a bundled scenario as an all-emulated demo table. */
export function loadScenario(name: string): Result<TableSetup> {
  if (!scenarioNames().includes(name)) {
    return fail("scenario.unknown", `There is no scenario "${name}" (bundled: ${scenarioNames().join(", ")}).`, "--scenario");
  }
  const file = loadDataFile(scenarioFile(name));
  if (!file.ok) return file;
  const sc = parseWith(ScenarioSchema, file.value.value, "");
  if (!sc.ok) return fail("config.invalid", `${file.value.locate(sc.error.path)}: ${sc.error.message}`, file.value.locate(sc.error.path));
  const rs = findRuleSet(sc.value.ruleset, file.value.locate("ruleset"));
  if (!rs.ok) return rs;
  const data = scenarioData(rs.value, sc.value.data, dirname(scenarioFile(name)), file.value.locate("data"));
  if (!data.ok) return data;
  return assemble(
    rs.value,
    fromFleets(sc.value.fleets, file.value.locate, "fleets"),
    {
      title: sc.value.title,
      scenario: name,
      data: data.value,
      bindings: [],
      players: [],
      display: DEFAULT_DISPLAY,
      devices: null,
      ...(sc.value.deviceNames ? { deviceNames: sc.value.deviceNames } : {}),
      wind: sc.value.wind,
      game: sc.value.game,
      settings: sc.value.settings,
      ...(sc.value.table ? { table: sc.value.table } : {}),
    },
    file.value.locate,
  );
}

/** Loads a table file (`--config`). */
export function loadTableFile(path: string): Result<TableSetup> {
  const file = loadDataFile(path);
  if (!file.ok) return file;
  const at = (p: string) => file.value.locate(p);
  // the size first: a file of thousands of ships is refused before any of them is checked
  const fleets = (file.value.value as { fleets?: unknown } | null)?.fleets;
  if (Array.isArray(fleets)) {
    const ships = fleets.reduce((n: number, f) => n + (Array.isArray(f?.ships) ? f.ships.length : 0), 0);
    const tooBig = gameSizeProblem(ships, fleets.length);
    if (tooBig) return fail("config.invalid", `${at("fleets")}: ${tooBig}`, at("fleets"));
  }
  const cfg = parseWith(TableConfigSchema, file.value.value, "");
  if (!cfg.ok) return fail("config.invalid", `${at(cfg.error.path)}: ${cfg.error.message}`, at(cfg.error.path));
  const c = cfg.value;
  const devices = parseDevices(c.devices ?? {});
  if (!devices.ok) return fail("config.invalid", `${at(devices.error.path)}: ${devices.error.message}`, at(devices.error.path));
  const club = checkClub(c.club, at, dirname(resolve(path)));
  if (!club.ok) return club;
  const base = c.scenario !== undefined ? loadScenario(c.scenario) : undefined;
  if (base && !base.ok) return fail(base.error.code, `${at("scenario")}: ${base.error.message}`, at("scenario"));
  const scenario = base?.ok ? base.value : undefined;
  const mismatch = rulesetScenarioProblem(c.ruleset, c.scenario, scenario?.ruleset.id);
  if (mismatch) return fail("config.invalid", `${at(mismatch.path)}: ${mismatch.message}`, at(mismatch.path));
  const rsId = c.ruleset ?? scenario?.ruleset.id;
  if (rsId === undefined) return fail("config.invalid", `${path}: name a ruleset (or a scenario).`, at(""));
  const rs = findRuleSet(rsId, at("ruleset"));
  if (!rs.ok) return rs;
  const dir = dirname(resolve(path));

  let sources: ShipSource[] = (scenario?.start.ships ?? []).map((ship) => ({ side: String(ship.side), ship, where: () => at("scenario") }));
  if (c.fleets) sources = fromFleets(c.fleets, at, "fleets");
  if (c.roster !== undefined) {
    const rosterPath = resolve(dir, c.roster);
    let text: string;
    try {
      text = readFileSync(rosterPath, "utf8");
    } catch (e) {
      return fail("config.invalid", `${at("roster")}: cannot read ${rosterPath} (${(e as NodeJS.ErrnoException).code}).`, at("roster"));
    }
    const roster = parseRoster(text, c.roster);
    if (!roster.ok) return roster;
    sources = [
      ...sources,
      ...roster.value.map((r) => ({ side: r.side, ship: r.ship, where: (f: string) => `${r.where}${f ? ` (${f})` : ""}` })),
    ];
  }
  if (sources.length === 0) return fail("config.invalid", `${path}: the table has no ships (give fleets, a roster or a scenario).`, at(""));
  const classed = withClassBases(sources, c.bases, at);
  if (!classed.ok) return classed;
  sources = classed.value;
  const crossed = bindingAndPlayerProblem(c, [...new Set(sources.map((x) => x.side))]);
  if (crossed) return fail("config.invalid", `${at(crossed.path)}: ${crossed.message}`, at(crossed.path));

  let data: unknown;
  if (c.data !== undefined) {
    if (!rs.value.dataFile) return fail("config.invalid", `${at("data")}: ${rs.value.id} takes no data file.`, at("data"));
    if (typeof c.data === "string") {
      const df = loadDataFile(resolve(dir, c.data));
      if (!df.ok) return df;
      const parsed = rs.value.dataFile.parse(df.value.value);
      if (!parsed.ok)
        return fail("config.invalid", `${df.value.locate(parsed.error.path)}: ${parsed.error.message}`, df.value.locate(parsed.error.path));
      data = parsed.value;
    } else {
      // the data inline (an exported game's table file): an error is at its line in this file
      const parsed = rs.value.dataFile.parse(c.data);
      if (!parsed.ok) {
        const where = at(parsed.error.path ? `data.${parsed.error.path}` : "data");
        return fail("config.invalid", `${where}: ${parsed.error.message}`, where);
      }
      data = parsed.value;
    }
  }
  return assemble(
    rs.value,
    sources,
    {
      title: c.title ?? scenario?.title ?? rs.value.title,
      scenario: c.scenario ?? null,
      data,
      bindings: c.bindings,
      players: c.players,
      display: c.display ?? DEFAULT_DISPLAY,
      devices: devices.value,
      ...(c.devices !== undefined ? { devicesSection: true } : {}),
      ...((c.deviceNames ?? scenario?.deviceNames) ? { deviceNames: { ...scenario?.deviceNames, ...c.deviceNames } } : {}),
      club: club.value,
      wind: c.wind ?? scenario?.start.wind,
      game: c.game ?? scenario?.start.game,
      settings: c.settings ?? scenario?.start.settings,
      ...(c.table ? { table: c.table } : scenario?.table ? { table: ownStarts(scenario.table, sources) } : {}),
    },
    (p) => {
      // a key the table file gives is located there; one taken from the scenario names the scenario line
      const top = p.split(/[.[]/)[0] ?? "";
      return top in c ? at(p) : c.scenario !== undefined ? `${at("scenario")} (${p})` : at(p);
    },
  );
}
