/**
 * The `games` table: its rows as the games list reads them (each set-up checked to be one the game can be rebuilt
 * from), a game found or added, opened, ended, archived or deleted, and a rescued copy's games copied into the game
 * file as new games (`copyGames`, for `SqliteStore.importGames`). The store names the file on errors and makes each
 * person's write durable.
 */
import type Database from "better-sqlite3";
import type { LogDbRow } from "./log-rows.ts";
import { type GameSetup, setupKey } from "./records.ts";
import { readSnapshot } from "./snapshot-check.ts";

/** Where a game is: being played, ended, or put away. */
export type GameStatus = "active" | "ended" | "archived";

/** A game of the file as the games list needs it. */
export interface GameRecord {
  readonly id: number;
  readonly createdAt: number;
  readonly setup: GameSetup;
  readonly status: GameStatus;
  readonly winner: string | null;
  readonly endedAt: number | null;
}

/** A row of the `games` table (status, winner and ended_at are missing from files of schema 3 and older). */
export interface GameRow {
  readonly id: number;
  readonly created_at: number;
  readonly setup: string;
  readonly status?: GameStatus;
  readonly winner?: string | null;
  readonly ended_at?: number | null;
}

/** A game's stored set-up, checked to be one the game can be rebuilt from (else an error naming the game). */
export function readSetup(r: GameRow): GameSetup {
  let v: unknown;
  try {
    v = JSON.parse(r.setup);
  } catch (e) {
    throw new Error(`game ${r.id}'s set-up is unreadable (${(e as Error).message})`);
  }
  const o = v as { ruleset?: unknown; start?: { ships?: unknown } } | null;
  const problem =
    typeof o !== "object" || o === null || Array.isArray(o)
      ? "not an object"
      : typeof o.ruleset !== "string"
        ? "it names no rule set"
        : typeof o.start !== "object" || o.start === null || !Array.isArray(o.start.ships)
          ? "it has no starting ships"
          : null;
  if (problem) throw new Error(`game ${r.id}'s set-up is unreadable (${problem})`);
  return v as GameSetup;
}

export const toGameRecord = (r: GameRow): GameRecord => ({
  id: r.id,
  createdAt: r.created_at,
  setup: readSetup(r),
  status: r.status ?? "active",
  winner: r.winner ?? null,
  endedAt: r.ended_at ?? null,
});

/** The latest game still being played whose set-up has `setup`'s key, else a new one with that key: its id. */
export function activeGame(db: Database.Database, setup: GameSetup, now: number): number {
  const key = setupKey(setup);
  const found = db.prepare("SELECT id FROM games WHERE setup_key = ? AND status = 'active' ORDER BY id DESC LIMIT 1").get(key) as
    | { id: number }
    | undefined;
  if (found) return found.id;
  return Number(
    db
      .prepare("INSERT INTO games (created_at, ruleset, title, setup, setup_key) VALUES (?, ?, ?, ?, ?)")
      .run(now, setup.ruleset, setup.title, JSON.stringify(setup), key).lastInsertRowid,
  );
}

/** Adds a new game with a key of its own (`game:<id>`), in one transaction: its id. */
export function createGame(db: Database.Database, setup: GameSetup, now: number): number {
  return db.transaction(() => {
    const id = Number(
      db
        .prepare("INSERT INTO games (created_at, ruleset, title, setup, setup_key) VALUES (?, ?, ?, ?, '')")
        .run(now, setup.ruleset, setup.title, JSON.stringify(setup)).lastInsertRowid,
    );
    db.prepare("UPDATE games SET setup_key = ? WHERE id = ?").run(`game:${id}`, id);
    return id;
  })();
}

/** The game opened on the table started from the table file of key `tableKey`, if it is still being played. */
export function openedGame(db: Database.Database, tableKey: string): number | null {
  const row = db
    .prepare("SELECT g.id FROM open_game o JOIN games g ON g.id = o.game_id WHERE o.table_key = ? AND g.status = 'active'")
    .get(tableKey) as { id: number } | undefined;
  return row?.id ?? null;
}

/** Remembers game `id` as opened under `tableKey`, making an ended or archived game active again. */
export function setOpenedGame(db: Database.Database, id: number, tableKey: string): void {
  db.transaction(() => {
    db.prepare("UPDATE games SET status = 'active', winner = NULL, ended_at = NULL WHERE id = ? AND status <> 'active'").run(id);
    db.prepare(
      "INSERT INTO open_game (one, game_id, table_key) VALUES (1, ?, ?) ON CONFLICT(one) DO UPDATE SET game_id = excluded.game_id, table_key = excluded.table_key",
    ).run(id, tableKey);
  })();
}

/** Marks a game ended (with its winner, or none) or archived; false when there is no such game. */
export function setGameStatus(
  db: Database.Database,
  id: number,
  status: Exclude<GameStatus, "active">,
  now: number,
  winner: string | null,
): boolean {
  const r =
    status === "ended"
      ? db.prepare("UPDATE games SET status = 'ended', winner = ?, ended_at = ? WHERE id = ?").run(winner, now, id)
      : db.prepare("UPDATE games SET status = 'archived' WHERE id = ?").run(id);
  return r.changes > 0;
}

/** Deletes a game with its log, snapshot, club outbox and opened rows, in one transaction; false when there was none. */
export function deleteGame(db: Database.Database, id: number): boolean {
  return db.transaction(() => {
    for (const table of ["log", "snapshots", "club_outbox", "open_game"]) db.prepare(`DELETE FROM ${table} WHERE game_id = ?`).run(id);
    return db.prepare("DELETE FROM games WHERE id = ?").run(id).changes > 0;
  })();
}

/**
 * Adds every game of `src` (a rescued copy, opened read-only) to `db` as new games — set-up, status, log and working
 * state; their new ids. Each gets a key of its own (as a created game does), so no start resumes it in place of its
 * own game: a person opens it. A copy whose set-up is unreadable is refused before anything is written; the caller
 * runs it in one transaction.
 */
export function copyGames(src: Database.Database, db: Database.Database): () => number[] {
  const games = src.prepare("SELECT * FROM games ORDER BY id").all() as (GameRow & { ruleset: string; title: string })[];
  for (const g of games) readSetup(g);
  return db.transaction(() => {
    const addGame = db.prepare(
      "INSERT INTO games (created_at, ruleset, title, setup, setup_key, status, winner, ended_at) VALUES (?, ?, ?, ?, '', ?, ?, ?)",
    );
    const addRow = db.prepare(
      "INSERT INTO log (game_id, kind, at, undoes, action, plan, dice, outcome, events, follow_ups, description, waiting) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const ids: number[] = [];
    for (const g of games) {
      const id = Number(
        addGame.run(g.created_at, g.ruleset, g.title, g.setup, g.status ?? "active", g.winner ?? null, g.ended_at ?? null).lastInsertRowid,
      );
      db.prepare("UPDATE games SET setup_key = ? WHERE id = ?").run(`game:${id}`, id);
      // the log's entries are numbered across the file: each gets the next number here, an undo the number of its action
      const seqs = new Map<number, number>();
      for (const r of src.prepare("SELECT * FROM log WHERE game_id = ? ORDER BY seq").all(g.id) as LogDbRow[]) {
        const undoes = r.kind === "undo" ? (seqs.get(r.undoes ?? -1) ?? null) : null;
        const row = [r.action, r.plan, r.dice, r.outcome, r.events, r.follow_ups, r.description, r.waiting ?? null];
        seqs.set(r.seq, Number(addRow.run(id, r.kind, r.at, undoes, ...row).lastInsertRowid));
      }
      const snap = src.prepare("SELECT at, snapshot FROM snapshots WHERE game_id = ?").get(g.id) as
        | { at: number; snapshot: string }
        | undefined;
      const read = snap ? readSnapshot(snap.snapshot) : null;
      if (snap && read?.ok) {
        // the last undo named an entry by its old number: the working state keeps all but that
        const snapshot = JSON.stringify({ ...read.snapshot, lastUndo: null });
        db.prepare("INSERT INTO snapshots (game_id, at, snapshot) VALUES (?, ?, ?)").run(id, snap.at, snapshot);
      }
      ids.push(id);
    }
    return ids;
  });
}
