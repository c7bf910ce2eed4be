/** `createGame` and `gameById`: a game added from the browser, beside the table's own, never mistaken for it. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionSnapshot } from "../../../host/store/records.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { tempDir } from "../helpers.ts";

const setup = { ruleset: "sole-bay-1672", title: "t", start: { ships: [] }, data: null };
const snap: SessionSnapshot = { draft: null, followUps: [], phase: 1, players: {}, bindings: [], focus: null };

describe("creating a game in the store", () => {
  it("adds a game with the same set-up as the open one without touching it; a restart resumes the open one", () => {
    const file = join(tempDir(), "q.sqlite");
    const a = new SqliteStore(file);
    const open = a.game(setup, 1);
    open.saveSnapshot(snap);
    const id = a.createGame({ ...setup, title: "new" }, 2);
    expect(id).not.toBe(open.gameId);
    expect(a.games().map((g) => [g.id, g.setup.title, g.status])).toEqual([
      [open.gameId, "t", "active"],
      [id, "new", "active"],
    ]);
    expect(open.load().snapshot).toEqual(snap);
    a.close();
    const b = new SqliteStore(file);
    expect(b.game(setup, 3).gameId).toBe(open.gameId);
    b.close();
  });

  it("gameById opens a game's own store, or null for a game the file does not have", () => {
    const a = new SqliteStore(join(tempDir(), "q.sqlite"));
    const id = a.createGame(setup, 1);
    const g = a.gameById(id);
    expect(g?.gameId).toBe(id);
    expect(g?.load()).toEqual({ records: [], snapshot: null });
    expect(a.gameById(id + 1)).toBeNull();
    a.close();
  });
});
