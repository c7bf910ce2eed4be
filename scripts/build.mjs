#!/usr/bin/env node
// Builds the host into dist/: host/cli/entry.ts bundled by esbuild into dist/host/cli/entry.js, with one chunk per
// lazily imported command or subsystem beside it (so `quarterdeck rulesets` loads a few files, not the 370 modules
// the rules core and TypeBox are made of), then the static files the code finds beside itself (the pages, the club
// pages, the bundled scenarios). Type checking is `npm run typecheck`'s job, not the build's.
// Run by `npm run build`, by `prepare` on npm ci / npm install, and before the test suite.
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(root, "dist", "host", "cli");

/**
 * Packages that stay in node_modules: native code (found by their own loaders), pino-pretty (loaded only on a
 * terminal) and optional native helpers of ws. Everything else (fastify and its plugins, ajv, TypeBox, yaml, mqtt,
 * johnny-five, pino — whose transports, found by file, the host does not use: it logs to fd 2 —, …) is compiled into
 * the chunks: a few file reads instead of some 700 CommonJS and ES module look-ups at start (pino alone was 29).
 */
const external = [
  "better-sqlite3",
  "serialport",
  "@serialport/*",
  "node-hid",
  "@stoprocent/noble",
  "pino-pretty",
  "bufferutil",
  "utf-8-validate",
  // optional: BlueZ over D-Bus, installed by hand where it is used (docs/devices-dice.md)
  "dbus-next",
];

/**
 * A bundled module's `import.meta.url` is its chunk's, in dist/host/cli. Files that find their data beside
 * themselves (the pages, the scenarios, package.json) get the URL their own compiled file would have had, written
 * relative to the chunk so that the installed tree can move.
 */
const ownUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (args.path.includes("node_modules") || !source.includes("import.meta.url")) return undefined;
      const compiled = join(root, "dist", relative(root, args.path)).replace(/\.ts$/, ".js");
      const rel = JSON.stringify(relative(outdir, compiled).split("\\").join("/"));
      return { contents: source.replaceAll("import.meta.url", `new URL(${rel}, import.meta.url).href`), loader: "ts" };
    });
  },
};

/**
 * What the wind dial's libraries require as they are loaded and the dial never uses, given stand-ins in the bundles
 * that say so if they ever are used: firmata's serialport, for the boards it would open by path (the dial hands
 * johnny-five an open port; serialport's native binding is then loaded only where a real port is opened: ~30 ms CPU
 * of the demo's start), and Node's REPL for johnny-five's (boards run with `repl: false`; ~9 ms CPU).
 */
const unusedByTheDial = {
  name: "unused-by-the-dial",
  setup(b) {
    b.onResolve({ filter: /^serialport$/ }, (args) =>
      /[\\/]firmata[\\/]lib[\\/]com\.js$/.test(args.importer) ? { path: join(root, "scripts", "firmata-serialport-stub.cjs") } : undefined,
    );
    b.onResolve({ filter: /^repl$/ }, (args) =>
      /[\\/]johnny-five[\\/]lib[\\/]repl\.js$/.test(args.importer)
        ? { path: join(root, "scripts", "johnny-five-repl-stub.cjs") }
        : undefined,
    );
  },
};

/** What the host's two builds share (the chunks for every command, and `start`'s own script below). */
const hostBuild = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: "node",
  target: "node20.19",
  external,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  plugins: [ownUrl, unusedByTheDial],
  metafile: true,
};

rmSync(join(root, "dist"), { recursive: true, force: true });
const result = await build({
  ...hostBuild,
  entryPoints: ["host/cli/entry.ts"],
  splitting: true,
  format: "esm",
  sourcemap: "linked",
  chunkNames: "[name]-[hash]",
  // CommonJS packages bundled into ES modules (yaml's Node build) call require: give every chunk a real one
  banner: { js: 'import { createRequire as __qdCreateRequire } from "node:module"; const require = __qdCreateRequire(import.meta.url);' },
});
// `quarterdeck start`'s own bundle, dist/host/cli/start.cjs: the start path as one CommonJS script (the start row
// alone, host/cli/start-main.ts; the modules it imports on use are inside it, run on first use), which
// bin/quarterdeck.mjs compiles with V8's code cache (bin/code-cache.mjs) — Node 20 caches no ES module's code, and
// compiling the start's ES module chunks was the largest part of its start (docs/performance.md, "Start-up"). Its
// first line names its content by hash: the code cache is kept per content, never used for other code.
const startResult = await build({
  ...hostBuild,
  entryPoints: { start: "host/cli/start-main.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  // import() of the external packages as require(), resolved from the bundle's own require
  supported: { "dynamic-import": false },
  // import.meta in a script: the bundle's own URL and an ES module resolver, both handed to it by bin/code-cache.mjs
  define: { "import.meta.url": "__qdImportMetaUrl", "import.meta.resolve": "__qdImportMetaResolve" },
  // the licences' comments in a file beside the bundle (start.cjs.LEGAL.txt), which stays ASCII (below)
  legalComments: "external",
  write: false,
});
for (const file of startResult.outputFiles) {
  if (!file.path.endsWith(".cjs")) {
    writeFileSync(file.path, file.contents); // the licences' comments, start.cjs.LEGAL.txt
    continue;
  }
  const hash = createHash("sha256").update(file.contents).digest("hex").slice(0, 32);
  // an all-ASCII bundle is read as latin1, a third of the time of decoding UTF-8 (the start reads 4 MB)
  const encoding = file.contents.every((b) => b < 0x80) ? "latin1" : "utf8";
  writeFileSync(file.path, `// quarterdeck start bundle ${hash} ${encoding}\n${file.text}`);
}
// devices/camera/apriltag: the AprilTag library as WebAssembly, required at run time beside apriltag-node.ts and served
// to the /camera worker as /vendor/apriltag.js
for (const dir of ["host/public", "host/club/public", "host/scenarios", "devices/camera/apriltag"]) {
  cpSync(join(root, dir), join(root, "dist", dir), { recursive: true });
}
// The pages' style sheet: host/public/style.css imports one file per page or component (host/public/css/), bundled
// here into one, in their order, so a page loads one style sheet (served from source, the browser follows the imports)
await build({
  absWorkingDir: root,
  entryPoints: ["host/public/style.css"],
  outfile: join(root, "dist", "host", "public", "style.css"),
  bundle: true,
  logLevel: "warning",
});
// The bundled scenarios and their data, prepared (host/config/prepared-data.ts): FILE.yaml.json beside each, read by
// loadDataFile instead of parsing the YAML at every start.
const tmp = mkdtempSync(join(tmpdir(), "qd-build-"));
try {
  await build({
    absWorkingDir: root,
    entryPoints: ["host/config/prepared-data.ts"],
    outfile: join(tmp, "prepared-data.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    banner: { js: 'import { createRequire as __qdCreateRequire } from "node:module"; const require = __qdCreateRequire(import.meta.url);' },
    logLevel: "warning",
  });
  const { prepareData } = await import(pathToFileURL(join(tmp, "prepared-data.mjs")).href);
  const scenarios = join(root, "dist", "host", "scenarios");
  for (const name of readdirSync(scenarios, { recursive: true })) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = join(scenarios, name);
    const prepared = prepareData(readFileSync(file, "utf8"), file);
    if (prepared) writeFileSync(`${file}.json`, JSON.stringify(prepared));
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
// The /camera page's worker: the same detection modules as in Node (devices/camera/), bundled for a classic Web
// Worker (it loads the AprilTag library with importScripts, which module workers lack). Node's own loader (apriltag-node.ts) is
// never called there; its `node:` import stays out.
await build({
  absWorkingDir: root,
  entryPoints: ["devices/camera/worker.ts"],
  outfile: join(root, "dist", "host", "public", "camera-worker.js"),
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "chrome110",
  external: ["node:*"],
  sourcemap: "linked",
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
});
// what went into which chunk, for `npx esbuild-visualizer`-style questions (bench/startup's module counts)
writeFileSync(join(root, "dist", "meta.json"), JSON.stringify(result.metafile));
writeFileSync(join(root, "dist", "meta-start.json"), JSON.stringify(startResult.metafile));
