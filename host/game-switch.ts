/**
 * Another game of the table's file put on the table in place of the open one (`POST /api/games/:id/open`): its
 * session opened over its part of the store with the table file's hardware, the open one closed as it stands (to be
 * opened again), and the choice kept so the same start of the host resumes it. One switch at a time: a second
 * request waits for the first.
 */
import type { Logger } from "pino";
import { fail, ok, type Result } from "../src/result.ts";
import { gameSetupOf } from "./config/game-table.ts";
import type { TableSetup } from "./config/load.ts";
import { setupForGame } from "./game-on-table.ts";
import type { SqliteStore } from "./store/sqlite-store.ts";
import type { TableLoop } from "./table-loop.ts";

export interface GameSwitchOptions {
  readonly loop: TableLoop;
  readonly store: SqliteStore;
  readonly tableFile: TableSetup;
  readonly logger: Logger;
  /** What follows the game on the table once it is another (the dial, the lights, the models), before the push. */
  readonly switched: () => void;
}

/** Opens games on one table, one after another. */
export class GameSwitch {
  readonly #o: GameSwitchOptions;
  #switching: Promise<unknown> = Promise.resolve();

  constructor(options: GameSwitchOptions) {
    this.#o = options;
  }

  /**
   * Puts game `id` of the file on the table in place of the open one; an ended or archived game becomes active
   * again. `game.unknown` when the file has no such game.
   */
  open(id: number): Promise<Result<null>> {
    const done = this.#switching.then(() => this.#open(id));
    this.#switching = done.catch(() => {});
    return done;
  }

  async #open(id: number): Promise<Result<null>> {
    const { loop, store, tableFile, logger } = this.#o;
    const record = store.gameRecord(id);
    const game = record ? store.gameById(id) : null;
    if (!record || !game) return fail("game.unknown", `There is no game ${id} in this table's file.`, "id");
    if (id === loop.game.gameId) return ok(null);
    const setup = setupForGame(record, tableFile);
    if (!setup.ok) return setup;
    const next = await loop.open(game, setup.value);
    if (!next.ok) return next;
    const before = loop.put(next.value);
    store.setOpenedGame(id, gameSetupOf(tableFile));
    await before?.close();
    this.#o.switched();
    const { session, setup: now } = loop.game;
    logger.info({ game: id, ruleset: now.ruleset.id, resolved: session.records.length }, "game opened on the table");
    loop.publish([]);
    return ok(null);
  }
}
