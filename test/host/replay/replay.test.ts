import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runReplay } from "../../../host/cli/commands/replay.ts";
import { demoSetup, openSession, roll, tag, tempDir, uidOf } from "../helpers.ts";

const setup = demoSetup();

/** A short game: a broadside with electronic and typed dice, a wind change, an undone broadside. */
function playedGame(): string {
  const f = openSession(setup);
  const s = f.session;
  s.send({ type: "reading", reading: tag(uidOf(setup, "royal-james")) });
  s.send({ type: "reading", reading: tag(uidOf(setup, "gouda")) });
  s.send({ type: "edit", actionType: undefined, values: { rangeInches: 4 } });
  s.send({ type: "reading", reading: roll("pixel-1", 6) });
  s.send({ type: "reading", reading: roll("godice-2", 5) });
  s.send({ type: "dice", values: [6, 6, 1, 1, 1, 1, 1, 1] });
  s.send({ type: "start", action: { type: "set-wind", windward: "S" } });
  s.send({ type: "start", action: { type: "broadside", firer: "gouda", target: "royal-james", rangeInches: 6 } });
  s.send({ type: "dice", values: Array(s.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0).fill(6) });
  s.send({ type: "undo" });
  f.store.close();
  return f.file;
}

describe("quarterdeck replay", () => {
  it("rebuilds the game from the log and writes a Markdown report with every action, its dice and result", async () => {
    const db = playedGame();
    const report = join(tempDir(), "report.md");
    const r = await runReplay([db], { report });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.entries).toBe(4);
    expect(out.actions).toHaveLength(2);
    expect(out.changedByTodaysRules).toEqual([]);
    expect(out.wind).toEqual({ windward: "S" });
    expect(out.ships.find((s: { id: string }) => s.id === "gouda").damage).toBe(4);
    expect(out.ships.find((s: { id: string }) => s.id === "royal-james").damage).toBe(0);
    const md = readFileSync(report, "utf8");
    expect(md).toMatch(/# After-action report: Sole Bay/);
    expect(md).toMatch(/Pixels die 1, white, showed 6/);
    expect(md).toMatch(/GoDice 2, green, showed 5/);
    expect(md).toMatch(/6 — typed in/);
    // how the rules counted each die, and the result as figures rather than the outcome's JSON
    expect(md).toMatch(/Pixels die 1, white, showed 6 \(hit\); 5 — GoDice 2, green, showed 5 \(hit\)/);
    expect(md).toMatch(/1 — typed in \(miss\)/);
    expect(md).toContain("**Counted:** 4 hit, 6 missed");
    expect(md).toContain("- **Action:** Broadside (Firing ship: Royal James, Target: Gouda, Range (inches, base to base): 4");
    expect(md).toMatch(
      /\*\*Result:\*\* Dice rolled 10 · Hits on 4\+ · .*Hits 4 · Marked 4 boxes · Condition Fresh → Worn · Condition lost 1 level$/m,
    );
    expect(md).toMatch(/undo of #3/);
    expect(md).toMatch(/\| Gouda \| Dutch \| worn \|/);
  });

  it("stops after N log entries with --to, and writes HTML for .html", async () => {
    const db = playedGame();
    const report = join(tempDir(), "report.html");
    const r = await runReplay([db], { to: "1", report });
    const out = JSON.parse(r.stdout);
    expect(out.entries).toBe(1);
    expect(out.wind).toEqual({ windward: "E" });
    const html = readFileSync(report, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/Windward edge: E/);
    expect(html).not.toMatch(/undo of/);
  });

  it("explains a missing file, a bad --to and a file that is not a game", async () => {
    expect((await runReplay([], {})).code).toBe(2);
    expect((await runReplay(["/nonexistent.sqlite"], {})).code).toBe(2);
    expect((await runReplay([playedGame()], { to: "-3" })).code).toBe(2);
    const notGame = join(tempDir(), "x.sqlite");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(notGame, "this is not sqlite at all, not even close to a database header");
    const r = await runReplay([notGame], {});
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).ok).toBe(false);
  });
});
