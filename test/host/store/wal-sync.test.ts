import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { CHECKPOINT_AFTER_MS, WalSync } from "../../../host/store/wal-sync.ts";

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), "qd-walsync-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh WAL-mode file with one table `t`, and its path. */
function walDatabase(): { file: string; db: Database.Database } {
  const file = join(fresh(), "g.sqlite");
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (x)");
  return { file, db };
}

describe("WalSync", () => {
  it("syncs a WAL file in the background, coalescing requests, and lets go of it before the database closes", async () => {
    const { file, db } = walDatabase();
    db.pragma("synchronous = NORMAL");
    const errors: Error[] = [];
    const sync = new WalSync(file, (e) => errors.push(e));
    for (let i = 0; i < 50; i++) {
      db.prepare("INSERT INTO t VALUES (?)").run(i);
      sync.request();
    }
    await new Promise((r) => setTimeout(r, 50));
    sync.close();
    sync.request(); // after close: nothing
    db.close();
    expect(errors).toEqual([]);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new Database(file, { readonly: true });
    expect(again.prepare("SELECT COUNT(*) AS n FROM t").get()).toEqual({ n: 50 });
    again.close();
  });

  it("checkpoints the -wal into the file a second after a commit, not inside the commit (SQLite's own only past its backstop)", async () => {
    const { file, db } = walDatabase();
    db.pragma("wal_autocheckpoint = 10000");
    db.pragma("wal_checkpoint(TRUNCATE)");
    const checkpoints: number[] = [];
    const sync = new WalSync(
      file,
      () => {},
      () => checkpoints.push(db.pragma("wal_checkpoint(PASSIVE)", { simple: true }) as number),
    );
    const before = statSync(file).size;
    for (let i = 0; i < 200; i++) {
      db.prepare("INSERT INTO t VALUES (?)").run("x".repeat(200));
      sync.request();
    }
    // the commits are in the -wal: the file has not grown
    expect(statSync(file).size).toBe(before);
    await new Promise((r) => setTimeout(r, CHECKPOINT_AFTER_MS + 300));
    // one checkpoint for the 200 commits, and the file holds them
    expect(checkpoints).toHaveLength(1);
    expect(statSync(file).size).toBeGreaterThan(before);
    sync.close();
    db.close();
  });

  it("puts the checkpoint off while commits keep coming, and runs it once the table has been quiet a second", async () => {
    const { file, db } = walDatabase();
    const checkpoints: number[] = [];
    const sync = new WalSync(
      file,
      () => {},
      () => checkpoints.push(db.pragma("wal_checkpoint(PASSIVE)", { simple: true }) as number),
    );
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 5; i++) {
      db.prepare("INSERT INTO t VALUES (?)").run(i);
      sync.request();
      await pause(CHECKPOINT_AFTER_MS * 0.3);
    }
    // a second and a half after the first commit, the last a third of a second ago: not yet
    expect(checkpoints).toHaveLength(0);
    await pause(CHECKPOINT_AFTER_MS + 300);
    expect(checkpoints).toHaveLength(1);
    sync.close();
    db.close();
  });

  it("a store checkpoints off the commit: SQLite's own checkpoint is a backstop", () => {
    const store = new SqliteStore(join(fresh(), "game.sqlite"));
    expect(store.db.pragma("wal_autocheckpoint", { simple: true })).toBe(10_000);
    store.close();
  });

  it("reports a -wal it cannot open (the store then syncs every commit itself)", () => {
    const errors: Error[] = [];
    new WalSync(join(fresh(), "missing.sqlite"), (e) => errors.push(e)).request();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/ENOENT/);
  });
});
