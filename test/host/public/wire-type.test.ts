/**
 * One wire type (issue 25 item 4): the pages get the table state's type from its TypeBox schema
 * (host/server/view-schema.ts `TableView`, named in JSDoc), `tsc -p tsconfig.pages.json` checks the pages' JS against
 * it as part of `npm test`, and no hand-written declaration file describes them beside it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../../", import.meta.url).pathname;
const PAGES = ["host/public", "host/club/public"];

const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

describe("the pages' one wire type", () => {
  it("no hand-written declaration file beside the pages", () => {
    expect(PAGES.flatMap(filesUnder).filter((f) => f.endsWith(".d.ts"))).toEqual([]);
  });

  it("npm test type-checks the pages' JS (checkJs) over the same compiler options", () => {
    const pages = JSON.parse(readFileSync(join(ROOT, "tsconfig.pages.json"), "utf8"));
    expect(pages.extends).toBe("./tsconfig.json");
    expect(pages.compilerOptions.checkJs).toBe(true);
    expect(pages.include).toEqual(PAGES);
    const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
    // npm test's static checks run side by side (scripts/check.mjs), the pages' tsc among them
    expect(scripts.test).toMatch(/^node scripts\/check\.mjs && /);
    const checks = readFileSync(join(ROOT, "scripts/check.mjs"), "utf8");
    expect(checks).toContain('bin("tsc"), ["--noEmit", "-p", "tsconfig.pages.json"]');
  });

  it("the live state the pages hold is typed by the schema's TableView", () => {
    const live = readFileSync(join(ROOT, "host/public/lib/live.js"), "utf8");
    expect(live).toContain('@typedef {import("../../server/view-schema.ts").TableView} TableView');
    expect(live).toContain("useState(/** @type {TableView | null} */ (null))");
  });
});
