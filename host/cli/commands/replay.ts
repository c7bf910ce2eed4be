/**
 * `quarterdeck replay DBFILE [--to N] [--report FILE]` (docs/reference/cli.md): rebuilds the latest game in the file
 * from its event log (the first N log entries with --to: resolved actions and undos alike) and prints the
 * state; `--report` writes the after-action report, HTML for `.html`/`.htm`, else Markdown.
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
  values: { to?: string | undefined; report?: string | undefined },
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
  let store: SqliteStore;
  try {
    // read-only: replay never changes the file it reads (no tables added, no switch to WAL)
    store = new SqliteStore(file, { readOnly: true });
  } catch (e) {
    return badInput({ code: "store.unreadable", message: (e as Error).message, path: file });
  }
  try {
    const game = readGames(store);
    if (!game.ok) return badInput(game.error);
    const replay = rebuild(game.value.setup, game.value.log, to);
    if (!replay.ok) return badInput(replay.error);
    const r = replay.value;
    if (values.report) {
      const done = terminalProgress().step(`Writing the report to ${values.report}`);
      writeFileSync(values.report, /\.html?$/i.test(values.report) ? htmlReport(r) : markdownReport(r));
      done();
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

/** The latest game in the file and its log; a file that is not a game file, or a damaged one, is an error naming it. */
function readGames(store: SqliteStore): Result<{ id: number; setup: GameSetup; log: LogRow[] }> {
  try {
    const game = store.games().at(-1);
    if (!game) return fail("input.invalid", `${store.file} holds no game.`, store.file);
    return ok({ id: game.id, setup: game.setup, log: store.log(game.id) });
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    return fail("store.unreadable", e.message, e.file);
  }
}
