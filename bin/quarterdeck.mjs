#!/usr/bin/env node
// Runs the compiled host (dist/, built by `npm run build`, which npm ci and npm install run through `prepare`):
// `quarterdeck start` from its own bundle with V8's code cache (code-cache.mjs), every other command from the ES
// module chunks, which load only what the command needs.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const entry = join(dist, "host", "cli", "entry.js");
const start = join(dist, "host", "cli", "start.cjs");
if (!existsSync(entry)) {
  process.stderr.write(
    "quarterdeck is not built yet: run `npm run build` in the checkout (npm ci and npm install do it), or `npm run dev -- COMMAND` to run the sources through tsx.\n",
  );
  process.exit(1);
}
if (process.argv[2] === "start" && existsSync(start)) {
  const { runCached } = await import("./code-cache.mjs");
  const host = runCached(start, join(dist, ".code-cache"), import.meta.resolve, (exports) => exports.startedToListen());
  // with the start-up marks (host/startup-marks.ts), what became of the cache: used, none, refused or off
  if (process.env.QUARTERDECK_STARTUP_MARKS === "1") process.stderr.write(`startup-code-cache ${host.cache}\n`);
  await host.exports.startMain(process.argv.slice(2));
} else {
  await import(entry);
}
