/**
 * Issue 43 item 1: a move logged is sent with the club records the way results are (docs/reference/mqtt.md `events`): one
 * `resolved` message in the same transaction as the log row, its summary the move in words, its outcome the move.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TableSession } from "../../../host/session/table-session.ts";
import { OutboxReader } from "../../../host/store/outbox.ts";
import { SqliteStore } from "../../../host/store/sqlite-store.ts";
import { demoDice, demoSetup, tempDir } from "../helpers.ts";

describe("a move in the club records", () => {
  it("is an events message: the move's words as its summary, the move in its outcome", () => {
    const setup = demoSetup("sole-bay-1672");
    const store = new SqliteStore(join(tempDir(), "game.sqlite"), { outbox: true });
    const game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, 1000);
    let t = 1000;
    const opened = TableSession.open({ setup, store: game, now: () => ++t, randomFace: () => 1, deviceHealth: () => demoDice });
    if (!opened.ok) throw new Error(opened.error.message);
    const s = opened.value;
    const seen = (x: number) =>
      s.send({
        type: "reading",
        reading: { type: "ship.seen", sourceId: "table", ship: "edgar", x, y: 300, heading: 90, uncertainty: 0, at: ++t },
      });
    seen(300);
    s.send({
      type: "reading",
      reading: { type: "ship.seen", sourceId: "table", ship: "gouda", x: 300, y: 500, heading: 270, uncertainty: 0, at: ++t },
    });
    s.send({ type: "next-phase" });
    seen(300 + 2.5 * 25.4);
    s.send({ type: "next-phase" });
    const events = new OutboxReader(store.db)
      .after(0, 100)
      .filter((r) => r.topic === "events")
      .map((r) => JSON.parse(r.payload));
    const move = events.find((e) => e.action.type === "movement");
    expect(move).toMatchObject({
      kind: "resolved",
      action: { type: "movement", ship: "edgar" },
      outcome: { move: { ship: "edgar", distance: 2.5, legal: true } },
    });
    expect(move.summary).toMatch(/^Edgar moved 2\.5″ of her 3″, no turn/);
    store.close();
  });
});
