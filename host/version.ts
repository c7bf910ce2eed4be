/** The installed quarterdeck's version, read from its package.json (found from the source or from dist/). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Walks up from this file to the package root; "unknown" if no quarterdeck package.json is found. */
export function packageVersion(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "quarterdeck") return pkg.version ?? "unknown";
    }
    if (dirname(dir) === dir) return "unknown";
  }
}
