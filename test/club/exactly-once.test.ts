/**
 * Exactly once without trusting the broker's memory (issue 27 item 2): Mosquitto WITHOUT persistence is killed
 * (SIGKILL) while the board is offline mid-night — the board's session and every record queued for it are gone,
 * and records published before the board subscribes again reach nobody. The tables keep what they published; the
 * board finds the gaps (a record further on, or a `state` whose lastSeq it does not hold) and asks each table
 * again: in the end it holds every record of every table exactly once, in order, and reads each game by the rules.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { until } from "../support/wait.ts";
import { freePort, Mosquitto, quiet, SimTable } from "./helpers.ts";

const TABLES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("exactly once without the broker's memory", () => {
  it("a non-persistent Mosquitto killed while the board is away mid-night: every record arrives exactly once", async () => {
    const m = new Mosquitto(await freePort(), "", { persistence: false });
    await m.start();
    const dbFile = join(mkdtempSync("/tmp/qd-club-once-"), "club.sqlite");
    const board = () =>
      startClubHost({ broker: { kind: "external", url: m.url }, dbFile, club: "test-club", logger: quiet, askEveryMs: 200 });
    let club: ClubHost = await board();
    await until(() => club.source.connected, "the board to subscribe", 10_000);
    const tables = Array.from({ length: TABLES }, (_, i) => new SimTable(`table-${i + 1}`, m.url));
    const play = async (n: number) => {
      for (let i = 0; i < n; i++) {
        for (const t of tables) t.step();
        await sleep(5);
      }
    };
    try {
      await play(30); // 1–30: the board hears them
      await until(() => club.tables().reduce((n, t) => n + t.records, 0) === TABLES * 30, "the first 30 of each table", 10_000);
      await club.close(); // the board goes away; its persistent session queues 31–60 …
      await play(30);
      await sleep(300);
      await m.kill(); // … which the broker, without persistence, forgets when it is killed
      await m.start();
      await until(() => tables.every((t) => t.link.stats.connected), "the tables to reconnect", 10_000);
      await play(30); // 61–90: published while nobody subscribes, acknowledged by the broker, heard by nobody
      await sleep(300);
      club = await board();
      await play(10); // 91–100: the board hears these, sees the gap and asks each table again for 31–90
      const total = 100;
      await until(
        () => club.tables().every((t) => t.records === total) && club.tables().length === TABLES,
        "every record at the board",
        15_000,
      );
      await sleep(500); // a late duplicate would show now
      for (const t of tables) {
        const recs = club.store.records("test-club", t.id);
        expect(
          recs.map((r) => r.seq).sort((a, b) => a - b),
          t.id,
        ).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        expect(club.games.read("test-club", t.id, recs[0]?.game ?? "")).toMatchObject({ status: "following", held: total });
      }
      expect(club.tables().map((t) => t.lastSeq)).toEqual([total, total, total]);
    } finally {
      await Promise.all(tables.map((t) => t.close()));
      await club.close();
      await m.stop();
    }
  }, 60_000);
});
