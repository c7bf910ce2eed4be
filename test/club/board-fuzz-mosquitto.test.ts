/**
 * The club board fuzz against Debian's Mosquitto with the documented ACL (docs/club/quarterdeck.acl): a table's
 * own account throws bad payloads at every topic it may write, retained and not, forges records and 50 wins, tries
 * another table's topics and the board's request topic, and leaves a 30,000-deep `state` retained; meanwhile an
 * honest table plays. The board keeps running and answering, holds the honest table's records, refuses and counts
 * the rest, and the league stays empty; three fresh boards that get the poisoned retained `state` start and answer.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { buildClubApp } from "../../host/club/server.ts";
import { tempDir } from "../host/helpers.ts";
import { until } from "../support/wait.ts";
import { badPayload, deepText, goodEvent } from "./fuzz-payloads.ts";
import { freePort, Mosquitto, quiet, SimTable } from "./helpers.ts";
import { honestGame } from "./honest-game.ts";

const CLUB = "fuzz-club";
const USERS = { board: "board-secret", "table-1": "t1-secret", "table-2": "t2-secret" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function boardAt(url: string, clientId: string): Promise<{ club: ClubHost; app: Awaited<ReturnType<typeof buildClubApp>> }> {
  const club = await startClubHost({
    broker: { kind: "external", url, clientId },
    dbFile: join(tempDir("qd-club-fuzz-"), "club.sqlite"),
    club: CLUB,
    logger: quiet,
  });
  await until(() => club.source.connected, "the board to subscribe", 10_000);
  return { club, app: await buildClubApp(club, quiet) };
}

describe("the club board under fuzz, over Mosquitto with the documented ACL", () => {
  it("0 crashes, the board answering throughout, nothing forged in the league; fresh boards survive a poisoned retained state", async () => {
    const acl = join(tempDir("qd-acl-"), "quarterdeck.acl");
    writeFileSync(acl, readFileSync("docs/club/quarterdeck.acl", "utf8").replaceAll("tuesday-club", CLUB));
    const m = new Mosquitto(await freePort(), "", { users: USERS, aclFile: acl });
    await m.start();
    const at = (user: keyof typeof USERS) => `mqtt://${user}:${USERS[user]}@127.0.0.1:${m.port}`;
    let { club, app } = await boardAt(at("board"), "fuzz-board");
    const honest = new SimTable("table-1", at("table-1"), join(tempDir("qd-club-table-"), "q.sqlite"), CLUB);
    const forger = await mqtt.connectAsync(at("table-2"), { reconnectPeriod: 0 });
    const own = (leaf: string) => `quarterdeck/${CLUB}/table-2/${leaf}`;
    const answering = async (a = app) => {
      const r = await a.inject("/api/club/board");
      expect(r.statusCode).toBe(200);
      return r.json() as { tiles: { table: string; refused: number; records: number; reading: { status: string } | null }[] };
    };
    const leagueGames = async (a = app) => ((await a.inject("/api/club/league")).json() as { games: unknown[] }).games.length;
    try {
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom("events", "state", "status", "ended", "start")
            .chain((leaf) => fc.tuple(fc.constant(leaf), badPayload(leaf), fc.boolean())),
          async ([leaf, payload, retain]) => {
            await forger.publishAsync(own(leaf), payload, { qos: 1, retain });
            if (steps < 20) honest.step();
            if (steps++ % 10 === 0) await answering();
          },
        ),
        { numRuns: 120 },
      );
      // forged records and 50 wins under its own account; another table's topics and the board's request topic
      const g = honestGame("g5-abc", 3);
      (g.records[1] as { outcome: Record<string, unknown> }).outcome = { hits: 50 };
      await forger.publishAsync(own("start"), JSON.stringify(g.start), { qos: 1 });
      for (const r of g.records) await forger.publishAsync(own("events"), JSON.stringify(r), { qos: 1 });
      for (let i = 0; i < 50; i++)
        await forger.publishAsync(
          own("ended"),
          JSON.stringify({ game: `g${200 + i}-abc`, winner: "Dutch", players: { Dutch: ["Mallory"] }, losses: {} }),
          {
            qos: 1,
          },
        );
      await forger.publishAsync(`quarterdeck/${CLUB}/table-1/events`, JSON.stringify(goodEvent("g1-abc", 999)), { qos: 1 });
      await forger.publishAsync(`quarterdeck/${CLUB}/table-1/request`, JSON.stringify({ game: "g1-abc", from: 0, to: 500 }), { qos: 1 });
      // and last, a poisoned retained state
      await forger.publishAsync(own("state"), deepText(30_000, false), { qos: 1, retain: true });
      await until(() => club.store.league.unsettled().length >= 50, "the 50 claims at the board", 10_000);
      await until(() => club.tables().find((t) => t.table === "table-1")?.records === 20, "the honest table's 20 records", 10_000);

      const tiles = (await answering()).tiles;
      expect(tiles.find((t) => t.table === "table-1")).toMatchObject({ records: 20, refused: 0, reading: { status: "following" } });
      expect(tiles.find((t) => t.table === "table-2")?.refused).toBeGreaterThan(50);
      expect(club.games.read(CLUB, "table-2", "g5-abc")).toMatchObject({ status: "refused", refused: { seq: 2 } });
      expect(club.store.records(CLUB, "table-1").some((r) => r.seq === 999)).toBe(false);
      expect(await leagueGames()).toBe(0);

      // three fresh boards (new data, new session) get the poisoned retained state on subscribing
      await app.close();
      await club.close();
      for (let i = 0; i < 3; i++) {
        ({ club, app } = await boardAt(at("board"), `fresh-board-${i}`));
        await until(() => (club.tables().find((t) => t.table === "table-2")?.refused ?? 0) >= 1, "the poisoned state refused", 10_000);
        await sleep(100);
        expect((await answering()).tiles.find((t) => t.table === "table-1")?.refused).toBe(0);
        expect(await leagueGames()).toBe(0);
        await app.close();
        await club.close();
      }
      ({ club, app } = await boardAt(at("board"), "fuzz-board"));
    } finally {
      await forger.endAsync(true);
      await honest.close();
      await app.close();
      await club.close();
      await m.stop();
    }
  }, 90_000);
});
