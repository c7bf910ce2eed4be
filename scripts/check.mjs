#!/usr/bin/env node
/**
 * `npm test`'s static checks, run side by side: the type check of the sources and tests (`tsc --noEmit`), of the
 * pages' JS (`tsc --noEmit -p tsconfig.pages.json`) and the lint (`biome check .`). Each is the same command as when
 * run alone; together they take about as long as the longest (the first tsc) instead of the sum, on two cores. Each
 * one's output is printed whole once it ends, so the three do not interleave. Exits 1 if any failed.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
const CHECKS = [
  ["tsc --noEmit", bin("tsc"), ["--noEmit"]],
  ["tsc --noEmit -p tsconfig.pages.json", bin("tsc"), ["--noEmit", "-p", "tsconfig.pages.json"]],
  ["biome check .", bin("biome"), ["check", "."]],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => out.push(b));
    child.on("error", (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? "✓" : "✗"} ${name} (${seconds} s)\n`);
      const text = Buffer.concat(out).toString();
      if (code !== 0 && text.trim() !== "") process.stdout.write(`${text.trimEnd()}\n`);
      done(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
