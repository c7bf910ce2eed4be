/** What the club host reads and shows: table messages checked and bounded, stored once, and the league folded from games' ends. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { league } from "../../host/club/board.ts";
import { startClubHost } from "../../host/club/club-host.ts";
import { ClubStore } from "../../host/club/club-store.ts";
import { ClubGames } from "../../host/club/games.ts";
import { MAX_PAYLOAD, parseTableMessage } from "../../host/club/messages.ts";
import { buildClubApp, CLIENT_MESSAGE_BYTES } from "../../host/club/server.ts";
import { tempDir } from "../host/helpers.ts";
import { freePort, quiet } from "./helpers.ts";

const ev = (seq: number, extra: object = {}) =>
  Buffer.from(
    JSON.stringify({
      game: "g1-x",
      seq,
      at: "2026-11-23T20:00:00Z",
      ruleset: "quickfire",
      kind: "resolved",
      action: { type: "broadside" },
      outcome: { hits: 1 },
      dice: [{ value: 4, source: "manual" }],
      summary: "Hit",
      ...extra,
    }),
  );

describe("table messages", () => {
  it("parses events, status and ended; refuses bad topics, shapes and sizes with a reason", () => {
    const e = parseTableMessage("quarterdeck/club/t1/events", ev(3));
    expect(e.ok && e.msg.leaf === "events" && e.msg.body.seq).toBe(3);
    expect(parseTableMessage("quarterdeck/club/t1/status", Buffer.from("offline"))).toMatchObject({ ok: true, msg: { online: false } });
    for (const [topic, payload, why] of [
      ["quarterdeck/Club/t1/events", ev(1), /not a table topic/],
      ["quarterdeck/club/t1/events", ev(0), /seq/],
      ["quarterdeck/club/t1/events", Buffer.from("{"), /not valid JSON/],
      ["quarterdeck/club/t1/events", Buffer.alloc(MAX_PAYLOAD + 1, 32), /over/],
      ["quarterdeck/club/t1/status", Buffer.from("maybe"), /online or offline/],
      ["quarterdeck/club/t1/other", ev(1), /unknown topic/],
    ] as const) {
      const r = parseTableMessage(topic, payload);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.why).toMatch(why);
    }
  });

  it("the club store keeps each (table, game, seq) once; the tile's last result is the head held without a gap", () => {
    const store = new ClubStore(":memory:");
    const games = new ClubGames(store);
    const put = (seq: number) => {
      const p = parseTableMessage("quarterdeck/club/t1/events", ev(seq, { summary: `#${seq}` }));
      const added = p.ok && p.msg.leaf === "events" ? store.event(p.club, p.table, p.msg.body, seq) : false;
      games.update("club", "t1", "g1-x", seq);
      return added;
    };
    expect([put(1), put(2), put(2), put(1)]).toEqual([true, true, false, false]);
    expect(store.tables()[0]).toMatchObject({ table: "t1", records: 2, lastSeq: 2, last: { summary: "#2" } });
    // a record far ahead (a forged huge seq) does not pin the tile: it shows the head, and the gap is missing
    put(900_000);
    expect(store.tables()[0]).toMatchObject({ records: 3, lastSeq: 2, last: { summary: "#2" } });
    store.status("club", "t1", true, 1);
    expect(games.missing()).toEqual([{ club: "club", table: "t1", game: "g1-x", from: 0, to: 500, known: true }]);
    store.close();
  });
});

describe("the league", () => {
  it("counts wins, draws and losses by player and side, 2 points a win", () => {
    const l = league([
      {
        club: "c",
        table: "t1",
        game: "g1",
        winner: "English",
        players: { English: ["Ann"], Dutch: ["Bo"] },
        losses: { English: 1, Dutch: 4 },
        at: 1,
      },
      {
        club: "c",
        table: "t2",
        game: "g2",
        winner: null,
        players: { English: ["Bo"], Dutch: ["Ann"] },
        losses: { English: 2, Dutch: 2 },
        at: 2,
      },
    ]);
    expect(l.players.map((p) => [p.name, p.played, p.won, p.drawn, p.lost, p.shipsNet])).toEqual([
      ["Ann", 2, 1, 1, 0, 3],
      ["Bo", 2, 0, 1, 1, -3],
    ]);
    expect(l.sides[0]).toMatchObject({ name: "English", won: 1, drawn: 1 });
    expect(l.games).toHaveLength(2);
  });
});

describe("one board per data dir", () => {
  it("a second board on the same club.sqlite is refused with the reason; once the first closes, it starts", async () => {
    const dbFile = join(tempDir(), "club.sqlite");
    const first = await startClubHost({ broker: { kind: "embedded", port: await freePort() }, dbFile, logger: quiet });
    await expect(startClubHost({ broker: { kind: "embedded", port: await freePort() }, dbFile, logger: quiet })).rejects.toThrow(
      /in use by another quarterdeck process \(pid \d+\)/,
    );
    await first.close();
    const again = await startClubHost({ broker: { kind: "embedded", port: await freePort() }, dbFile, logger: quiet });
    await again.close();
  });
});

describe("the board's live socket", () => {
  it("sends the board on connect and closes a client that sends more than 1 KB (1009), the board answering on, its pages unframeable", async () => {
    const club = await startClubHost({ broker: { kind: "embedded", port: await freePort() }, dbFile: ":memory:", logger: quiet });
    const app = await buildClubApp(club, quiet);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const addr = app.server.address();
    const ws = new WebSocket(`ws://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/api/club/live`);
    try {
      const first = await new Promise<{ type: string }>((done) => ws.once("message", (m) => done(JSON.parse(String(m)))));
      expect(first.type).toBe("board");
      const closed = new Promise<number>((done) => ws.once("close", (code) => done(code)));
      ws.send("x".repeat(CLIENT_MESSAGE_BYTES + 1));
      expect(await closed).toBe(1009);
      expect((await app.inject("/api/club/board")).statusCode).toBe(200);
      // no board page may be framed by another site, like the table's pages (issue 27)
      for (const url of ["/club", "/club/league", "/api/club/board", "/nowhere"]) {
        const r = await app.inject(url);
        expect(r.headers["content-security-policy"], url).toBe("frame-ancestors 'none'");
        expect(r.headers["x-frame-options"], url).toBe("DENY");
      }
    } finally {
      ws.terminate();
      await app.close();
      await club.close();
    }
  });
});
