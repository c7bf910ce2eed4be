/**
 * The interface reference in the repository (docs/reference/): every generated page is what the code gives today, so
 * a changed command, route, schema, rule set or error code fails here until `npm run reference` is run; and no code
 * or doc cites a contract file outside the repository.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { referencePages } from "../../scripts/reference/pages.ts";
import { sourceFiles } from "../support/import-graph.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

describe("docs/reference", () => {
  it("holds every generated page as the code gives it today (else: npm run reference)", async () => {
    const pages = await referencePages();
    expect(Object.keys(pages).length).toBeGreaterThanOrEqual(6);
    const stale = Object.entries(pages)
      .filter(([name, text]) => readFileSync(join(ROOT, "docs/reference", name), "utf8") !== text)
      .map(([name]) => `docs/reference/${name} is stale: run npm run reference`);
    expect(stale).toEqual([]);
  });

  it("every page the index lists exists", () => {
    const index = readFileSync(join(ROOT, "docs/reference/README.md"), "utf8");
    const listed = [...index.matchAll(/\]\(([a-z-]+\.(?:md|json))\)/g)].map((m) => m[1] ?? "");
    const present = new Set(readdirSync(join(ROOT, "docs/reference")));
    expect(listed.filter((f) => !present.has(f))).toEqual([]);
  });

  it("no source or doc cites a contract file outside the repository", () => {
    const code = sourceFiles(ROOT, ["src", "devices", "host", "firmware-bridge", "bin", "scripts", "test", "bench"]);
    const docs = ["README.md", "ARCHITECTURE.md", ...readdirSync(join(ROOT, "docs"), { recursive: true }).map((f) => `docs/${f}`)];
    const citing = [...code, ...docs.filter((f) => f.endsWith(".md"))].filter((f) =>
      /CONTRACT(\.md)?\s*§|shared\/CONTRACT/.test(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(citing).toEqual([]);
  });
});
