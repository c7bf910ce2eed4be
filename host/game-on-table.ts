/**
 * One game open on the table: its session over its part of the store, and its club link. The table's hardware
 * (devices, dial) outlives it: the composition root closes one game and opens another without touching them.
 */
import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { DeviceHealth } from "../devices/readings.ts";
import { ok, type Result } from "../src/result.ts";
import type { ClubLink } from "./club-link/link.ts";
import { gameSetupOf, tableSetupOfGame, withAssignedTags } from "./config/game-table.ts";
import type { TableSetup } from "./config/load.ts";
import type { SessionEvent } from "./session/table-session.ts";
import { TableSession } from "./session/table-session.ts";
import type { SqliteGameStore } from "./store/game-store.ts";
import { sameGame } from "./store/records.ts";
import type { GameRecord, SqliteStore } from "./store/sqlite-store.ts";

export interface GameOnTable {
  readonly gameId: number;
  readonly setup: TableSetup;
  readonly session: TableSession;
  /** The club link when the table file has a `club` section. */
  readonly club: ClubLink | null;
  /** Stops listening to the session and closes the club link (the store stays open: it is the table's). */
  close(): Promise<void>;
}

export interface GameOnTableOptions {
  readonly store: SqliteStore;
  readonly game: SqliteGameStore;
  readonly setup: TableSetup;
  readonly logger: Logger;
  readonly now: () => number;
  readonly deviceHealth: () => readonly DeviceHealth[];
  /** Hears every change of the session, once committed. */
  readonly onChange: (events: readonly SessionEvent[]) => void;
}

/** Opens the session of a stored game (new or resumed exactly) and links it to the club. */
export async function openGameOnTable(o: GameOnTableOptions): Promise<Result<GameOnTable>> {
  // tags given to ships at the table since the set-up was written win over the set-up's
  const record = o.store.gameRecord(o.game.gameId);
  const setup = record ? withAssignedTags(o.setup, record.setup) : o.setup;
  const opened = TableSession.open({
    setup,
    store: o.game,
    now: o.now,
    randomFace: (sides) => randomInt(1, sides + 1),
    deviceHealth: o.deviceHealth,
    onStoreProblem: (detail) => o.logger.error({ file: o.store.file, detail }, "the game file refuses writes"),
  });
  if (!opened.ok) return opened;
  const session = opened.value;
  const off = session.onChange(o.onChange);
  // the MQTT client is loaded only for a table that reports to a club
  const club = setup.club
    ? (await import("./club-link/link.ts")).linkToClub({
        club: setup.club,
        store: o.store,
        gameId: o.game.gameId,
        session,
        logger: o.logger,
        now: o.now,
      })
    : null;
  return ok({
    gameId: o.game.gameId,
    setup,
    session,
    club,
    close: async () => {
      off();
      await club?.close();
    },
  });
}

/**
 * The set-up game `record` plays with on this table: the table file's own when it is that file's game, otherwise the
 * game's stored set-up (fleets, tags, players) with the table's hardware (devices, die bindings of its sides, club).
 */
export function setupForGame(record: GameRecord, tableFile: TableSetup): Result<TableSetup> {
  if (sameGame(record.setup, gameSetupOf(tableFile))) return ok(tableFile);
  const own = tableSetupOfGame(record);
  if (!own.ok) return own;
  const sides = new Set(own.value.start.ships.map((s) => String(s.side)));
  return ok({
    ...own.value,
    devices: tableFile.devices,
    ...(tableFile.deviceNames ? { deviceNames: tableFile.deviceNames } : {}),
    club: tableFile.club ?? null,
    bindings: tableFile.bindings.filter((b) => b.side === undefined || sides.has(b.side)),
  });
}
