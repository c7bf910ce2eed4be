#!/usr/bin/env node
// Builds the host into dist/: TypeScript compiled by tsc (tsconfig.build.json, incremental), then the static
// files the compiled code finds beside itself (the pages in host/public, the bundled scenarios in host/scenarios).
// Run by `npm run build`, by `prepare` on npm ci / npm install, and before the test suite.
import { execFileSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root });
for (const dir of ["host/public", "host/scenarios"]) {
  rmSync(join(root, "dist", dir), { recursive: true, force: true });
  cpSync(join(root, dir), join(root, "dist", dir), { recursive: true });
}
