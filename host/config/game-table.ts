/**
 * A game's own set-up as a table file would give it: rule set, scenario, title, fleets with their ships, tag UIDs
 * and camera markers, wind, game state, settings, players and display — everything but the table's hardware (devices, dice
 * bindings) and its club, which belong to the table, not the game. A game created from the browser keeps this in its
 * stored `setup.table`, so opening it later builds the same {@link TableSetup} `load.ts` builds from a file, and
 * exporting it writes a table file `quarterdeck start --config` loads unchanged.
 */
import { type Static, Type } from "@sinclair/typebox";
import { ok, type Result } from "../../src/result.ts";
import { bindingAndPlayerProblem } from "./cross-checks.ts";
import { findRuleSet } from "./load.ts";
import { type Fleet, FleetSchema, type ShipEntry, TableConfigSchema } from "./schema.ts";
import { fromFleets } from "./ship-source.ts";
import { assemble, DEFAULT_DISPLAY, type TableSetup } from "./table-setup.ts";

/** The sections of a table file a game owns; `fleets` always written out (a scenario's ships included). */
export const GameTableSchema = Type.Composite([
  Type.Omit(TableConfigSchema, ["roster", "data", "devices", "club", "bindings", "fleets", "ruleset"]),
  Type.Object({ ruleset: Type.String({ minLength: 1 }), fleets: Type.Array(FleetSchema) }),
]);
export type GameTable = Static<typeof GameTableSchema>;

type Ship = Record<string, unknown>;

/**
 * Fleets from the starting ships, one fleet per run of ships of one side (so the ships keep their order), tags and
 * the camera markers given at the table (ship id → marker) put back on.
 */
export function fleetsOf(
  ships: readonly Ship[],
  tags: Readonly<Record<string, string>>,
  markers: Readonly<Record<string, number>> = {},
): Fleet[] {
  const byShip = new Map<string, string[]>();
  for (const [uid, id] of Object.entries(tags)) byShip.set(id, [...(byShip.get(id) ?? []), uid]);
  const fleets: Fleet[] = [];
  for (const { side, ...fields } of ships) {
    const uids = byShip.get(String(fields.id)) ?? [];
    // id, name and tag first, as a person writes a ship
    const tag = uids.length === 1 ? { tag: uids[0] } : uids.length > 1 ? { tag: uids } : {};
    const own = markers[String(fields.id)];
    const marker = own !== undefined ? { marker: own } : {};
    const named = fields.name !== undefined ? { name: fields.name } : {};
    const entry = { id: fields.id, ...named, ...tag, ...marker, ...fields } as ShipEntry;
    const last = fleets.at(-1);
    if (last && last.side === side) last.ships.push(entry);
    else fleets.push({ side: String(side), ships: [entry] });
  }
  return fleets;
}

/** The game's part of a table setup (as `load.ts` built it from a file or scenario). */
export function tableOfSetup(setup: TableSetup): GameTable {
  const { wind, game, settings } = setup.start;
  return {
    ruleset: setup.ruleset.id,
    ...(setup.scenario !== null ? { scenario: setup.scenario } : {}),
    title: setup.title,
    fleets: fleetsOf(setup.start.ships, setup.tags, setup.markers),
    ...(wind !== undefined ? { wind } : {}),
    ...(game !== undefined ? { game: game as Record<string, unknown> } : {}),
    ...(settings !== undefined ? { settings: settings as NonNullable<GameTable["settings"]> } : {}),
    players: [...setup.players],
    display: setup.display,
    ...(setup.table ? { table: setup.table } : {}),
  };
}

/**
 * What the store keeps of a game (its `GameSetup`, host/store/records.ts, which imports this folder, not the other
 * way): the rule set, title, starting state and data, and the table-file set-up when kept.
 */
export interface StoredGameSetup {
  readonly ruleset: string;
  readonly title: string;
  readonly start: unknown;
  readonly data: unknown;
  readonly table?: GameTable;
  /** Tags given to ships at the table (UID → ship id), after the set-up was written. */
  readonly assignedTags?: Readonly<Record<string, string>>;
  /** Ship markers given to ships at the table by showing them to the camera (ship id → marker id). */
  readonly assignedMarkers?: Readonly<Record<string, number>>;
}

/** What the store keeps of a game: its identity (rule set, starting state, data) and its table-file set-up. */
export function gameSetupOf(setup: TableSetup): StoredGameSetup & { readonly table: GameTable } {
  return { ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null, table: tableOfSetup(setup) };
}

/**
 * The table setup of a game's table-file set-up, checked as a table file is: ships by the rule set, tags unique,
 * players naming sides. `locate` names where a path is written (a file's line, or the path of a request body).
 */
export function setupOfTable(table: GameTable, data: unknown, locate: (path: string) => string = (p) => p): Result<TableSetup> {
  const rs = findRuleSet(table.ruleset, locate("ruleset"));
  if (!rs.ok) return rs;
  const sources = fromFleets(table.fleets, locate, "fleets");
  const sides = [...new Set(sources.map((s) => s.side))];
  const crossed = bindingAndPlayerProblem({ ...table, bindings: [] }, sides);
  if (crossed)
    return {
      ok: false,
      error: { code: "config.invalid", message: `${locate(crossed.path)}: ${crossed.message}`, path: locate(crossed.path) },
    };
  return assemble(
    rs.value,
    sources,
    {
      title: table.title ?? rs.value.title,
      scenario: table.scenario ?? null,
      data,
      bindings: [],
      players: table.players,
      display: table.display ?? DEFAULT_DISPLAY,
      devices: null,
      club: null,
      wind: table.wind,
      game: table.game,
      settings: table.settings,
      ...(table.table ? { table: table.table } : {}),
    },
    locate,
  );
}

/**
 * The set-up with the tags and ship markers given to ships at the table since it was written (they win over the
 * set-up's own tags and over roster order).
 */
export function withAssignedTags(setup: TableSetup, game: StoredGameSetup): TableSetup {
  const tagged = game.assignedTags ? { ...setup, tags: { ...setup.tags, ...game.assignedTags } } : setup;
  return game.assignedMarkers ? { ...tagged, markers: { ...tagged.markers, ...game.assignedMarkers } } : tagged;
}

/**
 * A stored game back as the {@link TableSetup} to open it with (tags given at the table included). A game created from the browser keeps its
 * table-file set-up; one started from a table file before that was kept gives its starting ships as fleets (without
 * tags or players, which the store did not keep). Devices and club are the table's own: the opener keeps its own.
 */
export function tableSetupOfGame(record: { readonly setup: StoredGameSetup }): Result<TableSetup> {
  const { setup } = record;
  const start = (setup.start ?? {}) as { ships?: Ship[]; wind?: unknown; game?: Record<string, unknown>; settings?: GameTable["settings"] };
  const table: GameTable = setup.table ?? {
    ruleset: setup.ruleset,
    title: setup.title,
    fleets: fleetsOf(start.ships ?? [], {}),
    ...(start.wind !== undefined ? { wind: start.wind } : {}),
    ...(start.game !== undefined ? { game: start.game } : {}),
    ...(start.settings !== undefined ? { settings: start.settings } : {}),
    players: [],
  };
  const built = setupOfTable(table, setup.data ?? undefined, (p) => `game setup (${p})`);
  return built.ok ? ok(withAssignedTags(built.value, setup)) : built;
}
