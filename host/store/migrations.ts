/**
 * Schema versions of the game file. `PRAGMA user_version` holds the number of the last migration applied; opening
 * a file applies the missing ones in order, in one transaction, after copying the file aside (`VACUUM INTO`) so a
 * club's games survive a failed upgrade. A file from a newer quarterdeck is refused rather than guessed at.
 *
 * To change the schema, append a migration with the next number; never edit one that has shipped.
 */
import { existsSync } from "node:fs";
import type Database from "better-sqlite3";

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly up: (db: Database.Database) => void;
}

const hasColumn = (db: Database.Database, table: string, column: string): boolean =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column);

/** Every migration, oldest first. Files written before versions (user_version 0) may already have some of them. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "games, the append-only log of actions and undos, the snapshot of the action being set up",
    up: (db) =>
      db.exec(`
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY, created_at INTEGER NOT NULL, ruleset TEXT NOT NULL, title TEXT NOT NULL,
  setup TEXT NOT NULL, setup_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
  seq INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id), kind TEXT NOT NULL CHECK (kind IN ('action','undo')),
  at INTEGER NOT NULL, undoes INTEGER, action TEXT, plan TEXT, dice TEXT, outcome TEXT, events TEXT, follow_ups TEXT, description TEXT);
CREATE INDEX IF NOT EXISTS log_game ON log(game_id, seq);
CREATE TABLE IF NOT EXISTS snapshots (game_id INTEGER PRIMARY KEY REFERENCES games(id), at INTEGER NOT NULL, snapshot TEXT NOT NULL);
`),
  },
  {
    version: 2,
    description: "the log keeps each action's waiting follow-ups",
    up: (db) => {
      if (!hasColumn(db, "log", "waiting")) db.exec("ALTER TABLE log ADD COLUMN waiting TEXT");
    },
  },
  {
    version: 3,
    description: "the club outbox: what the table will tell the club's broker, written with each action and undo",
    up: (db) =>
      db.exec(`
CREATE TABLE IF NOT EXISTS club_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL, topic TEXT NOT NULL, payload TEXT NOT NULL, log_seq INTEGER);
CREATE TABLE IF NOT EXISTS club_outbox_cursor (one INTEGER PRIMARY KEY CHECK (one = 1), sent_through INTEGER NOT NULL);
`),
  },
  {
    version: 4,
    description: "games can be ended (with a winner) and archived",
    up: (db) => {
      if (!hasColumn(db, "games", "status")) db.exec("ALTER TABLE games ADD COLUMN status TEXT NOT NULL DEFAULT 'active'");
      if (!hasColumn(db, "games", "winner")) db.exec("ALTER TABLE games ADD COLUMN winner TEXT");
      if (!hasColumn(db, "games", "ended_at")) db.exec("ALTER TABLE games ADD COLUMN ended_at INTEGER");
    },
  },
  {
    version: 5,
    description:
      "the file remembers which game was opened on the table, and under which table file (the same start resumes it); devices get friendly names",
    up: (db) =>
      db.exec(`
CREATE TABLE IF NOT EXISTS open_game (one INTEGER PRIMARY KEY CHECK (one = 1), game_id INTEGER NOT NULL, table_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS device_names (device_id TEXT PRIMARY KEY, name TEXT NOT NULL);
`),
  },
  {
    version: 6,
    description:
      "devices added from /devices are kept with the table (the same start brings them back); the table's own settings (phones let in)",
    up: (db) =>
      db.exec(`
CREATE TABLE IF NOT EXISTS table_devices (device_id TEXT PRIMARY KEY, family TEXT NOT NULL, config TEXT NOT NULL, added_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS table_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`),
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;

export interface MigrationReport {
  readonly from: number;
  readonly to: number;
  /** The copy made before upgrading, when the file held anything. */
  readonly backup?: string;
}

/** A free name beside `file` for the copy of schema version `from`. */
function backupName(file: string, from: number): string {
  const base = `${file}.v${from}.bak`;
  for (let i = 2; ; i++) {
    const name = i === 2 ? base : `${base}.${i - 1}`;
    if (!existsSync(name)) return name;
  }
}

/**
 * Brings `db` (opened from `file`, or ":memory:") to {@link SCHEMA_VERSION}, first copying a file that holds data
 * beside it (`backup: false`: not, for replay's in-memory copy of a file). Throws a sentence a club member can act
 * on, naming `file`, when the file is newer than this build.
 */
export function migrate(
  db: Database.Database,
  file: string,
  migrations: readonly Migration[] = MIGRATIONS,
  options: { readonly backup?: boolean } = {},
): MigrationReport {
  const target = migrations.at(-1)?.version ?? 0;
  const from = db.pragma("user_version", { simple: true }) as number;
  if (from > target) {
    throw new Error(
      `${file} was written by a newer quarterdeck (schema version ${from}; this one knows up to ${target}). Update quarterdeck, or open a copy of an older file.`,
    );
  }
  if (from === target) return { from, to: target };
  const pending = migrations.filter((m) => m.version > from);
  const holdsData = (db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number }).n > 0;
  let backup: string | undefined;
  if (holdsData && file !== ":memory:" && options.backup !== false) {
    backup = backupName(file, from);
    db.prepare("VACUUM INTO ?").run(backup);
  }
  db.transaction(() => {
    // another process may have upgraded the file since we looked: the write lock is ours now, look again
    const now = db.pragma("user_version", { simple: true }) as number;
    for (const m of pending) if (m.version > now) m.up(db);
    db.pragma(`user_version = ${target}`);
  }).immediate();
  return { from, to: target, ...(backup ? { backup } : {}) };
}
