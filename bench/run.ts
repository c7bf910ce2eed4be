/**
 * Runs every `bench/*.bench.ts` in turn (or those named on the command line) and prints their reports.
 * Each bench module exports `run(): Promise<string>` returning a Markdown report. Figures are measured,
 * never asserted.
 */
import { readdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

console.log(
  `# quarterdeck benchmarks\n\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
for (const f of files) {
  const mod = (await import(join(here, f))) as { run: () => Promise<string> };
  console.log(`## ${f}\n`);
  console.log(await mod.run());
}
