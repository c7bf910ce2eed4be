/**
 * The club host's SQLite file: its tables (records, tables, games, claims, results, refused messages) made when
 * missing, WAL with synchronous=NORMAL, and a file from before the records were counted brought up to date.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS club_records (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL,
  payload TEXT NOT NULL, received_at INTEGER NOT NULL, PRIMARY KEY (club, tbl, game, seq));
CREATE TABLE IF NOT EXISTS club_tables (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT, ruleset TEXT, online INTEGER NOT NULL DEFAULT 0, state TEXT,
  last TEXT, last_seq INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL, records INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (club, tbl));
CREATE TABLE IF NOT EXISTS club_results (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, winner TEXT, players TEXT NOT NULL, losses TEXT NOT NULL,
  at INTEGER NOT NULL, PRIMARY KEY (club, tbl, game));
CREATE TABLE IF NOT EXISTS club_games (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, start TEXT, last_seq INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (club, tbl, game));
CREATE TABLE IF NOT EXISTS club_claims (
  club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, payload TEXT NOT NULL, at INTEGER NOT NULL,
  verdict TEXT NOT NULL DEFAULT 'waiting', why TEXT, PRIMARY KEY (club, tbl, game));
CREATE TABLE IF NOT EXISTS club_refused (
  club TEXT NOT NULL, tbl TEXT NOT NULL, n INTEGER NOT NULL, why TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (club, tbl));
`;

/** Opens (or makes) the club's file at `file` (`:memory:` for none), its schema up to date. */
export function openClubDb(file: string): Database.Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  countRecordsOnce(db);
  return db;
}

/**
 * A `club.sqlite` from before the count was kept (issue 39: `tables()` counted every record the club held on each
 * live push — 31–69 ms at 500 tables × 300 records): the column added and filled once from the records.
 */
function countRecordsOnce(db: Database.Database): void {
  const columns = db.prepare("PRAGMA table_info(club_tables)").all() as { name: string }[];
  if (columns.some((c) => c.name === "records")) return;
  db.transaction(() => {
    db.exec("ALTER TABLE club_tables ADD COLUMN records INTEGER NOT NULL DEFAULT 0");
    db.exec(
      "UPDATE club_tables SET records = (SELECT COUNT(*) FROM club_records r WHERE r.club = club_tables.club AND r.tbl = club_tables.tbl)",
    );
  })();
}
