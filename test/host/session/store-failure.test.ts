/**
 * Nothing is shown that was not stored (issue 27): a game file that refuses writes — full (SQLite's page cap, as a
 * full volume gives SQLITE_FULL), read-only (`query_only`, as a read-only file gives SQLITE_READONLY), deleted or
 * replaced under the host — never shows a result the log does not hold; the dice are kept, the display says what is
 * wrong, and play resumes by itself once the file takes writes again.
 */
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { TableSession } from "../../../host/session/table-session.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { demoSetup, openSession, type SessionFixture, tempDir } from "../helpers.ts";

const setup = demoSetup();

/** The results the session holds, as seq numbers, and those the file's log holds (undone ones removed). */
const shown = (f: SessionFixture) => f.session.records.map((r) => r.seq);
const stored = (f: SessionFixture) => {
  const rows = f.store.log(f.store.games()[0]?.id ?? 0);
  const undone = new Set(rows.flatMap((r) => (r.kind === "undo" ? [r.undoes] : [])));
  return rows.flatMap((r) => (r.kind === "action" && !undone.has(r.seq) ? [r.seq] : []));
};
/** One initiative rolled in by hand: English 6, Dutch 1 (the dice a person typed). */
const initiative = (f: SessionFixture) => {
  if (f.session.draft?.type !== "initiative") expect(f.session.send({ type: "start", action: { type: "initiative" } }).ok).toBe(true);
  return f.session.send({ type: "dice", values: [6, 1] });
};
const lastNotice = (f: SessionFixture) => f.session.notices.at(-1)?.text;

describe("a game file that refuses writes (issue 27)", () => {
  it("full: the result is not shown, the dice are kept, the display says so; it is recorded once space returns", () => {
    const f = openSession(setup);
    const pages = f.store.db.pragma("page_count", { simple: true }) as number;
    f.store.db.pragma(`max_page_count = ${pages}`);
    // results go in until the file is full; every one shown is in the log
    let refused = null;
    for (let i = 0; i < 200 && refused === null; i++) {
      const r = initiative(f);
      expect(shown(f)).toEqual(stored(f));
      if (!r.ok) refused = r.error;
    }
    expect(refused).toMatchObject({ code: "store.unwritable" });
    const text = "The game file cannot be written: the disk is full. Nothing is lost; free space and press confirm.";
    expect(refused?.message).toBe(text);
    expect(f.session.storeProblem).toBe(text);
    expect(lastNotice(f)).toBe(text);
    // the dice are kept: the roll stands ready, and confirm tries again (still full: the same answer, no new notice)
    const st = f.session.draftStatus();
    expect(st?.ready).toBe(true);
    expect(f.session.draft?.rolls.map((r) => (r.from.source === "die" ? r.from.face : r.from.value))).toEqual([6, 1]);
    const notices = f.session.notices.length;
    expect(f.session.send({ type: "confirm" })).toMatchObject({ ok: false, error: { code: "store.unwritable" } });
    expect(f.session.notices).toHaveLength(notices);
    expect(shown(f)).toEqual(stored(f));
    // still full: the check changes nothing
    f.session.checkStore();
    expect(f.session.storeProblem).toBe(text);
    // space returns: the check records the roll kept, with its dice, and play goes on
    const before = shown(f).length;
    f.store.db.pragma("max_page_count = 1073741823");
    f.session.checkStore();
    expect(f.session.storeProblem).toBeNull();
    expect(shown(f)).toHaveLength(before + 1);
    expect(shown(f)).toEqual(stored(f));
    expect(f.session.records.at(-1)?.dice.map((d) => d.value)).toEqual([6, 1]);
    expect(f.session.notices.map((n) => n.text)).toContain("The game file can be written again: play on.");
    expect(initiative(f).ok).toBe(true);
    // nothing acknowledged is lost: a restart reads the same game
    const again = f.reopen();
    expect(shown(again)).toEqual(shown(f));
  });

  it("read-only: an undo is not shown either, and is made when the file takes writes again", () => {
    const f = openSession(setup);
    expect(initiative(f).ok).toBe(true);
    expect(initiative(f).ok).toBe(true);
    f.store.db.pragma("query_only = ON");
    const r = f.session.send({ type: "undo" });
    expect(r).toMatchObject({ ok: false, error: { code: "store.unwritable" } });
    expect(f.session.storeProblem).toBe(
      "The game file cannot be written: it is read-only. Nothing is lost; make it writable and press undo again.",
    );
    expect(shown(f)).toHaveLength(2);
    expect(shown(f)).toEqual(stored(f));
    // a roll meanwhile is kept, not shown
    expect(initiative(f).ok).toBe(false);
    expect(shown(f)).toEqual(stored(f));
    f.store.db.pragma("query_only = OFF");
    f.session.checkStore();
    expect(f.session.storeProblem).toBeNull();
    expect(shown(f)).toEqual(stored(f));
  });

  it("read-only at start: said before the first roll, and the table is not ready until it takes writes", () => {
    const file = join(tempDir(), "game.sqlite");
    const store = new SqliteStore(file);
    const game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: null }, 1);
    store.db.pragma("query_only = ON");
    const opened = TableSession.open({ setup, store: game, now: () => 1, randomFace: () => 1, deviceHealth: () => [] });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const text = "The game file cannot be written: it is read-only. Nothing is lost; make it writable; no result is kept until then.";
    expect(opened.value.storeProblem).toBe(text);
    expect(opened.value.notices.map((n) => n.text)).toEqual([text]);
    store.db.pragma("query_only = OFF");
    opened.value.checkStore();
    expect(opened.value.storeProblem).toBeNull();
    store.close();
  });

  it("deleted under the host: noticed at the next write and by the check; the game so far is copied beside it", () => {
    const f = openSession(setup);
    expect(initiative(f).ok).toBe(true);
    rmSync(f.file);
    f.session.checkStore();
    expect(f.session.storeProblem).toMatch(/^The game file cannot be written: it was deleted while the table was running\./);
    expect(initiative(f)).toMatchObject({ ok: false, error: { code: "store.unwritable" } });
    expect(shown(f)).toHaveLength(1);
    const copy = readdirSync(dirname(f.file)).find((n) => n.startsWith("game.sqlite.rescued-"));
    expect(copy).toBeDefined();
    const rescued = new SqliteStore(join(dirname(f.file), copy as string), { readOnly: true });
    expect(rescued.log(rescued.games()[0]?.id ?? 0).map((r) => r.seq)).toEqual(shown(f));
    rescued.close();
  });

  it("replaced under the host: refused the same way", () => {
    const f = openSession(setup);
    renameSync(f.file, `${f.file}.old`);
    writeFileSync(f.file, "");
    expect(initiative(f)).toMatchObject({ ok: false, error: { code: "store.unwritable" } });
    expect(f.session.storeProblem).toMatch(/it was replaced while the table was running/);
    expect(existsSync(f.file)).toBe(true);
    expect(shown(f)).toEqual([]);
  });
});
