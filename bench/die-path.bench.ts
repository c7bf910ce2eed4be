/**
 * The host's share of one resolving roll, in process on the demo table (ARCHITECTURE.md, "The path of a die roll"):
 * the last die's reading sent to the session until the view is built and serialised as `WS /api/live` sends it. The
 * drivers and the socket are left out (host-latency.bench.ts measures them); each broadside is undone after, so the
 * game never ends. The files this path crosses are counted by test/host/path/die-path.test.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { DieRolled } from "../devices/readings.ts";
import { composeTable, type TableRuntime, type TableUpdate } from "../host/compose.ts";
import { loadScenario } from "../host/config/load.ts";
import { stateMessage } from "../host/server/routes/live.ts";
import { doneLine, watchGc } from "./gc-pauses.ts";
import { quantile } from "./stats.ts";

const RUNS = 500;
const WARM_UP = 20;
const BROADSIDE = { type: "broadside", firer: "royal-prince", target: "zeven-provincien", rangeInches: 4 };

/** The timed send, named so that a CPU profile of the bench (`--cpu-prof`) can be cut to it. */
function lastDie(s: TableRuntime["session"], reading: DieRolled): void {
  s.send({ type: "reading", reading });
}

export async function run(): Promise<string> {
  const setup = loadScenario("sole-bay-1672");
  if (!setup.ok) throw new Error(setup.error.message);
  const composed = await composeTable({
    setup: setup.value,
    dbFile: join(mkdtempSync(join(tmpdir(), "qd-bench-")), "game.sqlite"),
    logger: pino({ level: "silent" }),
    sim: true,
  });
  if (!composed.ok) throw new Error(composed.error.message);
  const table = composed.value;
  let bytes = 0;
  // what the live route does with each update: the state by its schema's serialiser, and the events as JSON, each
  // measured in bytes as the socket does before it writes them (which joins a string built of pieces into one)
  // (each change's view and serialisation timed apart: the rest of the last die's time is the step and the commit)
  let viewMs = 0;
  let writeMs = 0;
  table.onUpdate((u: TableUpdate) => {
    const t0 = performance.now();
    const view = u.view;
    const t1 = performance.now();
    bytes = Buffer.byteLength(stateMessage(view));
    for (const event of u.events) Buffer.byteLength(JSON.stringify({ type: "event", event }));
    viewMs = t1 - t0;
    writeMs = performance.now() - t1;
  });
  let at = 0;
  const die = (face: number): DieRolled => ({
    type: "die.rolled",
    dieId: "pixel-1",
    family: "pixels",
    dieKind: "d6",
    face,
    color: "white",
    at: ++at,
  });
  // (from the draft's status as the last step left it: building the whole view here, six times a broadside, tripled
  // the bench's own garbage and so the young generation's scavenges falling inside the timed die)
  const needed = () => table.session.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
  const ms: number[] = [];
  /** The process's CPU time (user + sys, µs resolution) in each timed run: the host's own work, without the waits. */
  const cpu: number[] = [];
  const spans: [number, number][] = [];
  const stages = { step: [] as number[], view: [] as number[], write: [] as number[] };
  let gc: ReturnType<typeof watchGc> | null = null;
  try {
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      const s = table.session;
      if (!s.send({ type: "start", action: BROADSIDE }).ok) throw new Error("the broadside was refused");
      while (needed() > 1) s.send({ type: "reading", reading: die(2) });
      const results = s.records.length;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      lastDie(s, die(2));
      const took = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (s.records.length !== results + 1) throw new Error("the last die did not resolve the broadside");
      if (i === WARM_UP - 1) gc = watchGc();
      if (i >= WARM_UP) {
        ms.push(took);
        cpu.push((used.user + used.system) / 1000);
        spans.push([t0, t0 + took]);
        stages.step.push(took - viewMs - writeMs);
        stages.view.push(viewMs);
        stages.write.push(writeMs);
      }
      s.send({ type: "undo" });
    }
  } finally {
    await table.close();
  }
  const f = (p: number, of = ms) => `${quantile(of, p).toFixed(2)} ms`;
  // a run whose wall time is well over its CPU time waited: for a core (another process had it) or for the disk
  const waited = ms.map((m, i) => m - (cpu[i] ?? 0));
  const gcLine = gc ? await (gc as ReturnType<typeof watchGc>).report(spans) : "";
  return [
    doneLine("the host's share of die → painted (in process: reading → view serialised), p99", quantile(ms, 0.99), 5, "ms"),
    "",
    "| Stage | p50 | p90 | p99 | runs |",
    "|---|---|---|---|---|",
    `| last die's reading → resolved, committed, view built and serialised (${bytes} B) | ${f(0.5)} | ${f(0.9)} | ${f(0.99)} | ${ms.length} |`,
    `| … of which CPU time (the host's own work; process.cpuUsage, all its threads) | ${f(0.5, cpu)} | ${f(0.9, cpu)} | ${f(0.99, cpu)} | ${cpu.length} |`,
    `| … wall minus CPU (waiting for a core or the disk) | ${f(0.5, waited)} | ${f(0.9, waited)} | ${f(0.99, waited)} | ${waited.length} |`,
    `| … by stage (wall): the step and its commit | ${f(0.5, stages.step)} | ${f(0.9, stages.step)} | ${f(0.99, stages.step)} | ${stages.step.length} |`,
    `| … the view built | ${f(0.5, stages.view)} | ${f(0.9, stages.view)} | ${f(0.99, stages.view)} | ${stages.view.length} |`,
    `| … the state and events serialised and encoded | ${f(0.5, stages.write)} | ${f(0.9, stages.write)} | ${f(0.99, stages.write)} | ${stages.write.length} |`,
    "",
    gcLine,
    "",
  ].join("\n");
}
