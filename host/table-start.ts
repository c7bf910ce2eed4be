/**
 * What a start of the table opens before anything else: the game file (upgraded to the current schema, with the
 * club outbox when the table reports to a club) and the game to play — the one a person last opened under this table
 * file, if it can still be played, else the file's own. A file that cannot be read is the table's refusal to start,
 * naming the file, never a crash.
 */
import type { Logger } from "pino";
import { fail, ok, type Result } from "../src/result.ts";
import { gameSetupOf } from "./config/game-table.ts";
import type { TableSetup } from "./config/load.ts";
import { setupForGame } from "./game-on-table.ts";
import type { SqliteGameStore } from "./store/game-store.ts";
import { StoreError } from "./store/open-db.ts";
import { SqliteStore } from "./store/sqlite-store.ts";

/** A store that cannot be read, as the table's refusal to start (`store.unreadable`, naming the file); other errors are thrown on. */
export function refusedStart(e: unknown): Result<never> {
  if (!(e instanceof StoreError)) throw e;
  return fail("store.unreadable", `The table cannot start: ${e.message}`, e.file);
}

/** Opens the game file `dbFile` (`:memory:` in tests), logging an upgrade of its schema. */
export function openTableStore(dbFile: string, tableFile: TableSetup, logger: Logger): Result<SqliteStore> {
  let store: SqliteStore;
  try {
    store = new SqliteStore(dbFile, { outbox: Boolean(tableFile.club) });
  } catch (e) {
    return refusedStart(e);
  }
  const { from, to, backup } = store.migration;
  if (backup !== undefined) logger.info({ file: dbFile, from, to, backup }, "game file upgraded to the current schema");
  return ok(store);
}

/** The game a start opens: the one a person opened under this table file, if still being played, or the file's own. */
export function firstGame(store: SqliteStore, tableFile: TableSetup, now: number, logger: Logger): [SqliteGameStore, TableSetup] {
  const opened = store.openedGame(gameSetupOf(tableFile));
  const record = opened === null ? null : store.gameRecord(opened);
  const game = record ? store.gameById(record.id) : null;
  if (record && game) {
    const setup = setupForGame(record, tableFile);
    if (setup.ok) return [game, setup.value];
    logger.warn(
      { game: record.id, problem: setup.error.message },
      "the game last opened cannot be resumed: the table file's own game is opened",
    );
  }
  return [store.game(gameSetupOf(tableFile), now), tableFile];
}
