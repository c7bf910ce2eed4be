/**
 * The club board under fuzz (issue 27): every topic, retained and not — deep, huge, wrong types, huge numbers,
 * unknown fields, binary — published over MQTT to the board's embedded broker, as a table's account can. The
 * board must never crash, answer its API throughout, count each refused message against its table, keep good
 * messages without the fields no schema names, and leave the league as it was.
 */
import { join } from "node:path";
import fc from "fast-check";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClubHost, startClubHost } from "../../host/club/club-host.ts";
import { buildClubApp } from "../../host/club/server.ts";
import { tempDir } from "../host/helpers.ts";
import { badPayload, deepText, goodEvent, goodState, LEAVES, unknownFields } from "./fuzz-payloads.ts";
import { freePort, quiet } from "./helpers.ts";
import { honestGame, honestStart } from "./honest-game.ts";

const CLUB = "fuzz-club";
const topic = (table: string, leaf: string) => `quarterdeck/${CLUB}/${table}/${leaf}`;

describe("the club board under fuzz", () => {
  let club: ClubHost;
  let app: Awaited<ReturnType<typeof buildClubApp>>;
  let client: mqtt.MqttClient;

  beforeAll(async () => {
    const port = await freePort();
    club = await startClubHost({ broker: { kind: "embedded", port }, dbFile: join(tempDir(), "club.sqlite"), club: CLUB, logger: quiet });
    app = await buildClubApp(club, quiet);
    client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await app?.close();
    await club?.close();
  });

  const answering = async () => {
    const r = await app.inject("/api/club/board");
    expect(r.statusCode).toBe(200);
    return r.json() as { tiles: { table: string; refused: number; records: number; sides: { afloat: number }[] }[] };
  };

  it("a 30,000-deep payload under 64 KB on every topic, retained and not: refused, counted, the board answering", async () => {
    const text = deepText(30_000, false);
    expect(text.length).toBeLessThan(64 * 1024);
    for (const leaf of LEAVES) for (const retain of [false, true]) await client.publishAsync(topic("deep", leaf), text, { qos: 1, retain });
    const tile = (await answering()).tiles.find((t) => t.table === "deep");
    // events, state, ended and start are refused for depth, status for not being online/offline, "other" as unknown;
    // the board's own request topic is not a table's report
    expect(tile?.refused).toBe(12);
    expect(tile?.records).toBe(0);
  });

  it("fast-check: bad payloads on every topic — 0 crashes, each refused and counted, no record kept, the league unchanged", async () => {
    const standings = async () => {
      const l = (await app.inject("/api/club/league")).json() as Record<string, unknown>;
      return JSON.stringify([l.players, l.sides, l.games]);
    };
    const league = await standings();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LEAVES).chain((leaf) => fc.tuple(fc.constant(leaf), badPayload(leaf), fc.boolean())),
        async ([leaf, payload, retain]) => {
          const table = `t-${n++ % 5}`;
          const before = (await answering()).tiles.find((t) => t.table === table);
          await client.publishAsync(topic(table, leaf), payload, { qos: 1, retain });
          const after = (await answering()).tiles.find((t) => t.table === table);
          // a payload that happens to be valid (a jsonValue that is a good state …) may be kept; nothing else is
          if (after && after.refused === (before?.refused ?? 0) && leaf !== "request") return;
          if (leaf !== "request") expect(after?.refused).toBe((before?.refused ?? 0) + 1);
          expect(after?.records ?? 0).toBe(before?.records ?? 0);
          for (const s of after?.sides ?? []) expect(s.afloat).toBeLessThanOrEqual(500);
        },
      ),
      { numRuns: 250 },
    );
    expect(await standings()).toBe(league);
  }, 60_000);

  it("fields no schema names are dropped: the record is kept without them", async () => {
    await fc.assert(
      fc.asyncProperty(unknownFields("events"), fc.integer({ min: 1, max: 10_000 }), async ({ payload, keys }, seq) => {
        const body = JSON.parse(payload.toString());
        body.seq = seq;
        await client.publishAsync(topic("extra", "events"), JSON.stringify(body), { qos: 1 });
        const kept = club.store.payload(CLUB, "extra", "g1-abc", seq);
        expect(kept).not.toBeNull();
        for (const k of keys) expect(Object.hasOwn(kept ?? {}, k)).toBe(false);
      }),
      { numRuns: 60 },
    );
    await client.publishAsync(topic("extra", "state"), JSON.stringify({ ...goodState(), secret: "x".repeat(100) }), { qos: 1 });
    expect(club.tables().find((t) => t.table === "extra")?.state).not.toHaveProperty("secret");
    expect(goodEvent()).toHaveProperty("action");
  });

  const send = (table: string, leaf: string, body: unknown) => client.publishAsync(topic(table, leaf), JSON.stringify(body), { qos: 1 });
  const leagueGames = async () => ((await app.inject("/api/club/league")).json() as { games: unknown[] }).games.length;

  it("forged results: a record whose dice do not give its outcome is refused and shown; 50 forged wins change nothing", async () => {
    await send("honest", "status", "online").catch(() => undefined);
    const g = honestGame("g7-abc", 5);
    await send("honest", "start", g.start);
    for (const r of g.records) await send("honest", "events", r);
    expect(club.games.read(CLUB, "honest", "g7-abc")).toMatchObject({ status: "following", held: 5, end: null });

    // the same game at another table, one broadside's outcome forged; then an action the rules do not allow
    const forged = honestGame("g8-abc", 5);
    const bad = forged.records[1] as { outcome: Record<string, unknown> };
    bad.outcome = { ...bad.outcome, hits: 50 };
    await send("forger", "start", forged.start);
    for (const r of forged.records) await send("forger", "events", r);
    expect(club.games.read(CLUB, "forger", "g8-abc")).toMatchObject({ status: "refused", held: 1, refused: { seq: 2 } });
    const tile = (await answering()).tiles.find((t) => t.table === "forger") as unknown as { reading: { status: string; why: string } };
    expect(tile.reading).toMatchObject({ status: "refused", why: expect.stringMatching(/#2: its dice give another result/) });
    const illegal = honestGame("g9-abc", 1);
    await send("forger", "start", illegal.start);
    await send("forger", "events", { ...illegal.records[0], action: { type: "broadside", firer: "royal-prince", target: "royal-prince" } });
    expect(club.games.read(CLUB, "forger", "g9-abc").status).toBe("refused");

    // 50 wins claimed: for games the board holds no record of, for a game whose records give no winner, for a
    // refused game, with forged losses — none reaches the league
    const before = await leagueGames();
    for (let i = 0; i < 50; i++)
      await send("forger", "ended", { game: `g${100 + i}-abc`, winner: "Dutch", players: { Dutch: ["Mallory"] }, losses: { Allied: 6 } });
    await send("honest", "ended", { game: "g7-abc", winner: "Allied", players: { Allied: ["Ann"] }, losses: { Dutch: 6 } });
    await send("forger", "ended", { game: "g8-abc", winner: "Allied", players: { Allied: ["Mallory"] }, losses: { Dutch: 6 } });
    expect(await leagueGames()).toBe(before);
    const refusedOrWaiting = ((await app.inject("/api/club/league")).json() as { unsettled: { game: string; why: string }[] }).unsettled;
    expect(refusedOrWaiting.find((u) => u.game === "g8-abc")?.why).toMatch(/not counted/);
    expect(refusedOrWaiting.find((u) => u.game === "g7-abc")?.why).toMatch(/give no end by the rules yet/);
  });

  it("a game's end counts only with the winner its records give, with the board's own losses", async () => {
    const before = await leagueGames();
    // every Dutch ship already destroyed at the start: no rule sets a game up so — the start is refused, and the end
    await send("ender", "start", honestStart("g3-abc", 0));
    await send("ender", "ended", { game: "g3-abc", winner: "Allied", players: { Allied: ["Mallory"] }, losses: { Dutch: 6 } });
    expect(club.games.read(CLUB, "ender", "g3-abc")).toMatchObject({ status: "refused", refused: { seq: 0 } });
    expect(await leagueGames()).toBe(before);
    // a small honest game: Gouda the only Dutch ship, sunk by broadsides the rules resolve
    const game = honestGame("g4-abc", 200, undefined, honestStart("g4-abc", undefined, "gouda"));
    await send("ender2", "start", game.start);
    for (const r of game.records) await send("ender2", "events", r);
    await send("ender2", "ended", { game: "g4-abc", winner: "Allied", players: { Allied: ["Ann"], Dutch: ["Bo"] }, losses: { Dutch: 99 } });
    const l = (await app.inject("/api/club/league")).json() as {
      games: { game: string; winner: string; losses: Record<string, number> }[];
    };
    expect(l.games).toHaveLength(before + 1);
    expect(l.games.find((x) => x.game === "g4-abc")).toMatchObject({ winner: "Allied", losses: { Allied: 0, Dutch: 1 } });
  });
});
