// Runs a CommonJS bundle with V8's code cache: the bundle's compiled code is kept in a file beside it after a first
// run, and later runs take it from there instead of compiling the bundle again (Node 20 has no compile cache for ES
// modules). `quarterdeck start` runs this way (dist/host/cli/start.cjs, built by scripts/build.mjs).
//
// The cache only ever costs time, never a start:
// - it is named by the bundle's content hash (its first line), Node's version and the machine's architecture, so a
//   rebuilt bundle or another Node never reads it; V8 itself refuses data made under other flags;
// - a missing, unreadable, refused or damaged one means the bundle is compiled as without a cache, and a new one is
//   written (five seconds after the start, or at exit if sooner) — written to a temporary name and renamed, so a
//   reader never sees half a file;
// - it lives in dist/.code-cache, in the installed tree (never a shared directory: code is only read from where the
//   code itself is); where that cannot be written, there is no cache and nothing else changes.
// QUARTERDECK_CODE_CACHE=off compiles without it (the start-up bench compares both).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";

/** The bundle's first line: its content's hash, and how to read it (latin1 when it is all ASCII). */
const HEADER = /^\/\/ quarterdeck start bundle ([0-9a-f]{32}) (latin1|utf8)\n/;

/** The cache file of `bundle` whose first line gave `hash`, in `dir`. */
function cacheFileOf(dir, bundle, hash) {
  return join(dir, `${basename(bundle)}-${hash}-${process.version}-${process.arch}.v8cache`);
}

/** Reads a file, or undefined when it cannot be read. */
function readOrNothing(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the script's code cache as `file` (and removes the bundle's older ones). Any failure is dropped: a table
 * without a cache starts all the same.
 */
function writeCache(script, file) {
  try {
    const data = script.createCachedData();
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    const stem = basename(file).split("-")[0];
    for (const old of readdirSync(dir)) if (old.startsWith(`${stem}-`) && old !== basename(file)) rmSync(join(dir, old), { force: true });
  } catch {
    // unwritable install (a read-only tree, another owner): no cache, the start is only slower
  }
}

/**
 * Compiles and runs the CommonJS bundle `bundle` with its code cache from `cacheDir`. Returns its exports and what
 * became of the cache: `used`, `none` (there was none yet), `refused` (V8 refused it: damaged, or other flags), `off`.
 * `resolve` is `import.meta.resolve` for the bundle's own `import.meta.resolve` (the caller's, from the same tree).
 * A new cache is written only if `worthKeeping(exports)` says so when it is due: one V8 accepts is kept as it is, so
 * it should hold the code of a whole start, not of a run that stopped early.
 */
export function runCached(bundle, cacheDir, resolve, worthKeeping = () => true) {
  const bytes = readFileSync(bundle);
  const header = HEADER.exec(bytes.subarray(0, 100).toString("latin1"));
  const source = bytes.toString(header?.[2] === "latin1" ? "latin1" : "utf8");
  const hash = header?.[1];
  const useCache = hash !== undefined && process.env.QUARTERDECK_CODE_CACHE !== "off";
  const cacheFile = useCache ? cacheFileOf(cacheDir, bundle, hash) : undefined;
  const cachedData = cacheFile ? readOrNothing(cacheFile) : undefined;
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __qdImportMetaUrl, __qdImportMetaResolve) {${source}\n})`,
    {
      filename: bundle,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  const module = { exports: {} };
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // written once the start is done (the functions it compiled are in it), or at exit if that comes first
    let written = false;
    const write = () => {
      if (written || !worthKeeping(module.exports)) return;
      written = true;
      writeCache(script, cacheFile);
    };
    setTimeout(write, 5000).unref();
    process.once("exit", write);
  }
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle), pathToFileURL(bundle).href, resolve);
  const cache = !cacheFile ? "off" : !cachedData ? "none" : script.cachedDataRejected ? "refused" : "used";
  return { exports: module.exports, cache };
}
