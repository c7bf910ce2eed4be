import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordsInEffect } from "../../../host/store/log-rows.ts";
import type { ResolvedRecord, SessionSnapshot } from "../../../host/store/records.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { tempDir } from "../helpers.ts";

const setup = { ruleset: "sole-bay-1672", title: "t", start: { ships: [] }, data: null };
const snap = (phase: number): SessionSnapshot => ({ draft: null, followUps: [], phase, players: {}, bindings: [], focus: null });
const rec = (seq: number): ResolvedRecord => ({
  seq,
  at: seq * 10,
  action: { type: "broadside", firer: "a", target: "b" },
  plan: [],
  dice: [{ entry: 0, value: 6, color: null, from: { source: "manual", value: 6, at: 1 } }],
  outcome: { hits: seq },
  events: [{ type: "hit", ship: "b" }],
  followUps: [],
  description: `action ${seq}`,
});

describe("SQLite store", () => {
  it("keeps actions, undos and the snapshot across reopening the file, in WAL mode", () => {
    const file = join(tempDir(), "q.sqlite");
    const a = new SqliteStore(file);
    const g = a.game(setup, 1);
    g.commitAction(rec(g.nextSeq()), snap(1));
    g.commitAction(rec(g.nextSeq()), snap(2));
    g.commitUndo(2, 99, snap(3));
    g.commitAction(rec(g.nextSeq()), snap(4));
    a.close();
    const b = new SqliteStore(file);
    const again = b.game(setup, 2);
    expect(again.gameId).toBe(g.gameId);
    const { records, snapshot } = again.load();
    expect(records.map((r) => r.seq)).toEqual([1, 4]);
    expect(records[0]).toEqual(rec(1));
    expect(snapshot?.phase).toBe(4);
    expect(b.log(g.gameId).map((r) => r.kind)).toEqual(["action", "action", "undo", "action"]);
    b.close();
  });

  it("starts a new game for a different setup and keeps the old one", () => {
    const s = new SqliteStore(join(tempDir(), "q.sqlite"));
    const one = s.game(setup, 1);
    const two = s.game({ ...setup, start: { ships: [{ id: "x" }] } }, 2);
    expect(two.gameId).not.toBe(one.gameId);
    expect(s.games().map((g) => g.id)).toEqual([one.gameId, two.gameId]);
    s.close();
  });

  it("folds undos: an undo removes the record it names", () => {
    const rows = [
      { seq: 1, kind: "action" as const, at: 1, record: rec(1) },
      { seq: 2, kind: "action" as const, at: 2, record: rec(2) },
      { seq: 3, kind: "undo" as const, at: 3, undoes: 2 },
      { seq: 4, kind: "undo" as const, at: 4, undoes: 1 },
    ];
    expect(recordsInEffect(rows)).toEqual([]);
    expect(recordsInEffect(rows.slice(0, 3)).map((r) => r.seq)).toEqual([1]);
  });
});
