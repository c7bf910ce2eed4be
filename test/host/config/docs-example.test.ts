import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTableFile } from "../../../host/config/load.ts";
import { tempDir } from "../helpers.ts";

const DOC = readFileSync(resolve(import.meta.dirname, "..", "..", "..", "docs", "host.md"), "utf8");

describe("docs/host.md", () => {
  it("its example table.yaml and roster load as written", () => {
    const yaml = /```yaml\n(ruleset: [\s\S]*?)```/.exec(DOC)?.[1];
    const csv = /```csv\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(yaml).toBeDefined();
    expect(csv).toBeDefined();
    const dir = tempDir("qd-docs-");
    writeFileSync(join(dir, "table.yaml"), yaml ?? "");
    writeFileSync(join(dir, "ships.csv"), csv ?? "");
    const t = loadTableFile(join(dir, "table.yaml"));
    expect(t.ok, t.ok ? "" : t.error.message).toBe(true);
    expect(t.ok && t.value.start.ships.map((s) => s.id)).toEqual(["royal-james", "henry", "gouda", "st-michael", "oliphant"]);
    expect(t.ok && Object.keys(t.value.devices ?? {})).toEqual(["dice", "readers", "pad", "dial"]);
  });
});
