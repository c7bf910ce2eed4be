/**
 * Runs every `bench/*.bench.ts` in turn (or those named on the command line) and prints their reports. A name picks
 * its own bench (`camera` is camera.bench.ts alone, not camera-page and camera-speed too); a name that is no bench's
 * picks every bench containing it.
 * Each bench module exports `run(): Promise<string>` returning a Markdown report. Figures are measured,
 * never asserted.
 *
 * `--one-core` (or `BENCH_ONE_CORE=1`) runs the benches pinned to one core (`taskset -c 0`, util-linux), as a
 * stand-in for a small board: this runner starts itself again under taskset, and everything it starts (the host,
 * chromium, `node -e 0`) inherits the pinning. The report's header says how many cores the run had.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const oneCore = args.includes("--one-core") || process.env.BENCH_ONE_CORE === "1";
if (oneCore && availableParallelism() > 1) {
  const again = spawnSync("taskset", ["-c", "0", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_ONE_CORE: "1" },
  });
  if (again.error) throw new Error(`--one-core needs taskset (util-linux): ${again.error.message}`);
  process.exit(again.status ?? 1);
}
const only = args.filter((a) => a !== "--one-core");
const all = readdirSync(here).filter((f) => f.endsWith(".bench.ts"));
const picked = (o: string) => (all.includes(`${o}.bench.ts`) ? [`${o}.bench.ts`] : all.filter((f) => f.includes(o)));
const files = only.length === 0 ? all.sort() : [...new Set(only.flatMap(picked))].sort();

console.log(
  `# quarterdeck benchmarks\n\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `${oneCore ? "**pinned to one core** (taskset -c 0)" : `${availableParallelism()} cores available`}; ` +
    `load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}\n`,
);
for (const f of files) {
  const mod = (await import(join(here, f))) as { run: () => Promise<string> };
  console.log(`## ${f}\n`);
  console.log(await mod.run());
}
