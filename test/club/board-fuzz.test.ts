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

  it("fast-check: bad payloads on every topic — 0 crashes, each refused and counted, no record kept", async () => {
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
});
