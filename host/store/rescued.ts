/**
 * The copies of a game file kept beside it (`game.sqlite.rescued-<time>`) when it was deleted or replaced under the
 * host (sqlite-store.ts `guard`): found at start, named on the display and /games, and restored into the game file
 * as new games on a person's word (issue 39 item 5: a restart had started an empty game and never named the copy).
 * A copy restored is renamed `….restored-<time>`, kept, and no longer offered.
 */
import { readdirSync, renameSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fail, ok, type Result } from "../../src/result.ts";
import { recordsInEffect } from "./log-rows.ts";
import { SqliteStore } from "./sqlite-store.ts";

/** One game of a rescued copy, as /games lists it. */
export interface RescuedGame {
  readonly title: string;
  readonly ruleset: string;
  /** Results in effect (undone ones left out). */
  readonly results: number;
}

/** A rescued copy beside the game file. */
export interface RescuedCopy {
  /** Its file name (beside the game file). */
  readonly name: string;
  /** When it was kept (epoch ms, from its name). */
  readonly at: number;
  readonly games: readonly RescuedGame[];
  /** Why it cannot be read, when it cannot (it is then not offered for restoring). */
  readonly problem?: string;
}

const rescuedName = (file: string) => new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.rescued-(\\d{1,15})$`);

/** The rescued copies beside `file`, oldest first; none for `:memory:` or a folder that cannot be read. */
export function rescuedCopies(file: string): RescuedCopy[] {
  if (file === ":memory:") return [];
  const pattern = rescuedName(file);
  let names: string[];
  try {
    names = readdirSync(dirname(file)).filter((n) => pattern.test(n));
  } catch {
    return [];
  }
  const at = (n: string) => Number(pattern.exec(n)?.[1]);
  return names
    .filter((n) => statSync(join(dirname(file), n), { throwIfNoEntry: false })?.isFile())
    .sort((a, b) => at(a) - at(b))
    .map((name) => ({ name, at: at(name), ...readCopy(join(dirname(file), name)) }));
}

function readCopy(path: string): { games: RescuedGame[]; problem?: string } {
  let copy: SqliteStore | null = null;
  try {
    copy = new SqliteStore(path, { readOnly: true });
    const c = copy;
    return {
      games: c.games().map((g) => ({ title: g.setup.title, ruleset: g.setup.ruleset, results: recordsInEffect(c.log(g.id)).length })),
    };
  } catch (e) {
    return { games: [], problem: (e as Error).message };
  } finally {
    copy?.close();
  }
}

/** The sentence the display says at start while rescued copies wait beside the game file, or null when none do. */
export function rescuedNotice(copies: readonly RescuedCopy[]): string | null {
  const readable = copies.filter((c) => c.problem === undefined);
  if (readable.length === 0) return null;
  const results = readable.reduce((n, c) => n + c.games.reduce((m, g) => m + g.results, 0), 0);
  const names = readable.map((c) => c.name).join(", ");
  const what = readable.length === 1 ? "A copy of the game so far was kept" : `${readable.length} copies of the games so far were kept`;
  return `${what} when the game file was deleted or replaced: ${names} (${results} result${results === 1 ? "" : "s"}). Restore it on /games.`;
}

/**
 * Restores rescued copy `name` (beside the store's file) into the store as new games; their ids. The copy is then
 * renamed `….restored-<now>` beside it, kept, and no longer offered.
 */
export function restoreRescued(
  store: SqliteStore,
  name: string,
  now: number,
): Result<{ readonly games: readonly number[]; readonly kept: string }> {
  const copy = rescuedCopies(store.file).find((c) => c.name === name);
  if (!copy) return fail("rescued.unknown", `There is no rescued copy "${name}" beside ${basename(store.file)}.`, "name");
  if (copy.problem !== undefined) return fail("store.unreadable", `${name} cannot be restored: ${copy.problem}`, "name");
  const path = join(dirname(store.file), name);
  const source = new SqliteStore(path, { readOnly: true });
  let games: number[];
  try {
    games = store.importGames(source);
  } catch (e) {
    return fail("store.unwritable", `The game file cannot take ${name}'s games: ${(e as Error).message}`, "name");
  } finally {
    source.close();
  }
  const kept = name.replace(".rescued-", ".restored-").replace(/-\d+$/, `-${now}`);
  try {
    renameSync(path, join(dirname(store.file), kept));
  } catch {
    // restored all the same: the copy stays under its name (and would be offered again)
    return ok({ games, kept: name });
  }
  return ok({ games, kept });
}
