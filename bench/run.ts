/**
 * Runs every `bench/*.bench.ts` in turn (or those named on the command line) and prints their reports. A name picks
 * its own bench (`camera` is camera.bench.ts alone, not camera-page and camera-speed too); a name that is no bench's
 * picks every bench containing it.
 * Each bench module exports `run(): Promise<string>` returning a Markdown report. Figures are measured,
 * never asserted.
 */
import { readdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const all = readdirSync(here).filter((f) => f.endsWith(".bench.ts"));
const picked = (o: string) => (all.includes(`${o}.bench.ts`) ? [`${o}.bench.ts`] : all.filter((f) => f.includes(o)));
const files = only.length === 0 ? all.sort() : [...new Set(only.flatMap(picked))].sort();

console.log(
  `# quarterdeck benchmarks\n\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
for (const f of files) {
  const mod = (await import(join(here, f))) as { run: () => Promise<string> };
  console.log(`## ${f}\n`);
  console.log(await mod.run());
}
