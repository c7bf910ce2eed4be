/**
 * Club mode through a real broker (Mosquitto, then the embedded aedes): records per second from 10 tables'
 * outboxes through the broker into the club host's SQLite, and the time from an action resolved at a table to
 * its tile updated on the board (the board's `WS /api/club/live` message carrying it; the board pushes at most
 * every 100 ms). Tables are in-process: the real session, store, outbox and publisher.
 */
import { join } from "node:path";
import WebSocket from "ws";
import { type ClubHost, startClubHost } from "../host/club/club-host.ts";
import { buildClubApp } from "../host/club/server.ts";
import { freePort, Mosquitto, quiet, SimTable } from "../test/club/helpers.ts";
import { tempDir } from "../test/host/helpers.ts";
import { quantile } from "./stats.ts";

const TABLES = 10;
const BACKLOG = 300;
const LATENCY_RUNS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (c: ClubHost) => c.tables().reduce((n, t) => n + t.records, 0);

async function night(kind: "mosquitto" | "embedded"): Promise<string> {
  const port = await freePort();
  const mosq = kind === "mosquitto" ? new Mosquitto(port) : null;
  if (mosq) await mosq.start();
  const club = await startClubHost({
    broker: mosq ? { kind: "external", url: mosq.url } : { kind: "embedded", port },
    dbFile: join(tempDir(), "club.sqlite"),
    logger: quiet,
  });
  while (!club.source.connected) await sleep(20);
  // 1. throughput: the broker is cut off while each table fills its outbox, then every table drains at once
  if (mosq) await mosq.stop();
  else await club.embedded?.stop();
  const tables = Array.from({ length: TABLES }, (_, i) => new SimTable(`t${i + 1}`, `mqtt://127.0.0.1:${port}`));
  for (let k = 0; k < BACKLOG; k++) for (const t of tables) t.step();
  const t0 = performance.now();
  if (mosq) await mosq.start();
  else await club.embedded?.start();
  while (total(club) < TABLES * BACKLOG) await sleep(50);
  const seconds = (performance.now() - t0) / 1000;
  // 2. latency: one action at a time, resolved → the board's push naming its seq
  const app = await buildClubApp(club, quiet);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  const ws = new WebSocket(`ws://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/api/club/live`);
  const waiters: { table: string; seq: number; done: (t: number) => void }[] = [];
  ws.on("message", (data) => {
    const at = performance.now();
    const board = JSON.parse(String(data)) as { tiles: { table: string; lastSeq: number }[] };
    for (const w of [...waiters]) {
      if (board.tiles.some((t) => t.table === w.table && t.lastSeq >= w.seq)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(at);
      }
    }
  });
  await new Promise((r) => ws.once("open", r));
  const ms: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const t = tables[i % TABLES] as SimTable;
    const seq = BACKLOG + Math.floor(i / TABLES) + 1;
    const seen = new Promise<number>((done) => waiters.push({ table: t.id, seq, done }));
    const start = performance.now();
    t.step();
    ms.push((await seen) - start);
    await sleep(30);
  }
  ws.close();
  await app.close();
  await Promise.all(tables.map((t) => t.close()));
  await club.close();
  if (mosq) await mosq.stop();
  const rate = (TABLES * BACKLOG) / seconds;
  return `| ${kind} | ${rate.toFixed(0)} records/s (${TABLES * BACKLOG} in ${seconds.toFixed(2)} s) | ${quantile(ms, 0.5).toFixed(1)} ms | ${quantile(ms, 0.99).toFixed(1)} ms |`;
}

export async function run(): Promise<string> {
  const rows = [await night("mosquitto"), await night("embedded")];
  return [
    `${TABLES} tables; throughput = each table's backlog of ${BACKLOG} records drained from its outbox through the broker into the club's SQLite;`,
    `latency = action resolved at a table → the board's live push carrying it (n=${LATENCY_RUNS}; the board pushes at most every 100 ms).`,
    "",
    "| broker | records through the broker | resolved → tile p50 | p99 |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
