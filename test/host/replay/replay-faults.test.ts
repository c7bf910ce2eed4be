/**
 * Issue 39 item 6, the report and replay's smaller defects: `replay --game ID` rebuilds the game asked (it rebuilt the
 * newest, a game just created with nothing in it); a game file whose rows are JSON of another shape (a set-up of
 * `null`, an action of `null`, dice as an object) is exit 2 naming the file — it was exit 1 `internal` with a
 * TypeError, for replay and for the host's start alike — and so is a report that cannot be written; the Markdown
 * report shows a game's own words as written, never as markup, links or HTML.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { runReplay } from "../../../host/cli/commands/replay.ts";
import { composeTable } from "../../../host/compose.ts";
import { mdText } from "../../../host/replay/report.ts";
import { demoSetup, openSession, tempDir } from "../helpers.ts";

const TITLE = "<img src=x onerror=alert(1)> *Night* [x](javascript:alert(1))\n# Pwned | `code` & more";

/** A file with a played game (1: a wind change) and, after it, a new game not yet played (2). */
function twoGames(setup = demoSetup()): string {
  const f = openSession(setup);
  f.session.send({ type: "start", action: { type: "set-wind", windward: "S" } });
  f.session.send({ type: "dice", values: Array(f.session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0).fill(6) });
  f.store.createGame({ ruleset: setup.ruleset.id, title: "Next week", start: setup.start, data: null }, 5000);
  f.store.close();
  return f.file;
}

/** A copy of `file` with `sql` run on it. */
function damaged(file: string, sql: string): string {
  const copy = join(tempDir(), "damaged.sqlite");
  copyFileSync(file, copy);
  const db = new Database(copy);
  db.exec(sql);
  db.close();
  return copy;
}

describe("replay --game", () => {
  it("rebuilds the game asked, the latest without it; a game the file does not hold is exit 2 listing those it does", async () => {
    const file = twoGames();
    const first = await runReplay([file], { game: "1" });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ game: 1, entries: 1, wind: { windward: "S" } });
    const latest = await runReplay([file], {});
    expect(JSON.parse(latest.stdout)).toMatchObject({ game: 2, title: "Next week", entries: 0 });
    const none = await runReplay([file], { game: "7" });
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stdout).error).toEqual({
      code: "game.unknown",
      message: `${file} holds no game 7 (its games: 1, 2; /games lists them).`,
      path: "--game",
    });
    expect((await runReplay([file], { game: "first" })).code).toBe(2);
  });
});

describe("a game file whose rows are of another shape", () => {
  it.each([
    ["a set-up of null", "UPDATE games SET setup = 'null'", /game 1's set-up is unreadable \(not an object\)/],
    ["a set-up without its ships", "UPDATE games SET setup = json_remove(setup, '$.start')", /no starting ships/],
    ["an action of null", "UPDATE log SET action = 'null'", /log entry 1 is unreadable \(its action is not an action\)/],
    ["dice as an object", "UPDATE log SET dice = '{}'", /its dice is not a list of dice/],
    ["an outcome of null", "UPDATE log SET outcome = 'null'", /its outcome is not an outcome/],
    ["a time that is text", "UPDATE log SET at = 'soon'", /its time is not a number/],
  ])("%s: replay is exit 2 naming the file", async (_, sql, why) => {
    const file = damaged(twoGames(), sql);
    const r = await runReplay([file], { game: "1", report: join(tempDir(), "r.md") });
    expect(r.code).toBe(2);
    const error = JSON.parse(r.stdout).error as { code: string; message: string; path: string };
    expect(error).toMatchObject({ code: "store.unreadable", path: file });
    expect(error.message.startsWith(`${file}: `)).toBe(true);
    expect(error.message).toMatch(why);
  });

  it("the host's start on such a file is refused naming it, not thrown", async () => {
    const setup = demoSetup();
    const f = openSession(setup);
    f.session.send({ type: "start", action: { type: "set-wind", windward: "S" } });
    f.session.send({ type: "dice", values: Array(f.session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0).fill(6) });
    f.store.close();
    const file = damaged(f.file, "UPDATE log SET dice = '{}'");
    const r = await composeTable({ setup: { ...setup, devices: {} }, dbFile: file, logger: pino({ level: "silent" }), sim: false });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: "store.unreadable", path: file });
      expect(r.error.message).toMatch(/log entry 1 is unreadable/);
    }
  });

  it("a report that cannot be written is exit 2 naming it", async () => {
    const file = twoGames();
    for (const report of ["/nonexistent-dir/r.md", tempDir()]) {
      const r = await runReplay([file], { game: "1", report });
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "--report" });
      expect(JSON.parse(r.stdout).error.message).toContain(`Cannot write ${report}`);
    }
  });

  it("replay names the file, not an in-memory copy, when it was written by a newer quarterdeck", async () => {
    const file = damaged(twoGames(), "PRAGMA user_version = 99");
    const r = await runReplay([file], {});
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.message).not.toContain(":memory:");
  });
});

describe("the Markdown report", () => {
  it("shows the game's own words as written: no HTML, links, emphasis, headings or broken table cells", async () => {
    const setup = { ...demoSetup(), title: TITLE };
    const ships = setup.start.ships.map((s, i) => (i === 0 ? { ...s, name: "Royal | Prince <b>_1_</b>" } : s));
    const file = twoGames({ ...setup, start: { ...setup.start, ships } });
    const report = join(tempDir(), "r.md");
    expect((await runReplay([file], { game: "1", report })).code).toBe(0);
    const md = readFileSync(report, "utf8");
    const first = md.split("\n")[0];
    expect(first).toBe(`# After-action report: ${mdText(TITLE)}`);
    expect(first).toBe(
      "# After-action report: \\<img src=x onerror=alert(1)\\> \\*Night\\* \\[x\\](javascript:alert(1)) # Pwned \\| \\`code\\` \\& more",
    );
    expect(md).not.toMatch(/(?<!\\)<img|(?<!\\)<b>|^# Pwned/m);
    const row = md.split("\n").find((l) => l.startsWith("| Royal"));
    expect(row).toBe(`| Royal \\| Prince \\<b\\>\\_1\\_\\</b\\> | ${row?.split(" | ").slice(1).join(" | ")}`);
    // each row of the ships' table has its four cells
    for (const l of md.split("\n").filter((x) => x.startsWith("| ") && !x.startsWith("| Ship"))) {
      expect(l.split(/(?<!\\)\|/).length - 2, l).toBe(4);
    }
  });
});
