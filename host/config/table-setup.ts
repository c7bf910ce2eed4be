/**
 * The {@link TableSetup} — everything the host needs to set a table — and `assemble`, which builds it from the ships
 * and the rest a table file, a bundled scenario or a new game's request gives: the rule set checks the ships, and
 * tags and markers are collected, each error naming where it is written.
 */
import { notShipMarker } from "../../devices/camera/markers.ts";
import { normaliseUid } from "../../devices/nfc/presence.ts";
import type { RuleSet } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { ClubConfig } from "./club-schema.ts";
import type { DeviceConfig } from "./device-schemas.ts";
import { gameSizeProblem } from "./limits.ts";
import type { Binding, DisplayOptions, Player } from "./schema.ts";
import type { ShipSource } from "./ship-source.ts";
import { layoutProblem, type TableLayout } from "./table-layout.ts";

/** Everything the host needs to set a table. */
export interface TableSetup {
  readonly ruleset: RuleSet;
  readonly title: string;
  /** The bundled scenario it started from, if any. */
  readonly scenario: string | null;
  /** The rule set's starting state as `parseState` takes it. */
  readonly start: {
    readonly ships: Record<string, unknown>[];
    readonly wind?: unknown;
    readonly game?: unknown;
    readonly settings?: unknown;
  };
  /** The parsed data file, or undefined for the rule set's default. */
  readonly data: unknown;
  /** Tag UID (upper-case hex) → ship id. */
  readonly tags: Readonly<Record<string, string>>;
  /** Ship id → ship marker given at the table (shown to the camera); ships without one carry theirs by roster order. */
  readonly markers?: Readonly<Record<string, number>>;
  readonly bindings: readonly Binding[];
  readonly players: readonly Player[];
  readonly display: DisplayOptions;
  /** The devices' names players read, by device id (the table file's, else its scenario's); others are derived. */
  readonly deviceNames?: Readonly<Record<string, string>>;
  /** The `devices` section, checked and typed, or null for an all-emulated table. */
  readonly devices: DeviceConfig | null;
  /**
   * The table file has a `devices` section (even an empty one): with `--sim` its devices, and those added from
   * /devices, are built over the emulated world instead of the demo's fixed set.
   */
  readonly devicesSection?: boolean;
  /** The playing area and where ships start (the `table` section), when the file or scenario gives one. */
  readonly table?: TableLayout;
  /** The `club` section (paths of ca/cert/key made absolute), or null when the table reports to no club. */
  readonly club?: ClubConfig | null;
}

/** The display options of a table file that gives none. */
export const DEFAULT_DISPLAY: DisplayOptions = { theme: "dark", scale: 1 };

/** Builds the setup from parts; checks ships with the rule set and collects tags. */
export function assemble(
  rs: RuleSet,
  sources: ShipSource[],
  rest: Omit<TableSetup, "ruleset" | "start" | "tags"> & { wind?: unknown; game?: unknown; settings?: unknown },
  /** Where a key outside the ships is written (`wind.windward` → `table.yaml:3 (wind.windward)`). */
  locate: (path: string) => string,
): Result<TableSetup> {
  const tooBig = gameSizeProblem(sources.length, new Set(sources.map((s) => s.side)).size);
  if (tooBig) return fail("config.invalid", `${locate("fleets")}: ${tooBig}`, locate("fleets"));
  const tags: Record<string, string> = {};
  const markers: Record<string, number> = {};
  const ships: Record<string, unknown>[] = [];
  for (const { side, ship, where } of sources) {
    const { tag, marker, ...fields } = ship;
    if (marker !== undefined) {
      const problem = markerProblem(marker, markers);
      if (problem) return fail("config.invalid", `${where("marker")}: ${problem}`, where("marker"));
      markers[String(fields.id)] = marker as number;
    }
    const uids = tag === undefined ? [] : Array.isArray(tag) ? tag : [tag];
    for (const raw of uids) {
      const uid = normaliseUid(String(raw));
      if (uid === null) return fail("config.invalid", `${where("tag")}: "${String(raw)}" is not a hex tag UID.`, where("tag"));
      const other = tags[uid];
      if (other) return fail("config.invalid", `${where("tag")}: tag ${uid} is already on ${other}.`, where("tag"));
      tags[uid] = String(fields.id);
    }
    ships.push({ ...fields, side });
  }
  const start = { ships, wind: rest.wind, game: rest.game, settings: rest.settings };
  const parsed = rs.parseState(start, rest.data);
  if (!parsed.ok) {
    const m = /^ships\[(\d+)\]\.?(.*)$/.exec(parsed.error.path);
    const src = m ? sources[Number(m[1])] : undefined;
    const at = src && m ? src.where(m[2] ?? "") : locate(parsed.error.path);
    // the rule set counts ships across all fleets and the roster; `at` already says which ship and key
    const message = src ? parsed.error.message.replace(/^ships\[\d+\]\.?/, "") : parsed.error.message;
    return fail("config.invalid", `${at}: ${message}`, at);
  }
  const layout =
    rest.table &&
    layoutProblem(
      rest.table,
      ships.map((s) => String(s.id)),
    );
  if (layout) return fail("config.invalid", `${locate(layout.path)}: ${layout.message}`, locate(layout.path));
  const { wind: _w, game: _g, settings: _s, ...keep } = rest;
  return ok({ ...keep, ruleset: rs, start, tags, ...(Object.keys(markers).length ? { markers } : {}) });
}

/** Why a ship's `marker` cannot be hers: not a ship marker's id, or another ship's already. */
function markerProblem(marker: unknown, markers: Readonly<Record<string, number>>): string | null {
  const not = notShipMarker(marker);
  if (not) return not;
  const other = Object.entries(markers).find(([, m]) => m === marker);
  return other ? `marker ${String(marker)} is already on ${other[0]}.` : null;
}
