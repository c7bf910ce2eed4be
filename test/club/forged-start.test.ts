/**
 * Issue 39: a table's own account forges 50 games — a `start` in which every ship of the other side is already
 * destroyed, then an `ended` naming its player the winner — on the embedded broker with `--accounts` and on Debian's
 * Mosquitto with the documented ACL. Before the board checked starts against the rule set's set-up
 * (host/club/start-check.ts) this gave "Mallory 50–0"; now each start is refused as record 0 and the league is
 * unchanged, while an honest table's game, ended by the records the rules resolve, counts once.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import mqtt from "mqtt";
import { afterEach, describe, expect, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { buildClubApp } from "../../host/club/server.ts";
import { tempDir } from "../host/helpers.ts";
import { poll, until } from "../support/wait.ts";
import { freePort, Mosquitto, quiet } from "./helpers.ts";
import { honestGame, honestStart } from "./honest-game.ts";

const CLUB = "forge-club";
const USERS = { board: "board-secret", "table-1": "t1-secret", "table-2": "t2-secret" };
type League = {
  games: { game: string; winner: string }[];
  players: { player: string; won: number }[];
  unsettled: { game: string; why: string }[];
};

/** The forger's 50 games and an honest game, published by each table's own account; the league after. */
async function forgeAndPlay(club: ClubHost, url: (user: "table-1" | "table-2") => string): Promise<League> {
  const app = await buildClubApp(club, quiet);
  const forger = await mqtt.connectAsync(url("table-2"), { reconnectPeriod: 0 });
  const honest = await mqtt.connectAsync(url("table-1"), { reconnectPeriod: 0 });
  const send = (c: mqtt.MqttClient, table: string, leaf: string, body: unknown) =>
    c.publishAsync(`quarterdeck/${CLUB}/${table}/${leaf}`, JSON.stringify(body), { qos: 1 });
  try {
    for (let i = 0; i < 50; i++) {
      const game = `g${i + 1}-forged`;
      // every Dutch ship destroyed in the start; or Gouda alone, her every box marked: destroyed before the first shot
      const start = honestStart(game, i % 3 === 0 ? 0 : undefined, i % 3 === 0 ? undefined : "gouda") as {
        start: { ships: { id: string; damage?: number }[] };
      };
      for (const s of start.start.ships) if (i % 3 !== 0 && s.id === "gouda") s.damage = 16; // an average hull, every box
      await send(forger, "table-2", "start", start);
      await send(forger, "table-2", "ended", {
        game,
        winner: "Allied",
        players: { Allied: ["Mallory"], Dutch: ["Bo"] },
        losses: { Dutch: 6 },
      });
    }
    const g = honestGame("g1-honest", 200, undefined, honestStart("g1-honest", undefined, "gouda"));
    await send(honest, "table-1", "start", g.start);
    for (const r of g.records) await send(honest, "table-1", "events", r);
    await send(honest, "table-1", "ended", {
      game: "g1-honest",
      winner: "Allied",
      players: { Allied: ["Ann"], Dutch: ["Bo"] },
      losses: { Dutch: 1 },
    });
    const league = async () => (await app.inject("/api/club/league")).json() as League;
    return await poll(league, (l) => l.games.length + l.unsettled.length >= 51, 30_000);
  } finally {
    await forger.endAsync(true);
    await honest.endAsync(true);
    await app.close();
  }
}

function expectOnlyTheHonestWin(l: League) {
  expect(l.games.map((g) => [g.game, g.winner])).toEqual([["g1-honest", "Allied"]]);
  expect(l.players.find((p) => p.player === "Mallory")?.won ?? 0).toBe(0);
  const forged = l.unsettled.filter((u) => u.game.endsWith("-forged"));
  expect(forged).toHaveLength(50);
  for (const u of forged) expect(u.why).toMatch(/not counted: the game's start is not the rules' set-up: .* starts/);
}

describe("a forged start + ended pair never changes the league", () => {
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const s of stops.splice(0).reverse()) await s();
  });

  it("on the embedded broker with table accounts", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const accounts = ["table-1", "table-2"].map((t) => ({ username: t, password: USERS[t as "table-1"], table: `${CLUB}/${t}` }));
    const club = await startClubHost({
      broker: { kind: "embedded", port, accounts },
      dbFile: join(tempDir("qd-forge-"), "club.sqlite"),
      club: CLUB,
      logger: quiet,
    });
    stops.push(() => club.close());
    expectOnlyTheHonestWin(await forgeAndPlay(club, (u) => `mqtt://${u}:${USERS[u]}@127.0.0.1:${port}`));
  });

  it("on Mosquitto with the documented ACL", { timeout: 60_000 }, async () => {
    const acl = join(tempDir("qd-acl-"), "quarterdeck.acl");
    writeFileSync(acl, readFileSync("docs/club/quarterdeck.acl", "utf8").replaceAll("tuesday-club", CLUB));
    const m = new Mosquitto(await freePort(), "", { users: USERS, aclFile: acl });
    await m.start();
    stops.push(() => m.stop());
    const at = (user: keyof typeof USERS) => `mqtt://${user}:${USERS[user]}@127.0.0.1:${m.port}`;
    const club = await startClubHost({
      broker: { kind: "external", url: at("board"), clientId: "forge-board" },
      dbFile: join(tempDir("qd-forge-"), "club.sqlite"),
      club: CLUB,
      logger: quiet,
    });
    stops.push(() => club.close());
    await until(() => club.source.connected, "the board to subscribe", 10_000);
    expectOnlyTheHonestWin(await forgeAndPlay(club, at));
  });
});
