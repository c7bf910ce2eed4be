/**
 * Issue 24 item 5, "Numbers per game": results are numbered from #1 in each game, whatever the other games in the
 * file; an undone result's number is taken by the next one, so no gap looks like a missing roll — on the display's
 * view, a ship's log and the after-action report alike.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rebuild } from "../../../host/replay/rebuild.ts";
import { markdownReport } from "../../../host/replay/report.ts";
import { tableView } from "../../../host/session/view.ts";
import { demoSetup, openSession, type SessionFixture, tempDir } from "../helpers.ts";

const view = (f: SessionFixture) => tableView(f.session, { devices: [], dial: null, sim: false }, { theme: "dark", scale: 1 });

describe("result numbers per game", () => {
  it("a second game in the same file starts at #1; undo gives its number to the next result", () => {
    const file = join(tempDir(), "games.sqlite");
    const first = openSession(demoSetup("sole-bay-1672"), file);
    for (let i = 0; i < 3; i++) {
      expect(first.session.send({ type: "dice", values: [6, 1] }).ok).toBe(true);
      expect(first.session.send({ type: "next-phase" }).ok).toBe(true);
      while (first.session.followUps.length > 0) first.session.send({ type: "cancel" });
      for (let p = first.session.work.phase; p !== 0; p = first.session.work.phase) {
        expect(first.session.send({ type: "next-phase" }).ok).toBe(true);
        while (first.session.followUps.length > 0) first.session.send({ type: "cancel" });
      }
    }
    expect(first.session.records.length).toBeGreaterThan(3);
    first.store.close();

    const second = openSession(demoSetup("quickfire"), file, [3, 4, 5, 6, 2, 2]);
    expect(second.session.records[0]?.seq ?? 0).toBe(0);
    expect(second.session.send({ type: "next-phase" }).ok).toBe(true); // the end of the movement phase: a result
    expect(second.session.records[0]?.seq).toBeGreaterThan(3); // the file's key goes on …
    expect(view(second).last).toMatchObject({ number: 1 }); // … the game's number starts at 1
    expect(second.session.send({ type: "next-phase" }).ok).toBe(true);
    expect(view(second).last?.number).toBe(2);
    expect(second.session.send({ type: "undo" }).ok).toBe(true);
    expect(view(second).lastUndo).toMatchObject({ number: 2 });
    expect(second.session.send({ type: "confirm" }).ok).toBe(true); // the end of the phase, asked again
    expect(view(second).last?.number).toBe(2);
    expect(view(second).history.map((h) => h.number)).toEqual([1, 2]);

    const game = second.store.games().find((g) => g.setup.ruleset === "quickfire");
    if (!game) throw new Error("no quickfire game");
    const replay = rebuild(game.setup, second.store.log(game.id));
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    const titles = markdownReport(replay.value)
      .split("\n")
      .filter((l) => l.startsWith("### "));
    expect(titles.map((t) => t.replace(/ · \d{4}-.*? · /, " · "))).toEqual([
      expect.stringMatching(/^### #1 · /),
      expect.stringMatching(/^### #2 · /),
      expect.stringMatching(/ · undo of #2$/),
      expect.stringMatching(/^### #2 · /),
    ]);
  });
});
