/**
 * One host per data directory. The lock is SQLite's own: a small `quarterdeck.lock` database held in
 * EXCLUSIVE locking mode after one write, i.e. a POSIX (fcntl) write lock on the file for as long as the
 * connection is open. The kernel drops such a lock the moment its process ends — kill -9 included — so a
 * lock left by a killed host never blocks the next start, and there is no stale-lock timeout to wait out
 * (which a lock *file* such as proper-lockfile's would need). The holder's pid sits beside it in
 * `quarterdeck.pid`, so a second start can name the process it collided with.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

export const LOCK_FILE = "quarterdeck.lock";
export const PID_FILE = "quarterdeck.pid";

/** A held lock; `release()` is idempotent. */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export type LockResult =
  | { readonly ok: true; readonly lock: DataDirLock }
  | {
      readonly ok: false;
      /** `data.locked`: another process holds it; `store.unwritable`: the folder cannot be made or written. */
      readonly code: "data.locked" | "store.unwritable";
      readonly file: string;
      readonly holderPid: number | null;
      readonly message: string;
    };

/** Why a folder or file of the data directory cannot be made or written, in a member's words. */
export function fileProblem(e: unknown): string {
  const code = (e as { code?: string }).code ?? "";
  if (code === "EEXIST" || code === "ENOTDIR") return "a file is where a folder should be";
  if (code === "EISDIR") return "a folder is where a file should be";
  if (code === "EACCES" || code === "EPERM") return "this user may not write there";
  if (code === "EROFS") return "the disk is read-only";
  if (code === "ENOSPC") return "the disk is full";
  return (e as Error).message;
}

const readPid = (file: string): number | null => {
  try {
    const n = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
};

/**
 * Takes the data directory's lock, or says which process holds it. Never waits. `names` gives another pair of
 * files for another kind of process (the club board locks `club.lock`, so a board and a table may share a folder).
 */
export function lockDataDir(
  dir: string,
  pid = process.pid,
  names: { lock: string; pid: string; retried?: boolean } = { lock: LOCK_FILE, pid: PID_FILE },
): LockResult {
  const file = join(dir, names.lock);
  const pidFile = join(dir, names.pid);
  const unwritable = (at: string, e: unknown): LockResult => ({
    ok: false,
    code: "store.unwritable",
    file: at,
    holderPid: null,
    message: `The data directory ${dir} cannot be used: ${fileProblem(e)} (${at}).`,
  });
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    return unwritable(dir, e);
  }
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { timeout: 0 });
    // the lock is the held lock, not its row: nothing in the file needs to reach the disk (an fsync at every start
    // cost 35–70 ms of the start's wall time, docs/performance.md); a file left unreadable by a power cut is made again
    db.pragma("synchronous = OFF");
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)");
    // the first write takes the exclusive lock; EXCLUSIVE locking mode keeps it until close
    db.prepare("INSERT INTO holder (pid) VALUES (?)").run(pid);
    db.exec("DELETE FROM holder WHERE rowid NOT IN (SELECT MAX(rowid) FROM holder)");
  } catch (e) {
    db?.close();
    const code = (e as { code?: string }).code ?? "";
    if ((code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") && names.retried !== true) {
      rmSync(file, { force: true });
      return lockDataDir(dir, pid, { ...names, retried: true });
    }
    const holderPid = readPid(pidFile);
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
      const who = holderPid === null ? "another quarterdeck process" : `another quarterdeck process (pid ${holderPid})`;
      return {
        ok: false,
        code: "data.locked",
        file,
        holderPid,
        message: `The data directory ${dir} is in use by ${who}; stop it first, or start with another --data.`,
      };
    }
    return { ok: false, code: "data.locked", file, holderPid: null, message: `Cannot lock ${file}: ${(e as Error).message}` };
  }
  try {
    writeFileSync(pidFile, `${pid}\n`);
  } catch (e) {
    db.close();
    return unwritable(pidFile, e);
  }
  let held = true;
  return {
    ok: true,
    lock: {
      file,
      release() {
        if (!held) return;
        held = false;
        if (readPid(pidFile) === pid) rmSync(pidFile, { force: true });
        db?.close();
      },
    },
  };
}
