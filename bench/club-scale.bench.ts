/**
 * A convention's club night on one Debian Mosquitto (issue 39): 10, 50 and 100 simulated tables (the real session,
 * store, outbox and publisher each, 20 to a process: bench/club-scale/tables-process.ts) resolve 50 actions each,
 * about one every 1.2 s, while the broker is restarted twice (2 s down, persistence on) and a tenth of the tables
 * cannot reach it for 30 s (a TCP gate cut). The board runs in its own process (board-process.ts) so that its
 * memory and CPU are its own. Measured: every record held exactly once (the board's store: 50 a table, none
 * missing, none twice), resolved → the board's live push carrying it (p50/p99: steady = resolved outside the
 * outages; all = every record; and of it, resolved → stored in the board's SQLite), the board's peak intake (records a second, best 1 s window), its peak RSS and CPU.
 * `CLUB_SCALE_TABLES=10,50` picks the sizes. Run niced: `nice -n 10 npm run bench club-scale`.
 */
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { ClubStore } from "../host/club/club-store.ts";
import { freePort, Mosquitto, TcpGate } from "../test/club/helpers.ts";
import { tempDir } from "../test/host/helpers.ts";
import { quantile } from "./stats.ts";

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = (process.env.CLUB_SCALE_TABLES ?? "10,50,100").split(",").map(Number);
const ACTIONS = 50;
const EVERY_MS = 1200;
const PER_PROCESS = 20;
const CLUB = "convention";
/** Outages, seconds after play starts: broker restarts (2 s down), and the gate's 30 s cut of every tenth table. */
const RESTARTS = [15, 40];
const CUT = [20, 50] as const;
const AFTER_OUTAGE_S = 5;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child process over tsx, and its IPC messages as awaitable. */
function child(file: string, args: string[] = []) {
  const proc = fork(join(here, "club-scale", file), args, {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type !== type) return;
        proc.off("message", on);
        resolve(m);
      };
      proc.on("message", on);
    });
  /** Sends `{type}` and waits for the answer of the same type. */
  const ask = (type: string) => {
    const answer = next(type);
    proc.send({ type });
    return answer;
  };
  return { proc, next, ask };
}

interface NightResult {
  readonly row: string;
  readonly problems: string[];
}

async function night(n: number): Promise<NightResult> {
  const load0 = loadavg()[0] as number;
  const mosq = new Mosquitto(await freePort());
  await mosq.start();
  const gate = new TcpGate(await freePort(), () => mosq.port);
  await gate.open();
  const board = child("board-process.ts", [mosq.url, join(tempDir("qd-scale-"), "club.sqlite")]);
  const { port } = (await board.next("ready")) as { port: number };
  // resolved → tile: the first board push whose tile for the table shows the seq (or past it)
  const seen = new Map<string, number[]>();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/club/live`);
  const pushes = { n: 0, bytes: 0, largest: 0 };
  ws.on("message", (data) => {
    const at = now();
    const size = String(data).length;
    pushes.n++;
    pushes.bytes += size;
    pushes.largest = Math.max(pushes.largest, size);
    for (const t of (JSON.parse(String(data)) as { tiles: { table: string; lastSeq: number }[] }).tiles) {
      const s = seen.get(t.table) ?? [];
      for (let q = s.length + 1; q <= t.lastSeq; q++) s[q - 1] = at;
      seen.set(t.table, s);
    }
  });
  await new Promise((r) => ws.once("open", r));

  const ids = Array.from({ length: n }, (_, i) => `t${i + 1}`);
  const isCut = (id: string) => Number(id.slice(1)) % 10 === 1;
  const resolved = new Map<string, number[]>();
  const procs: ReturnType<typeof child>[] = [];
  for (let i = 0; i < n; i += PER_PROCESS) {
    const c = child("tables-process.ts");
    c.proc.on("message", (m: { type: string; table: string; seq: number; at: number }) => {
      if (m.type !== "resolved") return;
      const r = resolved.get(m.table) ?? [];
      r[m.seq - 1] = m.at;
      resolved.set(m.table, r);
    });
    const tables = ids.slice(i, i + PER_PROCESS).map((id) => ({ id, url: `mqtt://127.0.0.1:${isCut(id) ? gate.port : mosq.port}` }));
    c.proc.send({ club: CLUB, tables, actions: ACTIONS, everyMs: EVERY_MS });
    procs.push(c);
  }
  await Promise.all(procs.map((c) => c.next("ready")));
  const cpu0 = ((await board.ask("usage")) as { cpuMs: number }).cpuMs;
  const t0 = now();
  for (const c of procs) c.proc.send({ type: "go" });
  const timers = [
    ...RESTARTS.map((s) =>
      setTimeout(
        () =>
          void mosq
            .stop()
            .then(() => sleep(2000))
            .then(() => mosq.start()),
        s * 1000,
      ),
    ),
    setTimeout(() => void gate.cut(), CUT[0] * 1000),
    setTimeout(() => void gate.open(), CUT[1] * 1000),
  ];
  await Promise.all(procs.map((c) => c.next("done")));
  const total = n * ACTIONS;
  const held = () => [...seen.values()].reduce((k, s) => k + s.filter(Boolean).length, 0);
  const deadline = now() + 180_000;
  while (held() < total && now() < deadline) await sleep(200);
  const tEnd = now();
  for (const t of timers) clearTimeout(t);
  const usage = (await board.ask("usage")) as { maxRSS: number; cpuMs: number };
  await sleep(1500); // the last state messages
  const store = (await board.ask("held")) as {
    rows: { table: string; records: number; maxSeq: number }[];
    received: { table: string; seq: number; at: number }[];
  };
  const receivedAt = new Map(store.received.map((r) => [`${r.table}/${r.seq}`, r.at]));
  const load1 = loadavg()[0] as number;
  ws.close();
  for (const c of procs) c.proc.send({ type: "close" });
  await Promise.all(procs.map((c) => c.next("closed")));
  board.proc.send({ type: "close" });
  await board.next("closed");
  await gate.cut();
  await mosq.stop();

  // exactly once, from the board's own store
  const problems: string[] = [];
  const byTable = new Map(store.rows.map((r) => [r.table, r]));
  let lost = 0;
  let doubled = 0;
  for (const id of ids) {
    const r = byTable.get(id);
    const records = r?.records ?? 0;
    if (records < ACTIONS) lost += ACTIONS - records;
    if (records > ACTIONS || (r?.maxSeq ?? 0) > ACTIONS) doubled += Math.max(records - ACTIONS, 0);
    if (records !== ACTIONS) problems.push(`${id}: ${records} records held`);
  }
  // latencies: steady = resolved with the broker up and the table not cut (and 5 s after either)
  const out = (id: string, at: number) => {
    const s = (at - t0) / 1000;
    if (RESTARTS.some((r) => s >= r - 0.5 && s <= r + 2 + AFTER_OUTAGE_S)) return true;
    return isCut(id) && s >= CUT[0] - 0.5 && s <= CUT[1] + AFTER_OUTAGE_S;
  };
  const steady: number[] = [];
  const toBoard: number[] = [];
  const all: number[] = [];
  const tiles: number[] = [];
  for (const id of ids) {
    const r = resolved.get(id) ?? [];
    const s = seen.get(id) ?? [];
    r.forEach((at, i) => {
      const tile = s[i];
      if (tile === undefined) return;
      tiles.push(tile);
      all.push(tile - at);
      if (out(id, at)) return;
      steady.push(tile - at);
      const got = receivedAt.get(`${id}/${i + 1}`);
      if (got !== undefined) toBoard.push(got - at);
    });
  }
  tiles.sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; j < tiles.length; j++) {
    while ((tiles[j] as number) - (tiles[i] as number) > 1000) i++;
    peak = Math.max(peak, j - i + 1);
  }
  const seconds = (tEnd - t0) / 1000;
  const cpu = (usage.cpuMs - cpu0) / 1000;
  const row = [
    n,
    `${held()} / ${total}`,
    `${lost} / ${doubled}`,
    `${(total / seconds).toFixed(0)} (peak ${peak})`,
    `${quantile(steady, 0.5).toFixed(0)} / ${quantile(steady, 0.99).toFixed(0)} ms (n=${steady.length})`,
    `${quantile(toBoard, 0.5).toFixed(0)} / ${quantile(toBoard, 0.99).toFixed(0)} ms`,
    `${(quantile(all, 0.99) / 1000).toFixed(1)} s / ${(Math.max(...all) / 1000).toFixed(1)} s`,
    `${(usage.maxRSS / 2 ** 20).toFixed(0)} MB`,
    `${cpu.toFixed(1)} s (${((100 * cpu) / seconds).toFixed(0)} %, ${((1000 * cpu) / total).toFixed(2)} ms a record)`,
    `${pushes.n} × ≤${(pushes.largest / 1024).toFixed(0)} KB (${(pushes.bytes / seconds / 1024).toFixed(0)} KB/s)`,
    `${seconds.toFixed(0)} s`,
    `${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  ];
  return { row: `| ${row.join(" | ")} |`, problems };
}

/**
 * The board's store at a convention's size, on paper's behalf: 500 tables × 300 records (one night) written as the
 * board writes them (a transaction each), then `tables()` — what every live push reads, counting each table's
 * records — timed.
 */
export function storeAtConvention(tables = 500, per = 300): string {
  const store = new ClubStore(join(tempDir("qd-scale-store-"), "club.sqlite"));
  const t0 = performance.now();
  for (let t = 1; t <= tables; t++)
    for (let seq = 1; seq <= per; seq++)
      store.event(
        CLUB,
        `t${t}`,
        {
          game: "g1-abc",
          seq,
          at: "2026-12-07T20:00:00.000Z",
          ruleset: "sole-bay-1672",
          kind: "resolved",
          action: { type: "set-wind", windward: "N" },
          outcome: { windward: "N" },
          dice: [],
          summary: "The wind is now from the north.",
        },
        Date.now(),
      );
  const insertUs = ((performance.now() - t0) * 1000) / (tables * per);
  const ms: number[] = [];
  for (let i = 0; i < 21; i++) {
    const a = performance.now();
    store.tables();
    ms.push(performance.now() - a);
  }
  store.close();
  return `Store at ${tables} tables × ${per} records (load ${(loadavg()[0] as number).toFixed(1)}): ${insertUs.toFixed(0)} µs to store a record; tables() (each live push) median ${quantile(ms, 0.5).toFixed(1)} ms.`;
}

export async function run(): Promise<string> {
  const rows: string[] = [];
  const notes: string[] = [];
  for (const n of SIZES) {
    const r = await night(n);
    rows.push(r.row);
    console.error(r.row);
    if (r.problems.length) notes.push(`${n} tables: ${r.problems.slice(0, 10).join("; ")}`);
  }
  return [
    `Each table: ${ACTIONS} actions, one every ~${EVERY_MS / 1000} s (±25 %), ${PER_PROCESS} tables a process; Debian Mosquitto (persistence on)`,
    `restarted at ${RESTARTS.join(" s and ")} s (2 s down); every tenth table cut from the broker for ${CUT[1] - CUT[0]} s (${CUT[0]}–${CUT[1]} s).`,
    "Tile latency: resolved at the table → the board's live push showing it; steady = resolved outside the outages (+5 s).",
    "",
    "| tables | records on the board | lost / doubled | records/s offered (peak 1 s intake) | resolved → tile p50 / p99, steady | of which resolved → stored by the board p50 / p99 | tile p99 / worst, all | board peak RSS | board CPU (share of one core) | live pushes to one display | night | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    ...(notes.length ? ["", ...notes] : []),
    "",
    storeAtConvention(),
  ].join("\n");
}
