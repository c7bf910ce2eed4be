/**
 * bin/code-cache.mjs, which runs `quarterdeck start`'s bundle with V8's code cache: a cache only ever saves time.
 * Each run is a fresh `node` (the cache is written at exit), over a small bundle of the same shape as
 * dist/host/cli/start.cjs (its first line names its content by hash).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.ts";

const LOADER = pathToFileURL(resolve("bin/code-cache.mjs")).href;

/** A bundle whose content hash is `hash`, answering `answer`, its cache worth keeping when `keep`. */
function bundle(dir: string, hash: string, answer: number, keep = true): string {
  const file = join(dir, "start.cjs");
  const body = `"use strict";exports.answer = () => ${answer}; exports.keep = () => ${keep}; exports.where = () => __qdImportMetaUrl;`;
  writeFileSync(
    file,
    `// quarterdeck start bundle ${hash.repeat(32).slice(0, 32)} latin1\n${body}\n${"exports.lines = (exports.lines ?? 0) + 1;\n".repeat(2000)}`,
  );
  return file;
}

/** Runs the bundle through the loader in a fresh node; its answer, what became of the cache, stderr. */
function run(file: string, cacheDir: string, env: Record<string, string> = {}) {
  const code = `import { runCached } from ${JSON.stringify(LOADER)};
const r = runCached(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}, import.meta.resolve, (e) => e.keep());
process.stdout.write(JSON.stringify({ cache: r.cache, answer: r.exports.answer(), where: r.exports.where() }));`;
  const p = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", env: { ...process.env, ...env } });
  expect(p.stderr).toBe("");
  expect(p.status).toBe(0);
  return JSON.parse(p.stdout) as { cache: string; answer: number; where: string };
}

describe("the start's code cache", () => {
  it("is written by a first run and used by the next; the bundle sees its own URL", () => {
    const dir = tempDir("qd-cache-");
    const file = bundle(dir, "a", 1);
    const cacheDir = join(dir, "cache");
    expect(run(file, cacheDir)).toEqual({ cache: "none", answer: 1, where: pathToFileURL(file).href });
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(run(file, cacheDir)).toMatchObject({ cache: "used", answer: 1 });
  });

  it("a damaged cache is refused, the bundle runs as without one, and a good one replaces it", () => {
    const dir = tempDir("qd-cache-");
    const file = bundle(dir, "b", 2);
    const cacheDir = join(dir, "cache");
    run(file, cacheDir);
    const [name] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, name as string), Buffer.alloc(4096, 7));
    expect(run(file, cacheDir)).toMatchObject({ cache: "refused", answer: 2 });
    expect(run(file, cacheDir)).toMatchObject({ cache: "used", answer: 2 });
  });

  it("a rebuilt bundle never reads the old one's cache, and its own replaces it", () => {
    const dir = tempDir("qd-cache-");
    const cacheDir = join(dir, "cache");
    run(bundle(dir, "c", 3), cacheDir);
    const before = readdirSync(cacheDir);
    // the same length, other code: V8 alone would take the old cache for it (it checks the source's length)
    expect(run(bundle(dir, "d", 4), cacheDir)).toMatchObject({ cache: "none", answer: 4 });
    const after = readdirSync(cacheDir);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it("where the cache cannot be written, the bundle runs all the same; off, or not worth keeping, none is written", () => {
    const dir = tempDir("qd-cache-");
    const file = bundle(dir, "e", 5);
    const blocked = join(dir, "blocked");
    mkdirSync(blocked);
    chmodSync(blocked, 0o500);
    const unwritable = process.getuid?.() === 0 ? join(file, "under-a-file") : join(blocked, "cache");
    expect(run(file, unwritable)).toMatchObject({ cache: "none", answer: 5 });
    expect(run(file, unwritable)).toMatchObject({ cache: "none", answer: 5 });
    const cacheDir = join(dir, "cache");
    expect(run(file, cacheDir, { QUARTERDECK_CODE_CACHE: "off" })).toMatchObject({ cache: "off", answer: 5 });
    expect(run(bundle(dir, "f", 6, false), cacheDir)).toMatchObject({ cache: "none", answer: 6 });
    expect(() => readdirSync(cacheDir)).toThrow(/ENOENT/);
  });
});
