import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runStart } from "../../../host/cli/commands/start.ts";
import { tempDir } from "../helpers.ts";

describe("quarterdeck start refuses bad input with exit 2 and the error JSON", () => {
  it("a table file with a bad key names file, line and key; nothing is started", async () => {
    const dir = tempDir("qd-start-");
    const file = join(dir, "table.yaml");
    writeFileSync(file, "ruleset: sole-bay-1672\nscenario: sole-bay-1672\nplayers:\n  - { side: Dutch, dice: carrier-pigeon }\n");
    const r = await runStart({ config: file, data: join(dir, "data") });
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, error: { code: "config.invalid" } });
    expect(out.error.path).toMatch(/table\.yaml:4 \(players\[0\]\.dice\)$/);
  });

  it("an unknown scenario lists the bundled ones; a bad port is refused", async () => {
    const r = await runStart({ scenario: "jutland" });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.message).toMatch(/sole-bay-1672/);
    const p = await runStart({ port: "seventy" });
    expect(p.code).toBe(2);
    expect(JSON.parse(p.stdout).error.path).toBe("--port");
  });

  it("a YAML alias bomb exits 2 with a clear error naming the file (not 1, not out of memory)", async () => {
    const dir = tempDir("qd-start-");
    const file = join(dir, "table.yaml");
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(", ")}]`,
      );
    writeFileSync(file, `${levels.join("\n")}\nruleset: sole-bay-1672\n`);
    const r = await runStart({ config: file, data: join(dir, "data") });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: file, message: expect.stringMatching(/alias/i) });
  });
});
