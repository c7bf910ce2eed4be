/**
 * Opening a game file, with errors that name it. A read-only open (replay, reports) changes nothing: no schema,
 * no journal-mode switch, no migration, and no `-wal`/`-shm` files left beside it. When no `-wal` file exists
 * (no host has the file open, and every commit is in the main file) the file's bytes are read into an in-memory
 * copy — its header marked as rollback-journal, since an in-memory database cannot be in WAL mode — so SQLite
 * never touches the directory. When a `-wal` exists (a host is running, or one was killed before checkpointing)
 * the file is opened SQLITE_OPEN_READONLY through that log, so the latest commits are read too.
 */
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

/** A storage failure; the message starts with the file it concerns. */
export class StoreError extends Error {
  readonly file: string;
  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.name = "StoreError";
    this.file = file;
  }
}

/** Why SQLite refused, in words a member setting up the table can act on. */
function explain(e: unknown): string {
  const code = (e as { code?: string }).code ?? "";
  const raw = (e as Error).message ?? String(e);
  if (code === "SQLITE_NOTADB") return `not a quarterdeck game file, or damaged beyond reading (${raw}).`;
  if (code.startsWith("SQLITE_CORRUPT"))
    return `the game file is damaged (${raw}). Keep a copy; \`quarterdeck replay\` may still read the log.`;
  if (code.startsWith("SQLITE_CANTOPEN")) return `cannot be opened (${raw}); check that it exists and that this user may read it.`;
  if (code.startsWith("SQLITE_READONLY") || code === "SQLITE_PERM") return `cannot be written (${raw}); check the file's permissions.`;
  if (code === "SQLITE_FULL") return `cannot be written: the disk is full (${raw}).`;
  if (code.startsWith("SQLITE_BUSY")) return `is busy: another process holds it (${raw}).`;
  return raw.endsWith(".") ? raw : `${raw}.`;
}

/** Wraps any error met while working on `file` into a {@link StoreError} naming it (a StoreError passes through). */
export function storeError(file: string, e: unknown): StoreError {
  return e instanceof StoreError ? e : new StoreError(file, explain(e), { cause: e });
}

/** Runs `work` on `file`; whatever it throws comes back as a {@link StoreError} naming the file. */
export function naming<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw storeError(file, e);
  }
}

/** Opens (read-only: must exist) or creates the SQLite file. */
export function openDatabase(file: string, readOnly: boolean): Database.Database {
  return naming(file, () => {
    if (readOnly) {
      const db = existsSync(`${file}-wal`) ? new Database(file, { readonly: true, fileMustExist: true }) : inMemoryCopy(file);
      // a damaged or foreign file fails here rather than at the first real query
      db.prepare("SELECT count(*) FROM sqlite_master").get();
      return db;
    }
    if (file !== ":memory:") {
      mkdirSync(dirname(file), { recursive: true });
      writableSideFiles(file);
    }
    return new Database(file);
  });
}

/** Whether this process may write `file`. */
export const writable = (file: string): boolean => {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * A `-wal` or `-shm` left read-only beside a game file that is writable (again): made writable, with the file's own
 * mode. SQLite makes them with the file's mode, so a host started while the file was read-only leaves them read-only,
 * and SQLite then opens the file read-only however writable it is made (issue 39 item 5: it stayed refused across
 * restarts). One host holds the data directory (its lock), so no other process has them open for writing.
 */
export function writableSideFiles(file: string): void {
  if (!existsSync(file) || !writable(file)) return;
  const mode = statSync(file).mode & 0o666;
  for (const side of [`${file}-wal`, `${file}-shm`]) {
    if (!existsSync(side) || writable(side)) continue;
    try {
      chmodSync(side, mode);
    } catch {
      // not ours to change (another user's): the store opens read-only and the table says the file cannot be written
    }
  }
}

/** The file's bytes as a read-only in-memory database (bytes 18–19 = 2 mark WAL mode; 1 is rollback-journal). */
function inMemoryCopy(file: string): Database.Database {
  const bytes = readFileSync(file);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new Database(bytes, { readonly: true });
}

/**
 * The file opened again for writing (WAL, synchronous=NORMAL, foreign keys), after it was found read-only and made
 * writable since; null when it still takes no write.
 */
export function openWritableAgain(file: string): Database.Database | null {
  writableSideFiles(file);
  let next: Database.Database | null = null;
  try {
    next = new Database(file);
    next.pragma("journal_mode = WAL");
    next.pragma("synchronous = NORMAL");
    next.pragma("foreign_keys = ON");
    const version = next.pragma("user_version", { simple: true }) as number;
    next.pragma(`user_version = ${Number(version)}`); // it takes writes, or it is not used
    return next;
  } catch {
    next?.close();
    return null;
  }
}
