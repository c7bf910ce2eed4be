/**
 * The SQLite store file (better-sqlite3, WAL, synchronous=NORMAL with the -wal synced right after each resolved action
 * and undo, see wal-sync.ts): one row per game (rule set, starting state, set-up, status), the game opened under each
 * table file, the devices' names; each game's append-only log and snapshot are its {@link SqliteGameStore}.
 */
import { existsSync } from "node:fs";
import type Database from "better-sqlite3";
import * as games from "./game-rows.ts";
import { copyGames, type GameRecord, type GameRow, type GameStatus, toGameRecord } from "./game-rows.ts";
import { FileIdentity, SqliteGameStore } from "./game-store.ts";
import { type LogDbRow, toRowIn } from "./log-rows.ts";
import { type MigrationReport, migrate } from "./migrations.ts";
import { naming, openDatabase, openWritableAgain, type StoreError, storeError, writable } from "./open-db.ts";
import { OutboxWriter } from "./outbox.ts";
import { type GameSetup, type LogRow, setupKey } from "./records.ts";
import type { StoredDevice } from "./table-rows.ts";
import * as rows from "./table-rows.ts";
import { CHECKPOINT_BACKSTOP_PAGES, WalSync } from "./wal-sync.ts";
import { FileSwapped } from "./write-problem.ts";

export type { GameRecord, GameStatus } from "./game-rows.ts";
export type { StoredDevice } from "./table-rows.ts";

export interface StoreOptions {
  /** Open an existing file without changing it (replay): no schema, no WAL switch, no writes. */
  readonly readOnly?: boolean;
  /** Write each resolved action and undo to the club outbox too, in the same transaction (club mode, docs/reference/mqtt.md). */
  readonly outbox?: boolean;
}

/**
 * A store file. `game(setup)` resumes the latest game with the same setup or starts a new one. Opening and
 * reading throw {@link StoreError}s that name the file.
 */
export class SqliteStore {
  readonly file: string;
  /** The schema upgrade opening the file made (from = to when none), with the backup copy's name. */
  readonly migration: MigrationReport;
  #db: Database.Database;
  readonly #outbox: OutboxWriter | null;
  /** The game stores handed out, rebound when the file is opened again (reopenWritable). */
  readonly #handedOut = new Set<WeakRef<SqliteGameStore>>();
  /** The file could not be written when it was opened: SQLite then opened it read-only, for good. */
  #openedReadOnly = false;
  readonly #walSync: WalSync | null = null;
  #identity: FileIdentity | null = null;
  #rescued = false;
  /**
   * Grows with every write a person makes to the file (a game ended, archived, opened, deleted; a device named):
   * what was read of the games before is still true while it stays the same. A field, not a method: the display
   * reads it on every view (the game's end), and the die's path runs none of this file's code.
   */
  writes = 0;

  constructor(file: string, options: StoreOptions = {}) {
    this.file = file;
    this.#openedReadOnly = options.readOnly !== true && file !== ":memory:" && existsSync(file) && !writable(file);
    this.#db = openDatabase(file, options.readOnly === true);
    this.#outbox = null;
    if (options.readOnly) {
      // an in-memory copy may be brought up to date without touching the file; one read through its -wal is read as it is
      const version = this.#db.pragma("user_version", { simple: true }) as number;
      this.migration = this.#db.memory
        ? naming(file, () => migrate(this.#db, file, undefined, { backup: false }))
        : { from: version, to: version };
      return;
    }
    try {
      this.migration = naming(file, () => {
        this.#db.pragma("journal_mode = WAL");
        // each commit is written before it returns (a killed host loses nothing); WalSync brings it to the disk
        this.#db.pragma("synchronous = NORMAL");
        this.#db.pragma("foreign_keys = ON");
        return migrate(this.#db, file);
      });
    } catch (e) {
      this.#db.close();
      throw e;
    }
    this.#outbox = options.outbox ? new OutboxWriter(this.#db) : null;
    if (!this.#db.memory) {
      // SQLite's own checkpoint only as a backstop: WalSync checkpoints off the commit (see there)
      this.#db.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`);
      this.#walSync = new WalSync(
        file,
        () => this.#db.pragma("synchronous = FULL"),
        () => this.#db.pragma("wal_checkpoint(PASSIVE)"),
      );
    }
    this.#identity = new FileIdentity(file);
  }

  /**
   * Before every write: the path still holds the file this store opened. A file deleted or replaced under the host
   * would take every later write into a file no one will open again; instead the write is refused (a
   * {@link FileSwapped} inside a StoreError), and the first time, the game so far is copied beside the path
   * (`game.sqlite.rescued-<time>`), so nothing acknowledged is lost.
   */
  guard(): void {
    try {
      this.#identity?.check();
    } catch (e) {
      throw this.#refused(e);
    }
  }

  /** The error a failed {@link guard} throws; the first time the file is found swapped, the game so far is copied beside it. */
  #refused(e: unknown): StoreError {
    if (e instanceof FileSwapped && !this.#rescued) {
      this.#rescued = true;
      try {
        this.#db.prepare("VACUUM INTO ?").run(`${this.file}.rescued-${Date.now()}`);
      } catch {
        // the copy is a courtesy: the refusal is what keeps the table honest
      }
    }
    return storeError(this.file, e);
  }

  /** A person's write (ending, creating, deleting or opening a game, naming a device) is on the disk when it returns. */
  #durable<T>(write: () => T): T {
    return naming(this.file, () => {
      this.guard();
      this.writes++;
      const out = write();
      this.#walSync?.now();
      return out;
    });
  }

  /** The game store of game `id` over this file's connection. */
  #gameStore(id: number): SqliteGameStore {
    const walSync = this.#walSync;
    const store = new SqliteGameStore(this.#db, id, this.file, this.#outbox, walSync ? () => walSync.request() : () => {}, {
      // the game store checks the identity itself: a commit runs none of this file's code unless the check fails
      identity: this.#identity,
      refused: (e) => this.#refused(e),
      durable: () => walSync?.now(),
      reopen: (e) => this.#reopenWritable(e),
    });
    for (const ref of this.#handedOut) if (!ref.deref()) this.#handedOut.delete(ref);
    this.#handedOut.add(new WeakRef(store));
    return store;
  }

  /**
   * After a write refused as read-only: when the file is writable now, opens it again and binds every game store to
   * the new connection; whether it did. A file read-only when the host opened it stays read-only on that connection
   * however writable it is made since (issue 39 item 5). Not in club mode: the club link reads the outbox over the
   * connection it was given, so there the table says to restart the host.
   */
  #reopenWritable(e: unknown): boolean {
    const code = (e as { code?: unknown }).code;
    if (!this.#openedReadOnly || this.#outbox !== null || typeof code !== "string" || !code.startsWith("SQLITE_READONLY")) return false;
    if (!writable(this.file)) return false;
    const next = openWritableAgain(this.file);
    if (!next) return false;
    const old = this.#db;
    this.#db = next;
    this.#openedReadOnly = false;
    for (const ref of this.#handedOut) ref.deref()?.rebind(next);
    old.close();
    return true;
  }

  /** The open database, for the club outbox's reader (same connection, so it sees each commit at once). */
  get db(): Database.Database {
    return this.#db;
  }

  /** The latest game still being played (not ended or archived) whose rule set and starting state equal `setup`'s, or a new one. */
  game(setup: GameSetup, now: number): SqliteGameStore {
    return naming(this.file, () => this.#game(setup, now));
  }

  #game(setup: GameSetup, now: number): SqliteGameStore {
    return this.#gameStore(games.activeGame(this.#db, setup, now));
  }

  /**
   * Adds a new game (not opened): one row, nothing else touched. Its key is its own, so a table started from a file
   * with the same ships never resumes it in place of its own game.
   */
  createGame(setup: GameSetup, now: number): number {
    return this.#durable(() => games.createGame(this.#db, setup, now));
  }

  /**
   * The game a person opened on the table (`POST /api/games/:id/open`) while it was started from the table file
   * `under`, if that game is still being played: the same start resumes it rather than the file's own game.
   */
  openedGame(under: GameSetup): number | null {
    return naming(this.file, () => games.openedGame(this.#db, setupKey(under)));
  }

  /** Remembers game `id` as opened on the table started from `under`; an ended or archived game is made active again. */
  setOpenedGame(id: number, under: GameSetup): void {
    this.#durable(() => games.setOpenedGame(this.#db, id, setupKey(under)));
  }

  /** The friendly names people gave the table's devices (device id → name). */
  deviceNames(): Record<string, string> {
    return naming(this.file, () => rows.deviceNames(this.#db));
  }

  /** Names a device (an empty name takes the name away). */
  setDeviceName(id: string, name: string): void {
    this.#durable(() => rows.setDeviceName(this.#db, id, name));
  }

  /** The devices added from /devices, oldest first (their configuration as the table file would give it). */
  addedDevices(): StoredDevice[] {
    return naming(this.file, () => rows.addedDevices(this.#db));
  }

  /** Keeps a device added from /devices (replacing the one of the same id, which keeps its place). */
  putDevice(d: StoredDevice, now: number): void {
    this.#durable(() => rows.putDevice(this.#db, d, now));
  }

  /** Forgets a device added from /devices; false when there was none of that id. */
  removeDevice(id: string): boolean {
    return this.#durable(() => rows.removeDevice(this.#db, id));
  }

  /** A setting of the table (null when never set). */
  setting(key: string): string | null {
    return naming(this.file, () => rows.setting(this.#db, key));
  }

  /** Sets a setting of the table (null takes it away). */
  setSetting(key: string, value: string | null): void {
    this.#durable(() => rows.setSetting(this.#db, key, value));
  }

  /** The store of game `id` (to open it on the table), or null when the file has no such game. */
  gameById(id: number): SqliteGameStore | null {
    return naming(this.file, () => {
      if (!this.#db.prepare("SELECT id FROM games WHERE id = ?").get(id)) return null;
      return this.#gameStore(id);
    });
  }

  /** Games in the file, newest last. */
  games(): GameRecord[] {
    // every column: a file opened read-only (replay) may be of an older schema, without status and winner
    return naming(this.file, () => (this.#db.prepare("SELECT * FROM games ORDER BY id").all() as GameRow[]).map(toGameRecord));
  }

  /** The ids of the file's games, oldest first (without reading their set-ups). */
  gameIds(): number[] {
    return naming(this.file, () => (this.#db.prepare("SELECT id FROM games ORDER BY id").all() as { id: number }[]).map((r) => r.id));
  }

  /** Game `id` of the file, or null when there is none. */
  gameRecord(id: number): GameRecord | null {
    return naming(this.file, () => {
      const row = this.#db.prepare("SELECT * FROM games WHERE id = ?").get(id) as GameRow | undefined;
      return row ? toGameRecord(row) : null;
    });
  }

  /** Marks a game ended (with the winner a person named, or none) or archived; false when there is no such game. */
  setGameStatus(id: number, status: Exclude<GameStatus, "active">, now: number, winner: string | null = null): boolean {
    return this.#durable(() => games.setGameStatus(this.#db, id, status, now, winner));
  }

  /** Deletes a game with its log, snapshot and club outbox rows, in one transaction; false when there is no such game. */
  deleteGame(id: number): boolean {
    return this.#durable(() => games.deleteGame(this.#db, id));
  }

  /**
   * Adds every game of another game file (a rescued copy, opened read-only) to this one as new games (game-rows.ts
   * `copyGames`), in one transaction, durable when it returns; their new ids.
   */
  importGames(from: SqliteStore): number[] {
    const copy = copyGames(from.db, this.#db);
    return this.#durable(() => copy());
  }

  /** Every log row of a game, undos included, in order. */
  log(gameId: number): LogRow[] {
    return naming(this.file, () =>
      (this.#db.prepare("SELECT * FROM log WHERE game_id = ? ORDER BY seq").all(gameId) as LogDbRow[]).map(toRowIn(this.file)),
    );
  }

  close(): void {
    try {
      this.#walSync?.close();
    } finally {
      this.#db.close();
    }
  }
}
