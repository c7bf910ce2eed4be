#!/usr/bin/env node
// Runs the compiled host (dist/, built by `npm run build`, which npm ci and npm install run through `prepare`).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const entry = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "host", "cli", "entry.js");
if (!existsSync(entry)) {
  process.stderr.write(
    "quarterdeck is not built yet: run `npm run build` in the checkout (npm ci and npm install do it), or `npm run dev -- COMMAND` to run the sources through tsx.\n",
  );
  process.exit(1);
}
await import(entry);
