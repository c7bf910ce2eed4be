/**
 * Issue 15, items 9 and 10: `quarterdeck replay` changes nothing in the file it reads; a corrupt snapshot row
 * is rebuilt from the intact log with a notice; a corrupt or foreign database gives errors naming the file.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { runReplay } from "../../../host/cli/commands/replay.ts";
import { composeTable } from "../../../host/compose.ts";
import { StoreError } from "../../../host/store/open-db.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { demoSetup, openSession, roll, tag, tempDir, uidOf } from "../helpers.ts";

const setup = demoSetup();
const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** A game with two resolved actions, closed cleanly (WAL checkpointed into the file). */
function playedGame(file = join(tempDir(), "game.sqlite")) {
  const f = openSession(setup, file);
  const s = f.session;
  s.send({ type: "start", action: { type: "set-wind", windward: "S" } });
  s.send({ type: "reading", reading: tag(uidOf(setup, "royal-james")) });
  s.send({ type: "reading", reading: tag(uidOf(setup, "gouda")) });
  s.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } });
  s.send({ type: "reading", reading: roll("pixel-1", 6) });
  s.send({ type: "dice", values: Array(s.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0).fill(6) });
  const view = { ships: s.state.ships, records: s.records.length };
  f.store.close();
  return { file, view };
}

describe("replay is read-only", () => {
  it("the file's bytes are the same after a replay (no tables added, no journal switch), also for a pre-WAL file", async () => {
    const { file } = playedGame();
    const before = sha(file);
    const r = await runReplay([file], { report: join(tempDir(), "r.md") });
    expect(r.code).toBe(0);
    expect(sha(file)).toBe(before);
    expect(existsSync(`${file}-wal`)).toBe(false);

    // a rollback-journal file (as an older version or another tool leaves it) stays one
    const old = new Database(file);
    old.pragma("journal_mode = DELETE");
    old.close();
    const delBefore = sha(file);
    expect((await runReplay([file], {})).code).toBe(0);
    expect(sha(file)).toBe(delBefore);
    const check = new Database(file, { readonly: true });
    expect(check.pragma("journal_mode", { simple: true })).toBe("delete");
    check.close();
  });

  it("while a host holds the file (a -wal beside it), replay reads the latest commits and leaves the main file as it was", async () => {
    const { file } = playedGame();
    const f = openSession(setup, file); // a running host: WAL open, commits not yet checkpointed
    f.session.send({ type: "start", action: { type: "set-wind", windward: "N" } });
    f.session.send({ type: "dice", values: Array(f.session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0).fill(1) });
    expect(existsSync(`${file}-wal`)).toBe(true);
    const before = sha(file);
    const r = await runReplay([file], {});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).entries).toBe(f.session.records.length);
    expect(sha(file)).toBe(before);
    f.store.close();
  });

  it("a file that is not a game file, or is damaged, is exit 2 naming it — and is left as it was", async () => {
    const dir = tempDir();
    const garbage = join(dir, "garbage.sqlite");
    writeFileSync(garbage, "this is not a database at all, just some text to fill the first page".repeat(100));
    const g = await runReplay([garbage], {});
    expect(g.code).toBe(2);
    expect(JSON.parse(g.stdout).error).toMatchObject({ code: "store.unreadable", path: garbage });
    expect(JSON.parse(g.stdout).error.message).toContain(garbage);

    const foreign = join(dir, "foreign.sqlite");
    const db = new Database(foreign);
    db.exec("CREATE TABLE recipes (name TEXT)");
    db.close();
    const before = sha(foreign);
    const f = await runReplay([foreign], {});
    expect(f.code).toBe(2);
    expect(JSON.parse(f.stdout).error.message).toContain(foreign);
    expect(sha(foreign)).toBe(before);
  });
});

describe("a damaged snapshot or database", () => {
  it("one corrupt snapshot row: the session rebuilds the game from the log, says so, and saves a good snapshot", () => {
    const { file, view } = playedGame();
    for (const bad of ["{not json", '{"draft": 5}', "42"]) {
      const db = new Database(file);
      db.prepare("UPDATE snapshots SET snapshot = ?").run(bad);
      db.close();
      const f = openSession(setup, file);
      expect(f.session.state.ships).toEqual(view.ships);
      expect(f.session.records).toHaveLength(view.records);
      const notice = f.session.notices.at(-1);
      expect(notice?.level).toBe("warn");
      expect(notice?.text).toContain(file);
      expect(notice?.text).toMatch(/rebuilt from its log \(2 actions/);
      f.store.close();
      // the rebuilt snapshot was saved: the next start has nothing to say
      const again = openSession(setup, file);
      expect(again.session.notices).toEqual([]);
      expect(again.session.state.ships).toEqual(view.ships);
      again.store.close();
    }
  });

  it("a corrupt log row or a damaged file is a StoreError naming the file; the host start says which file", async () => {
    const { file } = playedGame();
    const db = new Database(file);
    db.prepare("UPDATE log SET events = '{broken' WHERE seq = (SELECT MAX(seq) FROM log)").run();
    db.close();
    const store = new SqliteStore(file);
    expect(() =>
      store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, 1).load(),
    ).toThrow(StoreError);
    expect(() => store.log(1)).toThrow(new RegExp(`^${file.replace(/[.]/g, "\\.")}: log entry \\d+ is unreadable`));
    store.close();

    const garbage = join(tempDir(), "quarterdeck.sqlite");
    writeFileSync(garbage, Buffer.alloc(8192, 0x5a));
    const table = await composeTable({ setup, dbFile: garbage, logger: pino({ level: "silent" }), sim: false });
    expect(table.ok).toBe(false);
    if (!table.ok) {
      expect(table.error.code).toBe("store.unreadable");
      expect(table.error.path).toBe(garbage);
      expect(table.error.message).toContain(garbage);
    }
  });
});
