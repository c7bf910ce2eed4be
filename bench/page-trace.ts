/**
 * Where the display's main thread spends a die → result update, from chromium's own trace: the demo table in-process
 * (as the latency bench), the display in Debian's chromium at 1920×1080 (or `TRACE_SIZE=WxH`), `TRACE_RUNS`
 * broadsides (20) whose last die is rolled on the emulated Pixels die, traced with the devtools.timeline categories
 * over playwright's CDP session. Prints, per kind of renderer main-thread event, the time summed over the runs and
 * per run, with what chromium says each style recalculation and layout touched. Not a bench of its own (no figure to
 * keep): `node --import tsx bench/page-trace.ts` when a stage of bench/page-stages.ts grows, to see what it is.
 */
import { join } from "node:path";
import pino from "pino";
import { composeTable } from "../host/compose.ts";
import { loadScenario } from "../host/config/load.ts";
import { buildApp } from "../host/server/app.ts";
import { freshDataDir, launchChromium } from "../test/browser/harness.ts";

const RUNS = Number(process.env.TRACE_RUNS ?? 20);
const [W, H] = (process.env.TRACE_SIZE ?? "1920x1080").split("x").map(Number) as [number, number];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const setup = loadScenario("sole-bay-1672");
if (!setup.ok) throw new Error(setup.error.message);
const logger = pino({ level: "silent" });
const composed = await composeTable({ setup: setup.value, dbFile: join(freshDataDir(), "trace.sqlite"), logger, sim: true });
if (!composed.ok) throw new Error(composed.error.message);
const table = composed.value;
const sim = table.devices.sim;
if (!sim?.roll) throw new Error("no emulated dice");
const app = await buildApp({ table, logger, token: "trace-token-0123456789" });
const url = await app.listen({ port: 0, host: "127.0.0.1" });
const browser = await launchChromium();
const page = await browser.newPage();
await page.setViewportSize({ width: W, height: H });
await page.goto(`${url}/`);
await page.waitForSelector("body[data-version]");
const shows = (v: number) => page.waitForFunction((x) => Number(document.body.dataset.version) >= x, v, { polling: "raf" });

const cdp = await page.context().newCDPSession(page);
const events: TraceEvent[] = [];
cdp.on("Tracing.dataCollected", (d) => {
  events.push(...(d.value as unknown as TraceEvent[]));
});
const s = table.session;
const broadside = async (i: number, traced: boolean) => {
  s.send({ type: "start", action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 4 } });
  const needed = s.draftStatus()?.gathered?.missing.reduce((a, b) => a + b, 0) ?? 0;
  s.send({ type: "dice", values: Array(needed - 1).fill(1) });
  await shows(table.view().version);
  await new Promise((r) => setTimeout(r, 50));
  if (traced) await page.evaluate(() => performance.mark("qd-roll"));
  await sim.roll?.("pixel-1", (i % 6) + 1);
  await shows(table.view().version);
  await new Promise((r) => setTimeout(r, 40));
  s.send({ type: "undo" });
  await shows(table.view().version);
};
// `TRACE_PATH=tag`: a ship's tag placed on the emulated reader (and lifted) instead, each a ship other than the last
const tags = Object.entries(setup.value.tags)
  .filter(([, ship]) => ship !== "royal-james")
  .slice(0, 4);
const tagged = async (i: number) => {
  const [uid, ship] = tags[i % tags.length] as [string, string];
  await sim.tap?.("reader-1", uid);
  await page.waitForSelector(`#focus [data-ship="${ship}"]`);
  await new Promise((r) => setTimeout(r, 40));
  await sim.lift?.("reader-1");
};
const step = process.env.TRACE_PATH === "tag" ? tagged : broadside;
for (let i = 0; i < 5; i++) await step(i, false);
const tracing = process.env.TRACE_EVENTS !== "0";
if (tracing)
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: {
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing", "blink"],
      excludedCategories: ["*"],
    },
  });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
for (let i = 0; i < RUNS; i++) await step(i, true);
const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
if (tracing) {
  const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.end");
  await done;
}
await browser.close();
await app.close();
await table.close();

// the page's JavaScript, by function: self time from the sampling profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n] as const)));
const nameOf = (n: CpuProfile["nodes"][number]) => {
  const f = n.callFrame;
  return `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(public|node_modules)\//, "")}:${f.lineNumber + 1}`;
};
// `TRACE_CALLERS=name`: where the time of a function (a DOM call: setAttribute) comes from, three callers up
const callers = process.env.TRACE_CALLERS;
const self = new Map<string, number>();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i] as number);
  if (!n) continue;
  let key = nameOf(n);
  if (callers && n.callFrame.functionName === callers) {
    const up: string[] = [];
    for (let p = parentOf.get(n.id); p && up.length < 3; p = parentOf.get(p.id)) up.push(nameOf(p));
    key = `${key} ← ${up.join(" ← ")}`;
  }
  self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
}
console.log(`Sampled JavaScript, self time, ${RUNS} broadsides:`);
for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
console.log("");

// the renderer's main thread: the one that ran the page's script
const main = events.find((e) => e.name === "FunctionCall" || e.name === "EvaluateScript");
if (!main) process.exit(0);
const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined);
const sums = new Map<string, { ms: number; n: number; detail: number[] }>();
for (const e of on) {
  const row = sums.get(e.name) ?? { ms: 0, n: 0, detail: [] };
  row.ms += (e.dur ?? 0) / 1000;
  row.n++;
  const d = e.args?.beginData ?? e.args?.data ?? {};
  if (e.name === "UpdateLayoutTree" && typeof e.args?.elementCount === "number") row.detail.push(e.args.elementCount as number);
  if (e.name === "Layout" && typeof d.dirtyObjects === "number") row.detail.push(d.dirtyObjects as number);
  sums.set(e.name, row);
}
const rows = [...sums].filter(([, r]) => r.ms >= 1).sort((a, b) => b[1].ms - a[1].ms);
console.log(`Renderer main thread, ${RUNS} broadsides (roll, result, undo each) at ${W}×${H}:`);
console.log("| event | ms in all | per broadside | count | median elements / dirty objects |");
console.log("|---|---|---|---|---|");
for (const [name, r] of rows) {
  const med = r.detail.length ? (r.detail.sort((a, b) => a - b)[Math.floor(r.detail.length / 2)] ?? "") : "";
  console.log(`| ${name} | ${r.ms.toFixed(1)} | ${(r.ms / RUNS).toFixed(2)} | ${r.n} | ${med} |`);
}
// the longest layouts and style recalcs, with what chromium says they touched
const long = on.filter((e) => e.name === "Layout" || e.name === "UpdateLayoutTree").sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
console.log("\nLongest style recalculations and layouts:");
for (const e of long.slice(0, 12))
  console.log(
    `${e.name} ${((e.dur ?? 0) / 1000).toFixed(2)} ms ${JSON.stringify(e.name === "Layout" ? e.args?.beginData : { elementCount: e.args?.elementCount })}`,
  );
process.exit(0);
