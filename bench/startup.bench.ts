/**
 * Start-up wall times of the installed command, as a user meets them, each also as a ratio to `node -e 0` measured
 * in the same run (so a loaded machine scales both): `quarterdeck rulesets` (compiled, and through tsx for comparison),
 * `quarterdeck --help`, and the host
 * from `npm start` (and from the bin directly) to the first answer of `GET /api/health`. Builds dist/ first.
 * Also the CPU time (user + sys) each run cost, from start to exit (Linux: this process's children's times in
 * /proc/self/stat), which a loaded machine inflates far less than wall time. Then each compiled module's share of
 * the start command's imports, and what the modules deferred to first use would cost (startup-modules.ts).
 * `quarterdeck start` runs from its own bundle with V8's code cache (bin/code-cache.mjs): each host's start says what
 * became of the cache, and the same start without it (`QUARTERDECK_CODE_CACHE=off`) is measured beside it.
 * `npm run bench -- startup --one-core` runs it all pinned to one core (bench/run.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StartupMark } from "../host/startup-marks.ts";
import { doneLine } from "./gc-pauses.ts";
import { moduleShares } from "./startup-modules.ts";
import { quantile } from "./stats.ts";

const RUNS = 7;
const BIN = "bin/quarterdeck.mjs";

/** CPU ms (user + sys) of this process's waited-for children so far; NaN where /proc is missing. */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    // after the command name: cutime and cstime are fields 16 and 17 of stat, in clock ticks (100 a second)
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Run {
  readonly wall: number;
  readonly cpu: number;
  /** The host's named moments of its start (host/startup-marks.ts), when it was a host's start. */
  readonly marks?: readonly StartupMark[];
  /** What became of the start's code cache (bin/code-cache.mjs): used, none, refused, off. */
  readonly codeCache?: string;
}

function wall(cmd: string, args: readonly string[]): Run {
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  execFileSync(cmd, args, { stdio: "ignore" });
  return { wall: performance.now() - t0, cpu: childrenCpuMs() - c0 };
}

/** Starts the host with `cmd args`, returns the time until /api/health answered 200, then stops the whole group. */
async function toHealth(cmd: string, args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const data = mkdtempSync(join(tmpdir(), "qd-bench-start-"));
  const c0 = childrenCpuMs();
  const t0 = performance.now();
  let ready = 0;
  const proc = spawn(cmd, [...args, "--port", "0", "--data", data, "--log-level", "warn"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, QUARTERDECK_STARTUP_MARKS: "1" },
  });
  let marks: StartupMark[] | undefined;
  let codeCache: string | undefined;
  let err = "";
  proc.stderr.setEncoding("utf8").on("data", (c: string) => {
    // whole lines only: a line split across two chunks waits for its end
    const lines = (err + c).split("\n");
    err = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("startup-marks ")) marks = JSON.parse(line.slice("startup-marks ".length));
      if (line.startsWith("startup-code-cache ")) codeCache = line.slice("startup-code-cache ".length);
    }
  });
  try {
    const port = await new Promise<number>((done, fail) => {
      let out = "";
      const timer = setTimeout(() => fail(new Error(`no banner in 60 s: ${out}`)), 60_000);
      proc.stdout.setEncoding("utf8").on("data", (c: string) => {
        out += c;
        const m = /Display: +http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          done(Number(m[1]));
        }
      });
    });
    for (;;) {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (r?.ok && ((await r.json()) as { ready?: boolean }).ready) {
        ready = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    // the host writes its marks as it answers: give the line a moment to arrive
    for (let i = 0; i < 100 && !marks?.some((m) => m.name === "health ready"); i++) await new Promise((r) => setTimeout(r, 10));
  } finally {
    if (proc.pid) process.kill(-proc.pid, "SIGTERM");
    await new Promise((r) => proc.once("exit", r));
    rmSync(data, { recursive: true, force: true });
  }
  return { wall: ready, cpu: childrenCpuMs() - c0, ...(marks ? { marks } : {}), ...(codeCache ? { codeCache } : {}) };
}

/**
 * Where the host's start goes, from its own marks (host/startup-marks.ts): each moment's median wall and CPU ms since
 * the process began, and the step from the moment before.
 */
function markTable(runs: readonly Run[]): string {
  const all = runs.flatMap((r) => (r.marks ? [r.marks] : []));
  if (all.length === 0) return "(the host wrote no start-up marks)";
  const names = [...new Set(all.flatMap((ms) => ms.map((m) => m.name)))];
  const at = (name: string, what: "wall" | "cpu") =>
    quantile(
      all.flatMap((ms) => ms.filter((m) => m.name === name).map((m) => m[what])),
      0.5,
    );
  const rows = names.map((n, i) => {
    const before = i === 0 ? null : names[i - 1];
    const step = (w: "wall" | "cpu") => (before === null || before === undefined ? "" : `+${(at(n, w) - at(before, w)).toFixed(0)}`);
    return `| ${n} | ${at(n, "wall").toFixed(0)} ms | ${step("wall")} | ${at(n, "cpu").toFixed(0)} ms | ${step("cpu")} |`;
  });
  return [
    `The host's own moments of \`quarterdeck start\` (host/startup-marks.ts), medians of ${all.length} starts: ms since the process`,
    "began. `cli`: node and the command line are up; `imported`: the start command's modules; `health ready`: the first",
    "`/api/health` that answered ready; `devices started`: the devices' start and the demo's fleet, after listening.",
    "",
    "| moment | wall | step | CPU | step |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

async function series(f: () => Run | Promise<Run>): Promise<Run[]> {
  await f(); // warm the file cache
  const out: Run[] = [];
  for (let i = 0; i < RUNS; i++) out.push(await f());
  return out;
}

/**
 * The Done-when figure: `quarterdeck start` → `/api/health` against `node -e 0`, in pairs run back to back (so both
 * of a pair meet the same load), the median of the pairs' ratios.
 */
async function paired(): Promise<{ ratio: number; pairs: number; caches: string[] }> {
  const ratios: number[] = [];
  const caches: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const unit = wall(process.execPath, ["-e", "0"]).wall;
    const start = await toHealth(process.execPath, [BIN, "start"]);
    ratios.push(start.wall / unit);
    caches.push(start.codeCache ?? "?");
  }
  return { ratio: quantile(ratios, 0.5), pairs: ratios.length, caches };
}

export async function run(): Promise<string> {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "ignore" });
  const node = await series(() => wall(process.execPath, ["-e", "0"]));
  const base = quantile(
    node.map((r) => r.wall),
    0.5,
  );
  const rows: [string, Run[], string][] = [
    ["`node -e 0` (the unit)", node, ""],
    ["`quarterdeck rulesets`", await series(() => wall(process.execPath, [BIN, "rulesets"])), "< 400 ms"],
    ["`quarterdeck --help`", await series(() => wall(process.execPath, [BIN, "--help"])), ""],
    [
      "`rulesets` from the sources through tsx (how the bin ran before dist/)",
      await series(() => wall(process.execPath, ["--import", "tsx", "host/cli/entry.ts", "rulesets"])),
      "",
    ],
    ["`npm start` → `/api/health` ready", await series(() => toHealth("npm", ["start", "--"])), "< 1000 ms"],
    [
      "`quarterdeck start` → `/api/health`, its code cache off",
      await series(() => toHealth(process.execPath, [BIN, "start"], { QUARTERDECK_CODE_CACHE: "off" })),
      "",
    ],
    ["`quarterdeck start` → `/api/health` ready", await series(() => toHealth(process.execPath, [BIN, "start"])), ""],
  ];
  const started = rows.at(-1)?.[1] ?? [];
  const pairs = await paired();
  const line = ([what, runs, target]: [string, Run[], string]) => {
    const ms = runs.map((r) => r.wall);
    const cpu = quantile(
      runs.map((r) => r.cpu),
      0.5,
    );
    return `| ${what} | ${quantile(ms, 0.5).toFixed(0)} ms | ${(quantile(ms, 0.5) / base).toFixed(1)}× | ${Math.min(...ms).toFixed(0)} ms | ${Math.max(...ms).toFixed(0)} ms | ${what.startsWith("`npm") ? "—" : `${cpu.toFixed(0)} ms`} | ${target} |`;
  };
  const caches = started.map((r) => r.codeCache ?? "?");
  return [
    `${doneLine("`quarterdeck start` → `/api/health`, against `node -e 0`", pairs.ratio, 5, "×")} Median of ${pairs.pairs} pairs, each \`node -e 0\` then the start, back to back; the start's code cache: ${pairs.caches.join(", ")}.`,
    "",
    `Wall time, median of ${RUNS} runs after one warm-up; ratio = median / median of \`node -e 0\` in this run.`,
    "CPU = user + sys of the run from start to exit (the host: to its exit after SIGTERM), median; 10 ms ticks;",
    "not for `npm start`, whose host process npm does not wait for when stopped.",
    "",
    "| what | median | × node -e 0 | min | max | CPU | target |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(line),
    "",
    "### Where `quarterdeck start` goes",
    "",
    `With its code cache (${caches.join(", ")}):`,
    "",
    markTable(started),
    "",
    "Without it (`QUARTERDECK_CODE_CACHE=off`: the bundle compiled at every start):",
    "",
    markTable(rows.at(-2)?.[1] ?? []),
    "",
    "### Each module's share of `quarterdeck start`",
    "",
    "The start runs from one bundle (dist/host/cli/start.cjs); each module's share is measured on the ES module chunks",
    "of the same code (the other commands' form), each imported alone: compiled and run, without the code cache.",
    "",
    moduleShares(RUNS),
  ].join("\n");
}
