/**
 * Which compiled module costs what at `quarterdeck start`: from dist/meta.json (esbuild's metafile), the chunks the
 * start command loads statically, imported one at a time in dependency order (leaves first) in a fresh `node`,
 * each import's CPU time (user + sys) measured; and the chunks it defers to first use (`await import()`: the device
 * families, the emulators, johnny-five, the MQTT client, the QR code, the club, the camera commands), each imported the same way
 * after the start command's own, to say what deferring them saves. A chunk is named by the packages and folders
 * that make up most of its bytes. Medians over `runs` fresh processes.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { quantile } from "./stats.ts";

interface Output {
  readonly bytes: number;
  readonly entryPoint?: string;
  readonly imports: readonly { path: string; kind: string; external?: boolean }[];
  readonly inputs: Record<string, { bytesInOutput: number }>;
}

/** `node_modules/@fastify/swagger/index.js` → `@fastify/swagger`; `host/server/app.ts` → `host/server`. */
function owner(input: string): string {
  const nm = input.lastIndexOf("node_modules/");
  if (nm < 0) return input.split("/").slice(0, 2).join("/");
  const parts = input.slice(nm + "node_modules/".length).split("/");
  return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input);
}

/** The packages and folders making up most of a chunk, biggest first. */
function label(out: Output): string {
  const by = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) by.set(owner(input), (by.get(owner(input)) ?? 0) + bytesInOutput);
  const top = [...by].sort((a, b) => b[1] - a[1]).filter(([, n]) => n > 0);
  const shown = top.slice(0, 3).map(([k]) => k);
  return top.length > 3 ? `${shown.join(", ")} +${top.length - 3}` : shown.join(", ");
}

/** Chunks reachable from `from` by static imports, dependencies before dependants. */
function staticOrder(outputs: Record<string, Output>, from: string, seen: Set<string>): string[] {
  const order: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k) || !outputs[k]) return;
    seen.add(k);
    for (const i of outputs[k].imports) if (i.kind === "import-statement" && !i.external) visit(i.path);
    order.push(k);
  };
  visit(from);
  return order;
}

/** Imports each file in turn in one fresh node; CPU ms of each import. */
function importCosts(files: readonly string[]): number[] {
  const code = `const c=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000};const out=[];
for (const f of JSON.parse(process.argv[1])) { const t=c(); await import(f); out.push(c()-t); }
process.stdout.write(JSON.stringify(out));`;
  const urls = files.map((f) => pathToFileURL(join(process.cwd(), f)).href);
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", code, JSON.stringify(urls)], { encoding: "utf8" }));
}

/** The Markdown table: each chunk's bytes and import CPU, static ones first, then the deferred ones. */
export function moduleShares(runs: number): string {
  const outputs = (JSON.parse(readFileSync("dist/meta.json", "utf8")) as { outputs: Record<string, Output> }).outputs;
  const start = Object.keys(outputs).find((k) => outputs[k]?.entryPoint === "host/cli/commands/start.ts");
  if (!start) throw new Error("dist/meta.json has no start command chunk: build first");
  const seen = new Set<string>(["dist/host/cli/entry.js"]); // the entry runs the CLI when imported: left out
  const loaded = staticOrder(outputs, start, seen);
  const deferred = [
    ...new Set(
      loaded.flatMap((k) =>
        (outputs[k]?.imports ?? []).filter((i) => i.kind === "dynamic-import" && !i.external && !seen.has(i.path)).map((i) => i.path),
      ),
    ),
  ];
  const lazy = deferred.flatMap((d) => staticOrder(outputs, d, seen));
  const files = [...loaded, ...lazy];
  const samples = Array.from({ length: runs }, () => importCosts(files));
  const rows = files.map((f, i) => ({
    f,
    atStart: i < loaded.length,
    bytes: outputs[f]?.bytes ?? 0,
    cpu: quantile(
      samples.map((s) => s[i] ?? 0),
      0.5,
    ),
  }));
  const sum = (r: typeof rows) => r.reduce((a, x) => a + x.cpu, 0);
  const startCpu = sum(rows.filter((r) => r.atStart));
  const line = (r: (typeof rows)[number]) =>
    `| ${label(outputs[r.f] as Output)} | ${r.atStart ? "at start" : "deferred"} | ${(r.bytes / 1000).toFixed(0)} kB | ${r.cpu.toFixed(1)} ms | ${r.atStart ? `${((100 * r.cpu) / startCpu).toFixed(0)} %` : ""} |`;
  const big = (r: (typeof rows)[number]) => r.cpu >= 2;
  const small = (atStart: boolean) => rows.filter((r) => r.atStart === atStart && !big(r));
  const rest = (atStart: boolean) =>
    `| ${small(atStart).length} smaller chunks | ${atStart ? "at start" : "deferred"} | ${(small(atStart).reduce((a, r) => a + r.bytes, 0) / 1000).toFixed(0)} kB | ${sum(small(atStart)).toFixed(1)} ms | |`;
  return [
    `Each compiled chunk's import, CPU ms (user + sys), median of ${runs} fresh processes; the start command's`,
    `static chunks cost ${startCpu.toFixed(0)} ms in all (${loaded.length} chunks); the deferred ones ${sum(rows.filter((r) => !r.atStart)).toFixed(0)} ms (${lazy.length}),`,
    "paid only by a table that uses them. A chunk is named by what most of its bytes are.",
    "",
    "| chunk (biggest parts) | when | size | import CPU | share of start's imports |",
    "|---|---|---|---|---|",
    ...rows
      .filter((r) => r.atStart && big(r))
      .sort((a, b) => b.cpu - a.cpu)
      .map(line),
    rest(true),
    ...rows
      .filter((r) => !r.atStart && big(r))
      .sort((a, b) => b.cpu - a.cpu)
      .map(line),
    rest(false),
    "",
  ].join("\n");
}
