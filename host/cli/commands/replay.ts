/**
 * `quarterdeck replay DBFILE [--game ID] [--to N] [--report FILE]` (docs/reference/cli.md): rebuilds a game of the
 * file (`--game`, its id as /games lists it; else the latest) from its event log (the first N log entries with
 * --to: resolved actions and undos alike) and prints the state; `--report` writes the after-action report, HTML for
 * `.html`/`.htm`, else Markdown. Whatever the file holds, a fault is exit 2 naming it, never exit 1.
 */
import { existsSync, writeFileSync } from "node:fs";
import { fail, ok, type Result } from "../../../src/result.ts";
import { rebuild } from "../../replay/rebuild.ts";
import { htmlReport, markdownReport } from "../../replay/report.ts";
import { StoreError } from "../../store/open-db.ts";
import type { GameSetup, LogRow } from "../../store/records.ts";
import { SqliteStore } from "../../store/sqlite-store.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";
import { terminalProgress } from "../progress.ts";

export async function runReplay(
  args: readonly string[],
  values: { to?: string | undefined; report?: string | undefined; game?: string | undefined },
): Promise<CommandResult> {
  const [file] = args;
  if (!file)
    return badInput({
      code: "input.invalid",
      message: "replay needs the game's database file (data/quarterdeck.sqlite).",
      path: "argv[1]",
    });
  if (!existsSync(file)) return badInput({ code: "input.invalid", message: `There is no file ${file}.`, path: file });
  const to = values.to === undefined ? undefined : Number(values.to);
  if (to !== undefined && (!Number.isInteger(to) || to < 0)) {
    return badInput({
      code: "input.invalid",
      message: `--to must be a number of log entries (0 or more); got "${values.to}".`,
      path: "--to",
    });
  }
  const gameId = values.game === undefined ? undefined : Number(values.game);
  if (gameId !== undefined && (!Number.isInteger(gameId) || gameId < 1)) {
    return badInput({
      code: "input.invalid",
      message: `--game must be a game's id (1 or more, as /games lists it); got "${values.game}".`,
      path: "--game",
    });
  }
  let store: SqliteStore;
  try {
    // read-only: replay never changes the file it reads (no tables added, no switch to WAL)
    store = new SqliteStore(file, { readOnly: true });
  } catch (e) {
    return badInput({ code: "store.unreadable", message: (e as Error).message, path: file });
  }
  try {
    const game = readGame(store, gameId);
    if (!game.ok) return badInput(game.error);
    let replay: ReturnType<typeof rebuild>;
    let report: string | null = null;
    try {
      replay = rebuild(game.value.setup, game.value.log, to);
      if (replay.ok && values.report) report = /\.html?$/i.test(values.report) ? htmlReport(replay.value) : markdownReport(replay.value);
    } catch (e) {
      // the file's contents are checked as they are read; what still stops the rules is the file's fault, named
      return badInput({
        code: "store.unreadable",
        message: `${file}: game ${game.value.id} cannot be rebuilt from its log (${(e as Error).message}).`,
        path: file,
      });
    }
    if (!replay.ok) return badInput(replay.error);
    const r = replay.value;
    if (values.report && report !== null) {
      const done = terminalProgress().step(`Writing the report to ${values.report}`);
      try {
        writeFileSync(values.report, report);
      } catch (e) {
        return badInput({
          code: "input.invalid",
          message: `Cannot write ${values.report}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
          path: "--report",
        });
      } finally {
        done();
      }
    }
    return {
      code: 0,
      stdout: printJson({
        ok: true,
        game: game.value.id,

        ruleset: r.ruleset.id,
        title: r.setup.title,
        entries: r.entries.length,
        actions: r.inEffect.map((x) => ({ seq: x.seq, description: x.description })),
        changedByTodaysRules: r.entries.filter((e) => e.sameToday === false).map((e) => e.row.seq),
        ships: r.state.ships,
        wind: r.state.wind ?? null,
        ...(values.report ? { report: values.report } : {}),
      }),
    };
  } finally {
    store.close();
  }
}

/**
 * Game `id` of the file (else the latest) and its log; a game the file does not hold is an error listing those it
 * does; a file that is not a game file, or a damaged one, is an error naming it.
 */
function readGame(store: SqliteStore, id: number | undefined): Result<{ id: number; setup: GameSetup; log: LogRow[] }> {
  try {
    if (id !== undefined && !store.gameIds().includes(id)) {
      const ids = store.gameIds();
      const held = ids.length === 0 ? "none" : ids.join(", ");
      return fail("game.unknown", `${store.file} holds no game ${id} (its games: ${held}; /games lists them).`, "--game");
    }
    const game = id === undefined ? store.games().at(-1) : store.gameRecord(id);
    if (!game) return fail("input.invalid", `${store.file} holds no game.`, store.file);
    return ok({ id: game.id, setup: game.setup, log: store.log(game.id) });
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    return fail("store.unreadable", e.message, e.file);
  }
}
