/**
 * The SQLite store file (better-sqlite3, WAL, synchronous=NORMAL with the -wal synced right after each resolved action
 * and undo, see wal-sync.ts): one row per game (rule set, starting state, set-up, status), the game opened under each
 * table file, the devices' names; each game's append-only log and snapshot are its {@link SqliteGameStore}.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { FileIdentity, SqliteGameStore } from "./game-store.ts";
import { type LogDbRow, toRowIn } from "./log-rows.ts";
import { type MigrationReport, migrate } from "./migrations.ts";
import { naming, openDatabase, type StoreError, storeError, writable, writableSideFiles } from "./open-db.ts";
import { OutboxWriter } from "./outbox.ts";
import { type GameSetup, type LogRow, setupKey } from "./records.ts";
import { readSnapshot } from "./snapshot-check.ts";
import { WalSync } from "./wal-sync.ts";
import { FileSwapped } from "./write-problem.ts";

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
/** A device added from /devices: its family (`dice`, `readers`, `pad`, `dial`) and its entry there. */
export interface StoredDevice {
  readonly id: string;
  readonly family: string;
  readonly config: Record<string, unknown>;
}

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
interface GameRow {
  readonly id: number;
  readonly created_at: number;
  readonly setup: string;
  readonly status?: GameStatus;
  readonly winner?: string | null;
  readonly ended_at?: number | null;
}

/** A game's stored set-up, checked to be one the game can be rebuilt from (else an error naming the game). */
function readSetup(r: GameRow): GameSetup {
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

const toGameRecord = (r: GameRow): GameRecord => ({
  id: r.id,
  createdAt: r.created_at,
  setup: readSetup(r),
  status: r.status ?? "active",
  winner: r.winner ?? null,
  endedAt: r.ended_at ?? null,
});

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
    if (!this.#db.memory) this.#walSync = new WalSync(file, () => this.#db.pragma("synchronous = FULL"));
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
    writableSideFiles(this.file);
    let next: Database.Database | null = null;
    try {
      next = new Database(this.file);
      next.pragma("journal_mode = WAL");
      next.pragma("synchronous = NORMAL");
      next.pragma("foreign_keys = ON");
      const version = next.pragma("user_version", { simple: true }) as number;
      next.pragma(`user_version = ${Number(version)}`); // it takes writes, or it is not used
    } catch {
      next?.close();
      return false;
    }
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
    const key = setupKey(setup);
    const found = this.#db.prepare("SELECT id FROM games WHERE setup_key = ? AND status = 'active' ORDER BY id DESC LIMIT 1").get(key) as
      | { id: number }
      | undefined;
    const id =
      found?.id ??
      Number(
        this.#db
          .prepare("INSERT INTO games (created_at, ruleset, title, setup, setup_key) VALUES (?, ?, ?, ?, ?)")
          .run(now, setup.ruleset, setup.title, JSON.stringify(setup), key).lastInsertRowid,
      );
    return this.#gameStore(id);
  }

  /**
   * Adds a new game (not opened): one row, nothing else touched. Its key is its own, so a table started from a file
   * with the same ships never resumes it in place of its own game.
   */
  createGame(setup: GameSetup, now: number): number {
    return this.#durable(() =>
      this.#db.transaction(() => {
        const id = Number(
          this.#db
            .prepare("INSERT INTO games (created_at, ruleset, title, setup, setup_key) VALUES (?, ?, ?, ?, '')")
            .run(now, setup.ruleset, setup.title, JSON.stringify(setup)).lastInsertRowid,
        );
        this.#db.prepare("UPDATE games SET setup_key = ? WHERE id = ?").run(`game:${id}`, id);
        return id;
      })(),
    );
  }

  /**
   * The game a person opened on the table (`POST /api/games/:id/open`) while it was started from the table file
   * `under`, if that game is still being played: the same start resumes it rather than the file's own game.
   */
  openedGame(under: GameSetup): number | null {
    return naming(this.file, () => {
      const row = this.#db
        .prepare("SELECT g.id FROM open_game o JOIN games g ON g.id = o.game_id WHERE o.table_key = ? AND g.status = 'active'")
        .get(setupKey(under)) as { id: number } | undefined;
      return row?.id ?? null;
    });
  }

  /** Remembers game `id` as opened on the table started from `under`; an ended or archived game is made active again. */
  setOpenedGame(id: number, under: GameSetup): void {
    this.#durable(() =>
      this.#db.transaction(() => {
        this.#db.prepare("UPDATE games SET status = 'active', winner = NULL, ended_at = NULL WHERE id = ? AND status <> 'active'").run(id);
        this.#db
          .prepare(
            "INSERT INTO open_game (one, game_id, table_key) VALUES (1, ?, ?) ON CONFLICT(one) DO UPDATE SET game_id = excluded.game_id, table_key = excluded.table_key",
          )
          .run(id, setupKey(under));
      })(),
    );
  }

  /** The friendly names people gave the table's devices (device id → name). */
  deviceNames(): Record<string, string> {
    return naming(this.file, () => {
      const rows = this.#db.prepare("SELECT device_id, name FROM device_names").all() as { device_id: string; name: string }[];
      return Object.fromEntries(rows.map((r) => [r.device_id, r.name]));
    });
  }

  /** Names a device (an empty name takes the name away). */
  setDeviceName(id: string, name: string): void {
    this.#durable(() => {
      if (name === "") this.#db.prepare("DELETE FROM device_names WHERE device_id = ?").run(id);
      else
        this.#db
          .prepare("INSERT INTO device_names (device_id, name) VALUES (?, ?) ON CONFLICT(device_id) DO UPDATE SET name = excluded.name")
          .run(id, name);
    });
  }

  /** The devices added from /devices, oldest first (their configuration as the table file would give it). */
  addedDevices(): StoredDevice[] {
    return naming(this.file, () => {
      const rows = this.#db.prepare("SELECT device_id, family, config FROM table_devices ORDER BY added_at, rowid").all() as {
        device_id: string;
        family: string;
        config: string;
      }[];
      return rows.map((r) => ({ id: r.device_id, family: r.family, config: JSON.parse(r.config) as Record<string, unknown> }));
    });
  }

  /** Keeps a device added from /devices (replacing the one of the same id, which keeps its place). */
  putDevice(d: StoredDevice, now: number): void {
    this.#durable(() =>
      this.#db
        .prepare(
          "INSERT INTO table_devices (device_id, family, config, added_at) VALUES (?, ?, ?, ?) ON CONFLICT(device_id) DO UPDATE SET family = excluded.family, config = excluded.config",
        )
        .run(d.id, d.family, JSON.stringify(d.config), now),
    );
  }

  /** Forgets a device added from /devices; false when there was none of that id. */
  removeDevice(id: string): boolean {
    return this.#durable(() => this.#db.prepare("DELETE FROM table_devices WHERE device_id = ?").run(id).changes > 0);
  }

  /** A setting of the table (null when never set). */
  setting(key: string): string | null {
    return naming(this.file, () => {
      const row = this.#db.prepare("SELECT value FROM table_settings WHERE key = ?").get(key) as { value: string } | undefined;
      return row?.value ?? null;
    });
  }

  /** Sets a setting of the table (null takes it away). */
  setSetting(key: string, value: string | null): void {
    this.#durable(() => {
      if (value === null) this.#db.prepare("DELETE FROM table_settings WHERE key = ?").run(key);
      else
        this.#db
          .prepare("INSERT INTO table_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
          .run(key, value);
    });
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
    return this.#durable(() => {
      const r =
        status === "ended"
          ? this.#db.prepare("UPDATE games SET status = 'ended', winner = ?, ended_at = ? WHERE id = ?").run(winner, now, id)
          : this.#db.prepare("UPDATE games SET status = 'archived' WHERE id = ?").run(id);
      return r.changes > 0;
    });
  }

  /** Deletes a game with its log, snapshot and club outbox rows, in one transaction; false when there is no such game. */
  deleteGame(id: number): boolean {
    return this.#durable(() =>
      this.#db.transaction(() => {
        this.#db.prepare("DELETE FROM log WHERE game_id = ?").run(id);
        this.#db.prepare("DELETE FROM snapshots WHERE game_id = ?").run(id);
        this.#db.prepare("DELETE FROM club_outbox WHERE game_id = ?").run(id);
        this.#db.prepare("DELETE FROM open_game WHERE game_id = ?").run(id);
        return this.#db.prepare("DELETE FROM games WHERE id = ?").run(id).changes > 0;
      })(),
    );
  }

  /**
   * Adds every game of another game file (a rescued copy, opened read-only) to this one as new games — set-up,
   * status, log and working state — in one transaction, durable when it returns; their new ids. Each gets a key of
   * its own (as a created game does), so no start resumes it in place of its own game: a person opens it.
   */
  importGames(from: SqliteStore): number[] {
    const src = from.db;
    const games = src.prepare("SELECT * FROM games ORDER BY id").all() as (GameRow & { ruleset: string; title: string })[];
    for (const g of games) readSetup(g); // a copy whose set-up is unreadable is refused before anything is written
    return this.#durable(() =>
      this.#db.transaction(() => {
        const addGame = this.#db.prepare(
          "INSERT INTO games (created_at, ruleset, title, setup, setup_key, status, winner, ended_at) VALUES (?, ?, ?, ?, '', ?, ?, ?)",
        );
        const addRow = this.#db.prepare(
          "INSERT INTO log (game_id, kind, at, undoes, action, plan, dice, outcome, events, follow_ups, description, waiting) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        );
        const ids: number[] = [];
        for (const g of games) {
          const id = Number(
            addGame.run(g.created_at, g.ruleset, g.title, g.setup, g.status ?? "active", g.winner ?? null, g.ended_at ?? null)
              .lastInsertRowid,
          );
          this.#db.prepare("UPDATE games SET setup_key = ? WHERE id = ?").run(`game:${id}`, id);
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
            this.#db.prepare("INSERT INTO snapshots (game_id, at, snapshot) VALUES (?, ?, ?)").run(id, snap.at, snapshot);
          }
          ids.push(id);
        }
        return ids;
      })(),
    );
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
