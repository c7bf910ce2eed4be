/** The table side of club mode: the `club` section of the table file, and the outbox written with each action and undo. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { battleEnd, sideCounts } from "../../host/club-link/table-summary.ts";
import { loadTableFile } from "../../host/config/load.ts";
import { TableSession } from "../../host/session/table-session.ts";
import { OutboxReader } from "../../host/store/outbox.ts";
import { SqliteStore } from "../../host/store/sqlite-store.ts";
import { demoDice, demoSetup, tempDir } from "../host/helpers.ts";

const TABLE = `scenario: sole-bay-1672
club:
  broker: mqtt://club-pc.local:1883
  club: tuesday-club
  table: table-3
  username: table-3
  password: secret
`;

function file(text: string): string {
  const f = join(tempDir("qd-club-cfg-"), "table.yaml");
  writeFileSync(f, text);
  return f;
}

describe("the club section of the table file", () => {
  it("loads broker, ids and credentials", () => {
    const r = loadTableFile(file(TABLE));
    expect(r.ok && r.value.club).toMatchObject({
      broker: "mqtt://club-pc.local:1883",
      club: "tuesday-club",
      table: "table-3",
      username: "table-3",
    });
  });

  it.each([
    [TABLE.replace("mqtt://club-pc.local:1883", "http://club-pc"), ":3 (club.broker)", /mqtt:\/\//],
    [TABLE.replace("table: table-3", "table: Table 3"), ":5 (club.table)", /lower-case/],
    [TABLE.replace("password: secret", "pasword: secret"), ":7 (club.pasword)", /not a known field/],
    [`${TABLE}  cert: missing.pem\n`, "(club.key)", /both cert and key/],
    [`${TABLE}  ca: missing.pem\n`, "(club.broker)", /mqtts/],
    [`${TABLE.replace("mqtt://", "mqtts://")}  ca: missing.pem\n`, ":8 (club.ca)", /cannot read/],
  ])("names file, line and key of a bad club section (%#)", (text, where, why) => {
    const f = file(text);
    const r = loadTableFile(f);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.path).toContain(where);
      expect(r.error.path.startsWith(f)).toBe(true);
      expect(r.error.message).toMatch(why);
    }
  });
});

describe("the club outbox", () => {
  it("gets one row per resolved action and undo, in the same transaction, with a per-game seq; none without club mode", () => {
    const setup = demoSetup();
    const dbFile = join(tempDir(), "q.sqlite");
    const store = new SqliteStore(dbFile, { outbox: true });
    const game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: null }, 1_700_000_000_000);
    const s = TableSession.open({ setup, store: game, now: () => 1_700_000_000_500, randomFace: () => 6, deviceHealth: () => demoDice });
    if (!s.ok) throw new Error(s.error.message);
    s.value.send({ type: "start", action: { type: "broadside", firer: "royal-prince", target: "gouda", rangeInches: 4, rake: false } });
    s.value.send({ type: "software-roll" });
    s.value.send({ type: "start", action: { type: "set-wind", windward: "W" } });
    s.value.send({ type: "undo" });
    const rows = new OutboxReader(store.db).after(0, 100).map((r) => ({ topic: r.topic, ...JSON.parse(r.payload) }));
    expect(rows.map((r) => [r.seq, r.kind])).toEqual([
      [1, "resolved"],
      [2, "resolved"],
      [3, "undone"],
    ]);
    expect(rows[0]).toMatchObject({
      topic: "events",
      game: `g${game.gameId}-${(1_700_000_000_000).toString(36)}`,
      ruleset: "sole-bay-1672",
    });
    expect(rows[0].dice[0]).toEqual({ value: 6, source: "software", role: "attack" });
    expect(rows[0].summary).toMatch(/hits on Gouda/);
    expect(rows[2]).toMatchObject({ undoes: 2, summary: "Undone: Windward edge: W" });
    // the log and the outbox agree after a reopen: nothing half-written
    store.close();
    const again = new SqliteStore(dbFile);
    expect(new OutboxReader(again.db).after(0, 100)).toHaveLength(3);
    expect(again.log(game.gameId)).toHaveLength(3);
    again.close();

    const plain = new SqliteStore(":memory:");
    const g2 = plain.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: null }, 1);
    const s2 = TableSession.open({ setup, store: g2, now: () => 2, randomFace: () => 6, deviceHealth: () => demoDice });
    if (s2.ok) s2.value.send({ type: "start", action: { type: "set-wind", windward: "W" } });
    expect(new OutboxReader(plain.db).after(0, 100)).toHaveLength(0);
  });

  it("acknowledging moves the cursor and keeps what was sent (the board may ask for it again)", () => {
    const store = new SqliteStore(":memory:", { outbox: true });
    const setup = demoSetup();
    const game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: null }, 1);
    const s = TableSession.open({ setup, store: game, now: () => 2, randomFace: () => 1, deviceHealth: () => demoDice });
    if (!s.ok) throw new Error(s.error.message);
    for (const w of ["N", "E", "S"]) s.value.send({ type: "start", action: { type: "set-wind", windward: w } });
    const reader = new OutboxReader(store.db);
    const [first, second] = reader.after(0, 10);
    reader.acknowledge(second?.id ?? 0);
    expect(reader.sentThrough()).toBe(second?.id);
    expect(reader.after(0, 10).map((r) => r.id)).toContain(first?.id);
    expect(reader.after(reader.sentThrough(), 10)).toHaveLength(1);
    // asked again: records 1…2 of the game, by their club seq, with no start (from 1) and no end written yet
    expect(reader.again(game.gameId, 1, 2, 10).map((r) => JSON.parse(r.payload).seq)).toEqual([1, 2]);
    expect(reader.lastSeq(game.gameId)).toBe(3);
  });
});

describe("the battle's end", () => {
  it("is one side afloat and every other side gone", () => {
    const v = (side: string, gone: boolean) => ({
      id: `${side}${Math.random()}`,
      name: "x",
      side,
      status: gone ? ["sunk"] : [],
      severity: gone ? (["out"] as const) : [],
      tracks: [],
      facts: [],
    });
    expect(battleEnd(sideCounts([v("A", false), v("B", false)]))).toBeNull();
    expect(battleEnd(sideCounts([v("A", false), v("B", true), v("B", true)]))).toEqual({ winner: "A", losses: { A: 0, B: 2 } });
  });
});
