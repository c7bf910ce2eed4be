/** CLI JSON on stdin is bounded in depth before it is parsed (issue 15): a deep request is bad input, not a crash. */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";

describe("a request nested thousands deep on stdin", () => {
  it("is refused with exit 2 and input.too-deep", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const text = `{"ships":[{"id":${deep}}],"action":{"type":"broadside"}}`;
    for (const command of ["plan", "odds", "resolve"] as const) {
      const r = await runRulesCommand(command, "sole-bay-1672", { readStdin: async () => text });
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.too-deep", path: "stdin" });
    }
  });
});
