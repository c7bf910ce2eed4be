/**
 * One game's part of the store file: its log (each resolved action and undo in one transaction with the session
 * snapshot, and the club outbox row when the table reports to a club) and the snapshot of the action being set up.
 */
import { statSync } from "node:fs";
import type Database from "better-sqlite3";
import { type LogDbRow, recordsInEffect, toRowIn } from "./log-rows.ts";
import { naming, storeError } from "./open-db.ts";
import type { OutboxWriter } from "./outbox.ts";
import type { GameSetup, GameStore, ResolvedRecord, SessionSnapshot, StoreLoad } from "./records.ts";
import { readSnapshot } from "./snapshot-check.ts";
import { FileSwapped } from "./write-problem.ts";

/** One game's store. */
export class SqliteGameStore implements GameStore {
  readonly gameId: number;
  // the connection and its statements: bound again when the store reopens the file (rebind)
  #db!: Database.Database;
  readonly #file: string;
  readonly #outbox: OutboxWriter | null;
  #insertAction!: Database.Statement;
  #insertUndo!: Database.Statement;
  #saveSnap!: Database.Statement;
  #maxSeq!: Database.Statement;
  #commitAction!: (record: ResolvedRecord, snapshot: SessionSnapshot) => void;
  #commitUndo!: (seq: number, at: number, snapshot: SessionSnapshot) => void;
  readonly #committed: () => void;
  readonly #identity: { check(): void } | null;
  readonly #refused: (e: unknown) => Error;
  readonly #durable: () => void;
  readonly #reopen: (e: unknown) => boolean;

  /**
   * `committed`: called after each resolved action and undo (the store syncs its -wal then), on the next turn of the
   * event loop: the commit returns at once, so the result is pushed and painted before any sync is asked for (handing
   * the sync to the thread pool inside the commit took ~0.2 ms of the die's path and woke a thread competing with
   * the push on a two-core table computer).
   */
  constructor(
    db: Database.Database,
    gameId: number,
    file = "the game file",
    outbox: OutboxWriter | null = null,
    committed: () => void = () => {},
    fileChecks: {
      /** The file opened: its check throws when the path no longer holds it (deleted or replaced under the host). */
      readonly identity?: { check(): void } | null;
      /** The error to throw when the check fails (the store copies the game so far beside the path first). */
      readonly refused?: (e: unknown) => Error;
      /** Brings the commits so far to the disk before returning. */
      readonly durable?: () => void;
      /**
       * A write was refused (`e`): whether the store opened the file again, writable, and rebound this store to it
       * (a file read-only when the host started, made writable since).
       */
      readonly reopen?: (e: unknown) => boolean;
    } = {},
  ) {
    this.#identity = fileChecks.identity ?? null;
    this.#refused = fileChecks.refused ?? ((e) => storeError(file, e));
    this.#durable = fileChecks.durable ?? (() => {});
    this.#reopen = fileChecks.reopen ?? (() => false);
    this.#committed = () => setImmediate(committed);
    this.gameId = gameId;
    this.#file = file;
    this.#outbox = outbox;
    this.rebind(db);
  }

  /** Binds this store to `db` (the file opened again): its statements prepared on it. */
  rebind(db: Database.Database): void {
    const { gameId } = this;
    const outbox = this.#outbox;
    this.#db = db;
    this.#insertAction = db.prepare(
      "INSERT INTO log (seq, game_id, kind, at, action, plan, dice, outcome, events, follow_ups, description, waiting) VALUES (?, ?, 'action', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#insertUndo = db.prepare("INSERT INTO log (game_id, kind, at, undoes) VALUES (?, 'undo', ?, ?)");
    this.#maxSeq = db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM log");
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

  /** Before every write: the path still holds the file opened, else the write is refused. */
  #guard(): void {
    try {
      this.#identity?.check();
    } catch (e) {
      throw this.#refused(e);
    }
  }

  load(): StoreLoad {
    return naming(this.#file, () => {
      const rows = (this.#db.prepare("SELECT * FROM log WHERE game_id = ? ORDER BY seq").all(this.gameId) as LogDbRow[]).map(
        toRowIn(this.#file),
      );
      const records = recordsInEffect(rows);
      const snap = this.#db.prepare("SELECT snapshot FROM snapshots WHERE game_id = ?").get(this.gameId) as
        | { snapshot: unknown }
        | undefined;
      if (!snap) return { records, snapshot: null };
      const read = typeof snap.snapshot === "string" ? readSnapshot(snap.snapshot) : { ok: false as const, reason: "not text" };
      if (read.ok) return { records, snapshot: read.snapshot };
      // the log is the game; the snapshot only the working state: rebuild rather than refuse to start
      return {
        records,
        snapshot: null,
        snapshotProblem: `${this.#file}: the saved table state of game ${this.gameId} is unreadable (${read.reason})`,
      };
    });
  }

  /** The next record's number (prepared once: preparing it on each resolution was ~9 % of the die's path). */
  nextSeq(): number {
    const row = this.#maxSeq.get() as { n: number };
    return row.n;
  }

  // The step's writes (commits and snapshots) name the file only when they fail: a die's commit runs no other store file.
  commitAction(record: ResolvedRecord, snapshot: SessionSnapshot): void {
    try {
      this.#guard();
      this.#commitAction(record, snapshot);
    } catch (e) {
      throw storeError(this.#file, e);
    }
    this.#committed();
  }

  commitUndo(seq: number, at: number, snapshot: SessionSnapshot): void {
    try {
      this.#guard();
      this.#commitUndo(seq, at, snapshot);
    } catch (e) {
      throw storeError(this.#file, e);
    }
    this.#committed();
  }

  /**
   * Whether the game file takes writes now: the path still holds the file opened, and (`write`) a write transaction
   * commits (the header's user_version written again as it is). Throws the store's error when it does not.
   */
  probe(write: boolean): void {
    naming(this.#file, () => {
      this.#guard();
      if (!write) return;
      try {
        this.#touch();
      } catch (e) {
        // a file read-only when the host opened it stays so on that connection: opened again once it is writable
        if (!this.#reopen(e)) throw e;
        this.#touch();
      }
    });
  }

  /** A write transaction that changes nothing: the header's user_version written again as it is. */
  #touch(): void {
    const version = this.#db.pragma("user_version", { simple: true }) as number;
    this.#db.pragma(`user_version = ${Number(version)}`);
  }

  /** Brings every commit so far to the disk (a person's write: a die bound, a player's dice mode). */
  sync(): void {
    naming(this.#file, () => this.#durable());
  }

  /** Keeps a tag given to a ship at the table in the game's set-up (`assignedTags`), in one transaction. */
  assignTag(uid: string, ship: string): void {
    this.#changeSetup((setup) => ({ ...setup, assignedTags: { ...setup.assignedTags, [uid]: ship } }));
  }

  /** Keeps a ship marker given to a ship at the table in the game's set-up (`assignedMarkers`, ship → marker). */
  assignMarker(ship: string, marker: number): void {
    this.#changeSetup((setup) => ({ ...setup, assignedMarkers: { ...setup.assignedMarkers, [ship]: marker } }));
  }

  /** Rewrites the game's set-up in one transaction, durable when it returns (a person's write). */
  #changeSetup(change: (setup: GameSetup) => GameSetup): void {
    naming(this.#file, () => {
      this.#guard();
      this.#db.transaction(() => {
        const row = this.#db.prepare("SELECT setup FROM games WHERE id = ?").get(this.gameId) as { setup: string } | undefined;
        if (!row) return;
        const next = change(JSON.parse(row.setup) as GameSetup);
        this.#db.prepare("UPDATE games SET setup = ? WHERE id = ?").run(JSON.stringify(next), this.gameId);
      })();
      this.#durable();
    });
  }

  /**
   * The working state alone (the action being set up, the ship shown): written like every commit (a killed host
   * keeps it) and brought to the disk with the next resolved action's sync, so a tap costs no fsync.
   */
  saveSnapshot(snapshot: SessionSnapshot): void {
    try {
      this.#guard();
      this.#saveSnap.run(this.gameId, Date.now(), JSON.stringify(snapshot));
    } catch (e) {
      throw storeError(this.#file, e);
    }
  }
}

/**
 * The identity of a file (device and inode), to notice it deleted or replaced under the host: the game store's guard
 * before every write, here beside the writes it guards (one `stat`; the die's path runs no other store file).
 */
export class FileIdentity {
  readonly #file: string;
  readonly #id: string | null;

  /** `file`: the path the store opened (`:memory:` has no identity and never changes). */
  constructor(file: string) {
    this.#file = file;
    this.#id = file === ":memory:" ? null : FileIdentity.#of(file);
  }

  static #of(file: string): string | null {
    try {
      const s = statSync(file, { bigint: true });
      return `${s.dev}:${s.ino}`;
    } catch {
      return null;
    }
  }

  /** Throws {@link FileSwapped} when the path no longer holds the file that was opened. */
  check(): void {
    if (this.#id === null) return;
    const now = FileIdentity.#of(this.#file);
    if (now === this.#id) return;
    throw new FileSwapped(this.#file, now === null ? "deleted" : "replaced");
  }
}
