/** The binding example in docs/devices-dice.md is a table file the host accepts as written. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTableFile } from "../../../host/config/load.ts";

const DOC = readFileSync(resolve(import.meta.dirname, "..", "..", "..", "docs", "devices-dice.md"), "utf8");

describe("docs/devices-dice.md", () => {
  it("its dice and bindings example loads on the quickfire scenario", () => {
    const yaml = /## Binding a die to a role[\s\S]*?```yaml\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(yaml).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "qd-dice-docs-"));
    try {
      writeFileSync(join(dir, "table.yaml"), `scenario: quickfire\n${yaml ?? ""}`);
      const t = loadTableFile(join(dir, "table.yaml"));
      expect(t.ok, t.ok ? "" : t.error.message).toBe(true);
      if (!t.ok) return;
      const dice = (t.value.devices?.dice ?? []) as Array<{ id: string }>;
      expect(dice.map((d) => d.id)).toEqual(["black-1", "white-1", "red-d20", "white-2"]);
      expect(t.value.bindings.map((b) => [b.die, b.roles])).toEqual([
        ["black-1", ["rof"]],
        ["white-1", ["gunnery"]],
        ["white-2", ["gunnery"]],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
