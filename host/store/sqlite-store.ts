/**
 * The SQLite store (better-sqlite3, WAL, synchronous=FULL): one row per game (rule set and starting state),
 * an append-only log of resolved actions and undos — one transaction each, with the session snapshot — and
 * the snapshot of the action being set up, so a half-rolled action survives a crash as pending, not applied.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { OutboxWriter } from "./outbox.ts";
import type { GameSetup, GameStore, LogRow, ResolvedRecord, SessionSnapshot } from "./records.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY, created_at INTEGER NOT NULL, ruleset TEXT NOT NULL, title TEXT NOT NULL,
  setup TEXT NOT NULL, setup_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
  seq INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), kind TEXT NOT NULL CHECK (kind IN ('action','undo')),
  at INTEGER NOT NULL, undoes INTEGER, action TEXT, plan TEXT, dice TEXT, outcome TEXT, events TEXT, follow_ups TEXT, description TEXT, waiting TEXT);
CREATE INDEX IF NOT EXISTS log_game ON log(game_id, seq);
CREATE TABLE IF NOT EXISTS snapshots (game_id INTEGER PRIMARY KEY REFERENCES games(id), at INTEGER NOT NULL, snapshot TEXT NOT NULL);
`;

interface LogDbRow {
  seq: number;
  kind: "action" | "undo";
  at: number;
  undoes: number | null;
  action: string | null;
  plan: string | null;
  dice: string | null;
  outcome: string | null;
  events: string | null;
  follow_ups: string | null;
  waiting: string | null;
  description: string | null;
}

const toRow = (r: LogDbRow): LogRow =>
  r.kind === "undo"
    ? { seq: r.seq, kind: "undo", at: r.at, undoes: r.undoes ?? -1 }
    : {
        seq: r.seq,
        kind: "action",
        at: r.at,
        record: {
          seq: r.seq,
          at: r.at,
          action: JSON.parse(r.action ?? "{}"),
          plan: JSON.parse(r.plan ?? "[]"),
          dice: JSON.parse(r.dice ?? "[]"),
          outcome: JSON.parse(r.outcome ?? "{}"),
          events: JSON.parse(r.events ?? "[]"),
          followUps: JSON.parse(r.follow_ups ?? "[]"),
          description: r.description ?? "",
          ...(r.waiting ? { waiting: JSON.parse(r.waiting) } : {}),
        },
      };

/** Folds log rows into the records still in effect: an undo removes the record it names. */
export function recordsInEffect(rows: readonly LogRow[]): ResolvedRecord[] {
  const out: ResolvedRecord[] = [];
  for (const row of rows) {
    if (row.kind === "action") out.push(row.record);
    else {
      const i = out.findIndex((r) => r.seq === row.undoes);
      if (i >= 0) out.splice(i, 1);
    }
  }
  return out;
}

/** Options of a store file. */
export interface StoreOptions {
  /** Write each resolved action and undo to the club outbox too, in the same transaction (club mode, CONTRACT §6). */
  readonly outbox?: boolean;
}

/** A store file. `game(setup)` resumes the latest game with the same setup or starts a new one. */
export class SqliteStore {
  readonly file: string;
  readonly #db: Database.Database;
  readonly #outbox: OutboxWriter | null;

  constructor(file: string, options: StoreOptions = {}) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.file = file;
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("synchronous = FULL");
    this.#db.pragma("foreign_keys = ON");
    this.#db.exec(SCHEMA);
    // files written before the log kept the waiting follow-ups
    const columns = this.#db.prepare("PRAGMA table_info(log)").all() as { name: string }[];
    if (!columns.some((c) => c.name === "waiting")) this.#db.exec("ALTER TABLE log ADD COLUMN waiting TEXT");
    this.#outbox = options.outbox ? new OutboxWriter(this.#db) : null;
  }

  /** The open database, for the club outbox's reader (same connection, so it sees each commit at once). */
  get db(): Database.Database {
    return this.#db;
  }

  /** The latest game whose rule set and starting state equal `setup`'s, or a new one. */
  game(setup: GameSetup, now: number): SqliteGameStore {
    const key = JSON.stringify([setup.ruleset, setup.start, setup.data ?? null]);
    const found = this.#db.prepare("SELECT id FROM games WHERE setup_key = ? ORDER BY id DESC LIMIT 1").get(key) as
      | { id: number }
      | undefined;
    const id =
      found?.id ??
      Number(
        this.#db
          .prepare("INSERT INTO games (created_at, ruleset, title, setup, setup_key) VALUES (?, ?, ?, ?, ?)")
          .run(now, setup.ruleset, setup.title, JSON.stringify(setup), key).lastInsertRowid,
      );
    return new SqliteGameStore(this.#db, id, this.#outbox);
  }

  /** Games in the file, newest last. */
  games(): { id: number; createdAt: number; setup: GameSetup }[] {
    const rows = this.#db.prepare("SELECT id, created_at, setup FROM games ORDER BY id").all() as {
      id: number;
      created_at: number;
      setup: string;
    }[];
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at, setup: JSON.parse(r.setup) as GameSetup }));
  }

  /** Every log row of a game, undos included, in order. */
  log(gameId: number): LogRow[] {
    return (this.#db.prepare("SELECT * FROM log WHERE game_id = ? ORDER BY seq").all(gameId) as LogDbRow[]).map(toRow);
  }

  close(): void {
    this.#db.close();
  }
}

/** One game's store. */
export class SqliteGameStore implements GameStore {
  readonly gameId: number;
  readonly #db: Database.Database;
  readonly #insertAction: Database.Statement;
  readonly #insertUndo: Database.Statement;
  readonly #saveSnap: Database.Statement;
  readonly #commitAction: (record: ResolvedRecord, snapshot: SessionSnapshot) => void;
  readonly #commitUndo: (seq: number, at: number, snapshot: SessionSnapshot) => void;

  constructor(db: Database.Database, gameId: number, outbox: OutboxWriter | null = null) {
    this.#db = db;
    this.gameId = gameId;
    this.#insertAction = db.prepare(
      "INSERT INTO log (seq, game_id, kind, at, action, plan, dice, outcome, events, follow_ups, description, waiting) VALUES (?, ?, 'action', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#insertUndo = db.prepare("INSERT INTO log (game_id, kind, at, undoes) VALUES (?, 'undo', ?, ?)");
    this.#saveSnap = db.prepare(
      "INSERT INTO snapshots (game_id, at, snapshot) VALUES (?, ?, ?) ON CONFLICT(game_id) DO UPDATE SET at = excluded.at, snapshot = excluded.snapshot",
    );
    this.#commitAction = db.transaction((r: ResolvedRecord, s: SessionSnapshot) => {
      const j = JSON.stringify;
      this.#insertAction.run(
        r.seq,
        gameId,
        r.at,
        j(r.action),
        j(r.plan),
        j(r.dice),
        j(r.outcome),
        j(r.events),
        j(r.followUps),
        r.description,
        r.waiting ? j(r.waiting) : null,
      );
      outbox?.action(gameId, r);
      this.#saveSnap.run(gameId, r.at, j(s));
    });
    this.#commitUndo = db.transaction((seq: number, at: number, s: SessionSnapshot) => {
      this.#insertUndo.run(gameId, at, seq);
      outbox?.undo(gameId, seq, at);
      this.#saveSnap.run(gameId, at, JSON.stringify(s));
    });
  }

  load(): { records: ResolvedRecord[]; snapshot: SessionSnapshot | null } {
    const rows = (this.#db.prepare("SELECT * FROM log WHERE game_id = ? ORDER BY seq").all(this.gameId) as LogDbRow[]).map(toRow);
    const snap = this.#db.prepare("SELECT snapshot FROM snapshots WHERE game_id = ?").get(this.gameId) as { snapshot: string } | undefined;
    return { records: recordsInEffect(rows), snapshot: snap ? (JSON.parse(snap.snapshot) as SessionSnapshot) : null };
  }

  nextSeq(): number {
    const row = this.#db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM log").get() as { n: number };
    return row.n;
  }

  commitAction(record: ResolvedRecord, snapshot: SessionSnapshot): void {
    this.#commitAction(record, snapshot);
  }

  commitUndo(seq: number, at: number, snapshot: SessionSnapshot): void {
    this.#commitUndo(seq, at, snapshot);
  }

  saveSnapshot(snapshot: SessionSnapshot): void {
    this.#saveSnap.run(this.gameId, Date.now(), JSON.stringify(snapshot));
  }
}
