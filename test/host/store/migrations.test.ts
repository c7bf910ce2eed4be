/**
 * Schema versions: a game file written before versions existed (made by the store as it was, kept in fixtures/)
 * is upgraded in place, in one transaction, after a backup copy; a file from a newer build is refused.
 */
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrate, SCHEMA_VERSION } from "../../../host/store/migrations.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { tempDir } from "../helpers.ts";

const FIXTURE = join(import.meta.dirname, "fixtures", "v0-unversioned.sqlite");
const setup = { ruleset: "sole-bay-1672", title: "Made before schema versions", start: { ships: [] }, data: null };
const userVersion = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma("user_version", { simple: true });
  } finally {
    db.close();
  }
};

describe("game file schema versions", () => {
  it("a new file starts at the current version, with no backup (nothing to lose)", () => {
    const file = join(tempDir(), "new.sqlite");
    const s = new SqliteStore(file);
    expect(s.migration).toEqual({ from: 0, to: SCHEMA_VERSION });
    s.close();
    expect(userVersion(file)).toBe(SCHEMA_VERSION);
    expect(existsSync(`${file}.v0.bak`)).toBe(false);
  });

  it("upgrades a file made before versions in place, keeping every game, action and undo, with a copy first", () => {
    const file = join(tempDir(), "club.sqlite");
    copyFileSync(FIXTURE, file);
    const s = new SqliteStore(file);
    expect(s.migration).toEqual({ from: 0, to: SCHEMA_VERSION, backup: `${file}.v0.bak` });
    const g = s.game(setup, 99);
    expect(g.load().records.map((r) => r.description)).toEqual(["action 1", "action 4"]);
    expect(s.log(g.gameId).map((r) => r.kind)).toEqual(["action", "action", "undo", "action"]);
    const { records, snapshot } = g.load();
    if (!records[0] || !snapshot) throw new Error("the fixture lost its game");
    g.commitAction({ ...records[0], seq: g.nextSeq(), description: "after the upgrade" }, snapshot);
    s.close();
    expect(userVersion(file)).toBe(SCHEMA_VERSION);
    expect(userVersion(`${file}.v0.bak`)).toBe(0);
    // reopening makes no second upgrade and no second copy
    const again = new SqliteStore(file);
    expect(again.migration).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    expect(again.log(g.gameId)).toHaveLength(5);
    again.close();
    expect(existsSync(`${file}.v0.bak.1`)).toBe(false);
  });

  it("adds the column a file from before the waiting follow-ups lacks", () => {
    const file = join(tempDir(), "older.sqlite");
    const db = new Database(file);
    MIGRATIONS[0]?.up(db); // the first schema only
    db.close();
    const s = new SqliteStore(file);
    expect(s.migration).toMatchObject({ from: 0, to: SCHEMA_VERSION });
    const g = s.game(setup, 1);
    g.commitAction(
      {
        seq: g.nextSeq(),
        at: 1,
        action: { type: "x" },
        plan: [],
        dice: [],
        outcome: {},
        events: [],
        followUps: [],
        description: "d",
        waiting: [],
      } as never,
      { draft: null, followUps: [], phase: 1, players: {}, bindings: [], focus: null },
    );
    s.close();
  });

  it("a failing migration leaves the file as it was (one transaction) and the copy beside it", () => {
    const file = join(tempDir(), "club.sqlite");
    copyFileSync(FIXTURE, file);
    const db = new Database(file);
    const broken = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        description: "breaks half-way",
        up: (d: Database.Database) => {
          d.exec("CREATE TABLE half (x)");
          throw new Error("disk on fire");
        },
      },
    ];
    expect(() => migrate(db, file, broken)).toThrow(/disk on fire/);
    expect(db.pragma("user_version", { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
    db.close();
    expect(existsSync(`${file}.v0.bak`)).toBe(true);
  });

  it("refuses a file from a newer quarterdeck with a sentence saying so", () => {
    const file = join(tempDir(), "newer.sqlite");
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    db.close();
    expect(() => new SqliteStore(file)).toThrow(/written by a newer quarterdeck \(schema version \d+; this one knows up to \d+\)/);
  });
});
