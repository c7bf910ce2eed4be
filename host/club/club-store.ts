/**
 * The club host's own SQLite: every table record exactly once by (club, table, game, seq), each game's start and
 * the last seq its table said, each table's latest `state` and `status` and its count of refused messages, each
 * table's report of a game's end (a claim, settled by the board's own reading) and the ends counted for the league.
 * Records arriving twice (a reconnect resends, a request is answered again) are ignored by the primary key.
 */
import type Database from "better-sqlite3";
import { openClubDb } from "./club-db.ts";
import { ClubLeague } from "./club-league.ts";
import type { EndedMessage, EventMessage, StartMessage, StateMessage } from "./messages.ts";

export type { ResultRow } from "./club-league.ts";

/** One table as the club knows it. */
export interface TableRow {
  readonly club: string;
  readonly table: string;
  readonly game: string | null;
  readonly ruleset: string | null;
  readonly online: boolean;
  readonly state: StateMessage | null;
  readonly last: EventMessage | null;
  readonly lastSeq: number;
  readonly records: number;
  readonly updatedAt: number;
  /** Messages from this table the board refused (bad shape, too big, too deep, numbers out of bounds …). */
  readonly refused: number;
  /** Why the last one was refused. */
  readonly refusedWhy: string | null;
}

/** A game as the board knows it, for asking a table again for what it misses. */
export interface GameRow {
  readonly club: string;
  readonly table: string;
  readonly game: string;
  readonly hasStart: boolean;
  readonly online: boolean;
  /** The highest seq the board holds or the table's `state` said. */
  readonly lastSeq: number;
  /** The verdict on the table's report of its end, when one came. */
  readonly claim: string | null;
}

export class ClubStore {
  readonly #db: Database.Database;
  /** The claims of games' ends, settled by the board's reading, and the results counted for the league. */
  readonly league: ClubLeague;
  readonly #insert: Database.Statement;
  readonly #touch: Database.Statement;
  readonly #game: Database.Statement;
  /** A table's records counted as they are kept, in the record's own transaction (every live push reads the count). */
  readonly #counted: Database.Statement;

  constructor(file: string) {
    this.#db = openClubDb(file);
    this.league = new ClubLeague(this.#db);
    this.#insert = this.#db.prepare(
      "INSERT OR IGNORE INTO club_records (club, tbl, game, seq, kind, at, payload, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#touch = this.#db.prepare(
      "INSERT INTO club_tables (club, tbl, updated_at) VALUES (?, ?, ?) ON CONFLICT(club, tbl) DO UPDATE SET updated_at = excluded.updated_at",
    );
    this.#game = this.#db.prepare("INSERT OR IGNORE INTO club_games (club, tbl, game) VALUES (?, ?, ?)");
    this.#counted = this.#db.prepare("UPDATE club_tables SET records = records + 1 WHERE club = ? AND tbl = ?");
  }

  /** Keeps a record once; returns whether it was new. The tile's last result moves only with the board's reading ({@link setLast}). */
  event(club: string, table: string, e: EventMessage, now: number): boolean {
    return this.#db.transaction(() => {
      const added = this.#insert.run(club, table, e.game, e.seq, e.kind, e.at, JSON.stringify(e), now).changes > 0;
      if (!added) return false;
      this.#touch.run(club, table, now);
      this.#counted.run(club, table);
      this.#game.run(club, table, e.game);
      return true;
    })();
  }

  /**
   * The tile's last result: record `e`, the head of what the board holds of its game without a gap. A game that is
   * older than the tile's (a smaller row number at the same table) never replaces it.
   */
  setLast(club: string, table: string, e: EventMessage): void {
    const row = this.#db.prepare("SELECT game FROM club_tables WHERE club = ? AND tbl = ?").get(club, table) as
      | { game: string | null }
      | undefined;
    const rowOf = (g: string) => Number(/^g(\d+)-/.exec(g)?.[1] ?? 0);
    if (row?.game && row.game !== e.game && rowOf(row.game) > rowOf(e.game)) return;
    this.#db
      .prepare("UPDATE club_tables SET game = ?, ruleset = ?, last = ?, last_seq = ? WHERE club = ? AND tbl = ?")
      .run(e.game, e.ruleset, JSON.stringify(e), e.seq, club, table);
  }

  /** Keeps a game's start once (the first stands); returns whether it was new. */
  start(club: string, table: string, m: StartMessage, now: number): boolean {
    return this.#firstOfGame(club, table, m.game, now, () =>
      this.#db
        .prepare("UPDATE club_games SET start = ? WHERE club = ? AND tbl = ? AND game = ? AND start IS NULL")
        .run(JSON.stringify(m), club, table, m.game),
    );
  }

  startOf(club: string, table: string, game: string): StartMessage | null {
    const r = this.#db.prepare("SELECT start FROM club_games WHERE club = ? AND tbl = ? AND game = ?").get(club, table, game) as
      | { start: string | null }
      | undefined;
    return r?.start ? JSON.parse(r.start) : null;
  }

  /** What the table says its game's last seq is (its `state`): the board asks for what it does not hold. */
  lastSeqSaid(club: string, table: string, game: string, seq: number): void {
    this.#game.run(club, table, game);
    this.#db
      .prepare("UPDATE club_games SET last_seq = MAX(last_seq, ?) WHERE club = ? AND tbl = ? AND game = ?")
      .run(seq, club, table, game);
  }

  /** Up to `limit` records of a game from seq `from`, in seq order. */
  eventsFrom(club: string, table: string, game: string, from: number, limit: number): EventMessage[] {
    return (
      this.#db
        .prepare("SELECT payload FROM club_records WHERE club = ? AND tbl = ? AND game = ? AND seq >= ? ORDER BY seq LIMIT ?")
        .all(club, table, game, from, limit) as { payload: string }[]
    ).map((r) => JSON.parse(r.payload));
  }

  /** Every game the board knows of, with the highest seq it holds or was told of, whether it has the start and an end. */
  games(): GameRow[] {
    return (
      this.#db
        .prepare(
          `SELECT g.club, g.tbl AS "table", g.game, g.start IS NOT NULL AS hasStart, t.online,
           MAX(g.last_seq, COALESCE((SELECT MAX(seq) FROM club_records r WHERE r.club = g.club AND r.tbl = g.tbl AND r.game = g.game), 0)) AS lastSeq,
           (SELECT verdict FROM club_claims c WHERE c.club = g.club AND c.tbl = g.tbl AND c.game = g.game) AS claim
           FROM club_games g JOIN club_tables t ON t.club = g.club AND t.tbl = g.tbl`,
        )
        .all() as { club: string; table: string; game: string; hasStart: number; online: number; lastSeq: number; claim: string | null }[]
    ).map((r) => ({ ...r, hasStart: r.hasStart === 1, online: r.online === 1 }));
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

  state(club: string, table: string, state: StateMessage, now: number): void {
    this.#touch.run(club, table, now);
    this.#db.prepare("UPDATE club_tables SET state = ? WHERE club = ? AND tbl = ?").run(JSON.stringify(state), club, table);
  }

  status(club: string, table: string, online: boolean, now: number): void {
    this.#touch.run(club, table, now);
    this.#db.prepare("UPDATE club_tables SET online = ? WHERE club = ? AND tbl = ?").run(online ? 1 : 0, club, table);
  }

  /** Keeps a table's report of a game's end once (the first stands), as a claim the board's reading settles. */
  claim(club: string, table: string, e: EndedMessage, now: number): boolean {
    return this.#firstOfGame(club, table, e.game, now, () =>
      this.#db
        .prepare("INSERT OR IGNORE INTO club_claims (club, tbl, game, payload, at) VALUES (?, ?, ?, ?, ?)")
        .run(club, table, e.game, JSON.stringify(e), now),
    );
  }

  /** In one transaction: the table seen, its game known, then `keep` (a write that changes nothing when one came first); whether it kept. */
  #firstOfGame(club: string, table: string, game: string, now: number, keep: () => Database.RunResult): boolean {
    return this.#db.transaction(() => {
      this.#touch.run(club, table, now);
      this.#game.run(club, table, game);
      return keep().changes > 0;
    })();
  }

  tables(): TableRow[] {
    const rows = this.#db
      .prepare(
        `SELECT t.*, f.n AS refused, f.why AS refused_why
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

  close(): void {
    this.#db.close();
  }
}
