/**
 * The board's store counts each table's records as it keeps them (issue 39: every live push counted all the
 * club's records again, 31–69 ms at 500 tables × 300 records): a record kept twice counts once, and a `club.sqlite`
 * from before the count gets it from its records when opened.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ClubStore } from "../../host/club/club-store.ts";
import type { EventMessage } from "../../host/club/messages.ts";
import { tempDir } from "../host/helpers.ts";

const record = (seq: number, game = "g1-abc") =>
  ({ game, seq, at: "", ruleset: "quickfire", kind: "resolved", action: {}, outcome: {}, dice: [], summary: "" }) as EventMessage;

describe("the club store's record count", () => {
  it("counts each record once, per table, across games", () => {
    const store = new ClubStore(":memory:");
    for (const seq of [1, 2, 3, 2, 3]) store.event("c", "t1", record(seq), 1);
    store.event("c", "t1", record(1, "g2-abc"), 2);
    store.event("c", "t2", record(1), 2);
    expect(store.tables().map((t) => [t.table, t.records])).toEqual([
      ["t1", 4],
      ["t2", 1],
    ]);
    store.close();
  });

  it("a club.sqlite from before the count is counted from its records when opened", () => {
    const file = join(tempDir("qd-club-count-"), "club.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE club_records (club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL, seq INTEGER NOT NULL,
      kind TEXT NOT NULL, at TEXT NOT NULL, payload TEXT NOT NULL, received_at INTEGER NOT NULL, PRIMARY KEY (club, tbl, game, seq));
      CREATE TABLE club_tables (club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT, ruleset TEXT, online INTEGER NOT NULL DEFAULT 0,
      state TEXT, last TEXT, last_seq INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL, PRIMARY KEY (club, tbl));
      INSERT INTO club_tables (club, tbl, updated_at) VALUES ('c', 't1', 1);`);
    for (const seq of [1, 2, 3]) old.prepare("INSERT INTO club_records VALUES ('c', 't1', 'g1-abc', ?, 'resolved', '', '{}', 1)").run(seq);
    old.close();
    const store = new ClubStore(file);
    expect(store.tables()[0]?.records).toBe(3);
    store.event("c", "t1", record(4), 2);
    expect(store.tables()[0]?.records).toBe(4);
    store.close();
    const again = new ClubStore(file);
    expect(again.tables()[0]?.records).toBe(4);
    again.close();
  });
});
