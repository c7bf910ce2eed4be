/**
 * `npm run soak` — ten minutes of abuse against the real host (not part of `npm test`): the demo table with its
 * emulated dice dropping, garbling and repeating 20% of their messages each (`--sim-faults 0.2`), live WebSocket
 * clients, clients that stop reading, a stream of requests, dice rolled through `/api/sim/roll`, and the host
 * killed with SIGKILL every 30 s and started again on the same data directory. Prints a report: requests, 5xx,
 * crashes (exits we did not cause), rolls made / received / announced lost / silently lost, and the host's RSS.
 *
 * Each roll made is followed in the host's own log lines (debug): `die rolled` (received), `roll lost …`
 * (announced), and what reached the driver meanwhile (`die report`, `rejected die message`). A roll none of whose
 * messages arrived, and that the table was not waiting for (the soak rolls dice with no action set up), cannot be
 * seen by any host: it is counted apart as unobservable. Any other roll neither received nor announced is silently
 * lost, and listed with its die family, what arrived, and the time since the die connected and the host started.
 * No die is rolled in the 10 s before a kill, so a roll still being asked for when the power goes is not blamed on
 * the radio.
 * Environment: SOAK_SECONDS (default 600), SOAK_KILL_EVERY_S (30), SOAK_FAULTS (0.2).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import WebSocket from "ws";

const ROOT = resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const KILL_EVERY_MS = Number(process.env.SOAK_KILL_EVERY_S ?? 30) * 1000;
const FAULTS = process.env.SOAK_FAULTS ?? "0.2";
const QUIET_BEFORE_KILL_MS = 10_000;
const DIE_REST_MS = 8_000; // a die is rolled again only once its last roll is settled or given up
const LIVE_CLIENTS = 5;
const STALLED_CLIENTS = 2;

const counts = { requests: 0, fiveXx: 0, refused: 0, crashes: 0, starts: 0, made: 0, wsMessages: 0 };

/** One line of the host's log about a die. */
interface DieEvent {
  readonly at: number;
  readonly what: "rolled" | "lost" | "report" | "rejected" | "connected";
  readonly detail: string;
}
const dieEvents = new Map<string, DieEvent[]>();
const dieFamily = new Map<string, string>();
interface RollMade {
  readonly die: string;
  readonly at: number;
  readonly hostStartedAt: number;
}
const rollsMade: RollMade[] = [];

/** Files a host log line about a die under the die. */
function noteDieLine(line: string): void {
  if (!line.includes('"dieId"')) return; // top level, or in a `die rolled` line's reading
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return;
  }
  const die = String(j.dieId ?? (j.reading as { dieId?: string } | undefined)?.dieId);
  const at = Number(j.time);
  const add = (what: DieEvent["what"], detail = "") => {
    const list = dieEvents.get(die) ?? [];
    list.push({ at, what, detail });
    dieEvents.set(die, list);
  };
  const msg = String(j.msg);
  if (msg === "die rolled") add("rolled");
  else if (msg === "roll lost in transit" || msg === "roll lost in a disconnect") add("lost", String(j.reason ?? msg));
  else if (msg === "die report") add("report", `${j.state}${j.face === null ? "" : ` ${j.face}`} via ${j.via} → ${j.decision}`);
  else if (msg === "rejected die message") add("rejected", String(j.reason));
  else if (msg === "die connected") add("connected");
}
const rss: { at: number; mb: number }[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => ok(typeof a === "object" && a ? a.port : 7421));
    });
  });
}

const rssMb = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
};

interface Host {
  proc: ChildProcess;
  killedByUs: boolean;
  exited: Promise<void>;
}

/** Starts the host; counts its log's roll lines; resolves once it prints the display URL. */
function startHost(port: number, data: string): Promise<Host> {
  counts.starts += 1;
  const proc = spawn(
    process.execPath,
    [join(ROOT, "bin", "quarterdeck.mjs"), "start", "--port", String(port), "--data", data, "--sim-faults", FAULTS],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "debug" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const host: Host = { proc, killedByUs: false, exited: new Promise((done) => proc.once("exit", () => done())) };
  let pending = "";
  const errTail: string[] = [];
  proc.stderr?.on("data", (d: Buffer) => {
    pending += String(d);
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) noteDieLine(line);
    errTail.push(...lines.slice(-5));
    errTail.splice(0, errTail.length - 5);
  });
  proc.once("exit", () => {
    if (!host.killedByUs) counts.crashes += 1;
  });
  return new Promise((ok, fail) => {
    let out = "";
    // generous: on a loaded machine a start can take a minute
    const timer = setTimeout(() => fail(new Error(`the host did not start in 3 minutes:\n${out}\n${errTail.join("\n")}`)), 180_000);
    proc.stdout?.on("data", (d: Buffer) => {
      out += String(d);
      if (out.includes("Display:")) {
        clearTimeout(timer);
        ok(host);
      }
    });
  });
}

async function request(url: string, init?: RequestInit): Promise<Response | null> {
  counts.requests += 1;
  try {
    const r = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (r.status >= 500) counts.fiveXx += 1;
    return r;
  } catch {
    counts.refused += 1; // the host is down (killed) or restarting
    return null;
  }
}

const sockets = new Set<WebSocket>();

/** A live client that reads everything; reconnects after the host comes back. */
function liveClient(base: string, stop: () => boolean, stalled: boolean): void {
  const connect = () => {
    if (stop()) return;
    const ws = new WebSocket(`${base.replace("http", "ws")}/api/live`, { headers: { origin: base } });
    sockets.add(ws);
    ws.on("close", () => sockets.delete(ws));
    ws.on("open", () => {
      // a stalled client stops reading at once: its socket buffer fills, the host must bound what waits for it
      if (stalled) (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    });
    ws.on("message", () => {
      counts.wsMessages += 1;
    });
    ws.on("error", () => undefined);
    ws.on("close", () => setTimeout(connect, 1000));
  };
  connect();
}

async function diceConnected(base: string): Promise<string[]> {
  const r = await request(`${base}/api/state`);
  if (!r?.ok) return [];
  const s = (await r.json()) as { devices?: { id: string; kind: string; family: string; connected: boolean }[] };
  const dice = (s.devices ?? []).filter((d) => d.kind === "die");
  for (const d of dice) dieFamily.set(d.id, d.family);
  return dice.filter((d) => d.connected).map((d) => d.id);
}

interface Judged {
  readonly die: string;
  readonly arrived: string;
  readonly sinceConnect: string;
  readonly sinceStart: string;
}

/**
 * What became of each roll made: the die's log lines from the roll until it may be rolled again (no other roll of
 * that die falls in between, and no kill: dice rest 8 s, the host is not killed within 10 s of a roll).
 */
function judgeRolls(): { received: number; announced: number; unobservable: Judged[]; silent: Judged[] } {
  let received = 0;
  let announced = 0;
  const unobservable: Judged[] = [];
  const silent: Judged[] = [];
  for (const roll of rollsMade) {
    const all = dieEvents.get(roll.die) ?? [];
    const during = all.filter((e) => e.at >= roll.at && e.at < roll.at + DIE_REST_MS);
    if (during.some((e) => e.what === "rolled")) received += 1;
    else if (during.some((e) => e.what === "lost")) announced += 1;
    else {
      const connected = all.filter((e) => e.what === "connected" && e.at <= roll.at).at(-1);
      const arrivedEvents = during.filter((e) => e.what === "report" || e.what === "rejected");
      const judged: Judged = {
        die: roll.die,
        arrived: arrivedEvents.map((e) => (e.what === "rejected" ? `garbled (${e.detail})` : e.detail)).join("; "),
        sinceConnect: connected ? ((roll.at - connected.at) / 1000).toFixed(1) : "?",
        sinceStart: ((roll.at - roll.hostStartedAt) / 1000).toFixed(1),
      };
      // the roll's own messages are notifications; a state asked for later (via sync) is not one of them
      const ownArrived = during.some((e) => e.what === "rejected" || (e.what === "report" && e.detail.includes("via notify")));
      (ownArrived ? silent : unobservable).push(judged);
    }
  }
  return { received, announced, unobservable, silent };
}

const familyCounts = (rolls: readonly Judged[]): string => {
  const by = new Map<string, number>();
  for (const r of rolls) by.set(dieFamily.get(r.die) ?? "?", (by.get(dieFamily.get(r.die) ?? "?") ?? 0) + 1);
  return [...by].map(([f, n]) => `${f} ${n}`).join(", ") || "none";
};

async function main(): Promise<void> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "qd-soak-"));
  const base = `http://127.0.0.1:${port}`;
  const began = Date.now();
  const end = began + SECONDS * 1000;
  let host = await startHost(port, data);
  let hostStarted = Date.now();
  const firstPid = host.proc.pid as number;
  let done = false;
  for (let i = 0; i < LIVE_CLIENTS; i++) liveClient(base, () => done, false);
  for (let i = 0; i < STALLED_CLIENTS; i++) liveClient(base, () => done, true);

  // background load: state reads and draft edits, all the time
  const load = (async () => {
    while (!done) {
      await request(`${base}/api/state`);
      await request(`${base}/api/draft`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ values: { rangeInches: 1 + (counts.requests % 9) } }),
      });
      await sleep(50);
    }
  })();

  const lastRolled = new Map<string, number>();
  await sleep(2000);
  rss.push({ at: 0, mb: rssMb(firstPid) ?? 0 });
  while (Date.now() < end) {
    const now = Date.now();
    if (now - hostStarted >= KILL_EVERY_MS) {
      const m = rssMb(host.proc.pid as number);
      if (m !== null) rss.push({ at: Math.round((now - began) / 1000), mb: m });
      host.killedByUs = true;
      host.proc.kill("SIGKILL");
      await host.exited;
      host = await startHost(port, data);
      hostStarted = Date.now();
      continue;
    }
    const quiet = now - hostStarted > KILL_EVERY_MS - QUIET_BEFORE_KILL_MS;
    if (!quiet) {
      const ready = (await diceConnected(base)).filter((id) => now - (lastRolled.get(id) ?? 0) > DIE_REST_MS);
      const die = ready[Math.floor(Math.random() * ready.length)];
      if (die) {
        const at = Date.now();
        lastRolled.set(die, at);
        const r = await request(`${base}/api/sim/roll`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ die, face: 1 + Math.floor(Math.random() * 6) }),
        });
        if (r?.ok) {
          counts.made += 1;
          rollsMade.push({ die, at, hostStartedAt: hostStarted });
        }
      }
    }
    await sleep(250);
  }
  await sleep(QUIET_BEFORE_KILL_MS); // let the last rolls settle or be given up
  const m = rssMb(host.proc.pid as number);
  if (m !== null) rss.push({ at: Math.round((Date.now() - began) / 1000), mb: m });
  done = true;
  await load;
  for (const ws of sockets) ws.terminate();
  host.killedByUs = true;
  host.proc.kill("SIGTERM");
  const stopped = await Promise.race([host.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) host.proc.kill("SIGKILL");
  const ended = stopped ? "stopped on SIGTERM" : "did NOT stop within 15 s of SIGTERM (killed)";

  const outcome = judgeRolls();
  const silentRows = outcome.silent.map(
    (r) => `| ${r.die} (${dieFamily.get(r.die) ?? "?"}) | ${r.arrived || "nothing"} | ${r.sinceConnect} | ${r.sinceStart} |`,
  );
  const peak = Math.max(...rss.map((r) => r.mb));
  console.log(`# quarterdeck soak — ${Math.round((Date.now() - began) / 1000)} s

Demo table, emulated dice at ${FAULTS} drop + ${FAULTS} garble + ${FAULTS} duplicate per message, ${LIVE_CLIENTS} live and
${STALLED_CLIENTS} stalled WebSocket clients, kill -9 every ${KILL_EVERY_MS / 1000} s (${counts.starts} starts on one data dir).

| figure | value |
|---|---|
| HTTP requests | ${counts.requests} |
| 5xx answers | ${counts.fiveXx} |
| requests refused while the host was down | ${counts.refused} |
| crashes (exits not caused by the soak) | ${counts.crashes} |
| live messages received by clients | ${counts.wsMessages} |
| rolls made | ${counts.made} |
| rolls received by the table | ${outcome.received} |
| rolls announced lost ("roll … again") | ${outcome.announced} |
| unobservable: every message dropped, no roll awaited | ${outcome.unobservable.length} (${familyCounts(outcome.unobservable)}) |
| rolls silently lost | ${outcome.silent.length} |
| host RSS at start / end / peak (MB) | ${rss[0]?.mb} / ${rss.at(-1)?.mb} / ${peak} |

At the end the host ${ended}.
${
  silentRows.length === 0
    ? ""
    : `
Silently lost rolls:

| die | what reached the driver | since the die connected (s) | since the host started (s) |
|---|---|---|---|
${silentRows.join("\n")}
`
}`);
  process.exit(0);
}

await main();
