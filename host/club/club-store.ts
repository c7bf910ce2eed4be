/**
 * The club host's own SQLite: every table record exactly once by (club, table, game, seq), each table's latest
 * `state` and `status`, and each game's end for the league. Records arriving twice (a reconnect resends what the
 * broker did not acknowledge) are ignored by the primary key.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { EndedMessage, EventMessage } from "./messages.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS club_records (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL,
  payload TEXT NOT NULL, received_at INTEGER NOT NULL, PRIMARY KEY (club, tbl, game, seq));
CREATE TABLE IF NOT EXISTS club_tables (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT, ruleset TEXT, online INTEGER NOT NULL DEFAULT 0, state TEXT,
  last TEXT, last_seq INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL, PRIMARY KEY (club, tbl));
CREATE TABLE IF NOT EXISTS club_results (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, winner TEXT, players TEXT NOT NULL, losses TEXT NOT NULL,
  at INTEGER NOT NULL, PRIMARY KEY (club, tbl, game));
CREATE TABLE IF NOT EXISTS club_refused (
  club TEXT NOT NULL, tbl TEXT NOT NULL, n INTEGER NOT NULL, why TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (club, tbl));
`;

/** One table as the club knows it. */
export interface TableRow {
  readonly club: string;
  readonly table: string;
  readonly game: string | null;
  readonly ruleset: string | null;
  readonly online: boolean;
  readonly state: Readonly<Record<string, unknown>> | null;
  readonly last: EventMessage | null;
  readonly lastSeq: number;
  readonly records: number;
  readonly updatedAt: number;
  /** Messages from this table the board refused (bad shape, too big, too deep, numbers out of bounds …). */
  readonly refused: number;
  /** Why the last one was refused. */
  readonly refusedWhy: string | null;
}

export interface ResultRow {
  readonly club: string;
  readonly table: string;
  readonly game: string;
  readonly winner: string | null;
  readonly players: Readonly<Record<string, readonly string[]>>;
  readonly losses: Readonly<Record<string, number>>;
  readonly at: number;
}

export class ClubStore {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement;
  readonly #touch: Database.Statement;
  readonly #event: Database.Statement;

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("synchronous = NORMAL");
    this.#db.exec(SCHEMA);
    this.#insert = this.#db.prepare(
      "INSERT OR IGNORE INTO club_records (club, tbl, game, seq, kind, at, payload, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#touch = this.#db.prepare(
      "INSERT INTO club_tables (club, tbl, updated_at) VALUES (?, ?, ?) ON CONFLICT(club, tbl) DO UPDATE SET updated_at = excluded.updated_at",
    );
    // the tile shows the newest record of the newest game: a late duplicate or an older game never replaces it
    this.#event = this.#db.prepare(
      `UPDATE club_tables SET game = ?, ruleset = ?, last = ?, last_seq = ? WHERE club = ? AND tbl = ?
       AND (game IS NULL OR game <> ? OR last_seq < ?)`,
    );
  }

  /** Keeps an event once; returns whether it was new. */
  event(club: string, table: string, e: EventMessage, now: number): boolean {
    return this.#db.transaction(() => {
      const added = this.#insert.run(club, table, e.game, e.seq, e.kind, e.at, JSON.stringify(e), now).changes > 0;
      if (!added) return false;
      this.#touch.run(club, table, now);
      this.#event.run(e.game, e.ruleset, JSON.stringify(e), e.seq, club, table, e.game, e.seq);
      return true;
    })();
  }

  /** Counts a refused message of a table (the table gets a tile, so the board shows it). */
  refused(club: string, table: string, why: string, now: number): void {
    this.#db.transaction(() => {
      this.#touch.run(club, table, now);
      this.#db
        .prepare(
          `INSERT INTO club_refused (club, tbl, n, why, at) VALUES (?, ?, 1, ?, ?)
           ON CONFLICT(club, tbl) DO UPDATE SET n = n + 1, why = excluded.why, at = excluded.at`,
        )
        .run(club, table, why.slice(0, 300), now);
    })();
  }

  state(club: string, table: string, state: Readonly<Record<string, unknown>>, now: number): void {
    this.#touch.run(club, table, now);
    this.#db.prepare("UPDATE club_tables SET state = ? WHERE club = ? AND tbl = ?").run(JSON.stringify(state), club, table);
  }

  status(club: string, table: string, online: boolean, now: number): void {
    this.#touch.run(club, table, now);
    this.#db.prepare("UPDATE club_tables SET online = ? WHERE club = ? AND tbl = ?").run(online ? 1 : 0, club, table);
  }

  /** Keeps a game's end once (the first report stands). */
  ended(club: string, table: string, e: EndedMessage, now: number): boolean {
    this.#touch.run(club, table, now);
    return (
      this.#db
        .prepare("INSERT OR IGNORE INTO club_results (club, tbl, game, winner, players, losses, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .run(club, table, e.game, e.winner, JSON.stringify(e.players), JSON.stringify(e.losses), now).changes > 0
    );
  }

  tables(): TableRow[] {
    const rows = this.#db
      .prepare(
        `SELECT t.*, (SELECT COUNT(*) FROM club_records r WHERE r.club = t.club AND r.tbl = t.tbl) AS records,
         f.n AS refused, f.why AS refused_why
         FROM club_tables t LEFT JOIN club_refused f ON f.club = t.club AND f.tbl = t.tbl ORDER BY t.club, t.tbl`,
      )
      .all() as {
      club: string;
      tbl: string;
      game: string | null;
      ruleset: string | null;
      online: number;
      state: string | null;
      last: string | null;
      last_seq: number;
      records: number;
      updated_at: number;
      refused: number | null;
      refused_why: string | null;
    }[];
    return rows.map((r) => ({
      club: r.club,
      table: r.tbl,
      game: r.game,
      ruleset: r.ruleset,
      online: r.online === 1,
      state: r.state ? JSON.parse(r.state) : null,
      last: r.last ? JSON.parse(r.last) : null,
      lastSeq: r.last_seq,
      records: r.records,
      updatedAt: r.updated_at,
      refused: r.refused ?? 0,
      refusedWhy: r.refused_why,
    }));
  }

  /** A table's records of one game in seq order (or every game's, oldest game first). */
  records(club: string, table: string): { game: string; seq: number; kind: string }[] {
    return this.#db.prepare("SELECT game, seq, kind FROM club_records WHERE club = ? AND tbl = ? ORDER BY rowid").all(club, table) as {
      game: string;
      seq: number;
      kind: string;
    }[];
  }

  /** One record as the board kept it (null when it holds none). */
  payload(club: string, table: string, game: string, seq: number): Readonly<Record<string, unknown>> | null {
    const row = this.#db
      .prepare("SELECT payload FROM club_records WHERE club = ? AND tbl = ? AND game = ? AND seq = ?")
      .get(club, table, game, seq) as { payload: string } | undefined;
    return row ? JSON.parse(row.payload) : null;
  }

  results(): ResultRow[] {
    const rows = this.#db.prepare("SELECT * FROM club_results ORDER BY at").all() as {
      club: string;
      tbl: string;
      game: string;
      winner: string | null;
      players: string;
      losses: string;
      at: number;
    }[];
    return rows.map((r) => ({ ...r, table: r.tbl, players: JSON.parse(r.players), losses: JSON.parse(r.losses) }));
  }

  close(): void {
    this.#db.close();
  }
}
