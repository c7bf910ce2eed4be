/**
 * The club acceptance run, shared by the Mosquitto and the embedded-broker suites: 10 tables resolve 200
 * actions each while the broker restarts twice, one table cannot reach it for 30 s and another table's host
 * restarts; the club host must end with exactly 2,000 records, each table's in order, none doubled, none lost.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { ClubHost } from "../../host/club/club-host.ts";
import { until as waitUntil } from "../support/wait.ts";
import { freePort, SimTable, TcpGate } from "./helpers.ts";

/** The broker under test: start/stop and the club host's view of it. */
export interface BrokerUnderTest {
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The club host for this broker (for the embedded broker, the host IS the broker). */
  club(dbFile: string): Promise<ClubHost>;
}

const TABLES = 10;
const ACTIONS = 200;
const UNREACHABLE_MS = Number(process.env.QD_UNREACHABLE_MS ?? 30_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fastDir = (p: string) => mkdtempSync(join(process.platform === "linux" ? "/dev/shm" : "/tmp", p));

/** The shared wait, with the club suite's argument order (what is waited for is built only on a time-out). */
const until = (cond: () => boolean, timeoutMs: number, what: () => string): Promise<void> =>
  waitUntil(cond, "the club night's condition", timeoutMs).catch((e: Error) => {
    throw new Error(`${e.message}: ${what()}`);
  });

export async function runClubNight(b: BrokerUnderTest): Promise<{ resolveMs: number[] }> {
  const gate = new TcpGate(await freePort(), () => b.port);
  const club = await b.club(join(fastDir("qd-club-"), "club.sqlite"));
  if (!club.embedded) await b.start();
  // the board runs before the tables: MQTT keeps records only for subscriptions that exist
  await until(
    () => club.source.connected,
    20_000,
    () => "the club host to subscribe",
  );
  const url = `mqtt://127.0.0.1:${b.port}`;
  const tables = Array.from({ length: TABLES }, (_, i) => {
    const id = `table-${i + 1}`;
    return new SimTable(id, i === TABLES - 1 ? `mqtt://127.0.0.1:${gate.port}` : url, join(fastDir("qd-table-"), "q.sqlite"));
  });
  const cutAt = Date.now(); // the last table's gate is never opened before 30 s
  const restarts = new Set([60, 130]);
  try {
    for (let round = 0; round < ACTIONS; round++) {
      if (restarts.has(round)) {
        await b.stop();
        await sleep(500);
        await b.start();
      }
      if (round === 100) await tables[2]?.restart();
      for (const t of tables) t.step();
      await sleep(5);
    }
    const last = tables[TABLES - 1];
    // the unreachable table resolved every action while it could not reach the broker: it never waited on it
    expect(last?.session.records.length).toBe(ACTIONS);
    expect(last?.link.stats.acknowledged).toBe(0);
    await sleep(Math.max(0, UNREACHABLE_MS - (Date.now() - cutAt)));
    await gate.open();
    await until(
      () => club.tables().reduce((n, t) => n + t.records, 0) >= TABLES * ACTIONS,
      20_000,
      () =>
        JSON.stringify({
          missing1: Array.from({ length: ACTIONS }, (_, i) => i + 1).filter(
            (n) => !club.store.records("test-club", "table-1").some((r) => r.seq === n),
          ),
          club: club.tables().map((r) => [r.table, r.records, r.lastSeq]),
          tables: tables.map((t) => [t.id, t.link.stats]),
        }),
    );
    await sleep(500); // a late duplicate would show now
    const rows = club.tables();
    expect(rows.map((r) => r.table).sort()).toEqual(tables.map((t) => t.id).sort());
    expect(rows.reduce((n, t) => n + t.records, 0)).toBe(TABLES * ACTIONS);
    for (const t of tables) {
      const recs = club.store.records("test-club", t.id);
      expect(
        recs.map((r) => r.seq),
        t.id,
      ).toEqual(Array.from({ length: ACTIONS }, (_, i) => i + 1));
      expect(new Set(recs.map((r) => r.game)).size).toBe(1);
      // the board's own reading: every record follows from its dice and the rules
      expect(club.games.read("test-club", t.id, recs[0]?.game ?? ""), t.id).toMatchObject({ status: "following", held: ACTIONS });
    }
    return { resolveMs: tables.flatMap((t) => t.resolveMs) };
  } finally {
    await Promise.all(tables.map((t) => t.close()));
    await gate.cut();
    await club.close();
    if (!club.embedded) await b.stop();
  }
}
