import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { runCli } from "../../../host/cli/main.ts";

const io = (text: string) => ({ readStdin: async () => text });

describe("rules CLI plumbing", () => {
  it("malformed JSON exits 2 with input.invalid and a position", async () => {
    const r = await runRulesCommand("resolve", "sole-bay-1672", io("{bad"));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code: "input.invalid", path: "stdin:1:2" } });
  });
  it("an unknown rule set exits 2", async () => {
    const r = await runRulesCommand("plan", "nope", io("{}"));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe("ruleset.unknown");
  });
  it("a missing --ruleset exits 2", async () => {
    const r = await runRulesCommand("odds", undefined, io("{}"));
    expect(JSON.parse(r.stdout).error.path).toBe("--ruleset");
  });
  it("unknown request fields are named", async () => {
    const r = await runRulesCommand("plan", "sole-bay-1672", io(JSON.stringify({ shipz: [] })));
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "shipz" });
  });
  it("rulesets lists the five ids", async () => {
    const r = await runCli(["rulesets", "--json"]);
    expect(JSON.parse(r.stdout).rulesets.map((x: { id: string }) => x.id)).toEqual([
      "sole-bay-1672",
      "quickfire",
      "anglo-dutch-1666",
      "wsim-battle-v3",
      "age-of-sail",
    ]);
  });
  it("rulesets --json gives every action its title", async () => {
    const r = await runCli(["rulesets", "--json"]);
    const quickfire = JSON.parse(r.stdout).rulesets.find((x: { id: string }) => x.id === "quickfire");
    expect(quickfire.actions.find((a: { type: string }) => a.type === "gunnery")).toMatchObject({ type: "gunnery", title: "Gunfire" });
  });
  it("an unknown option exits 2, not a stack trace", async () => {
    const r = await runCli(["plan", "--bogus"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe("input.invalid");
  });
});

describe("malformed JSON names line and column", () => {
  it.each([
    ['{"ships": ]}', "stdin:1:11"],
    ["[1,2,]", "stdin:1:6"],
    ['{\n  "a": 1', "stdin:2:9"],
    ['{"ships" ]}', "stdin:1:10"],
  ])("%j → %s", async (text, where) => {
    const r = await runRulesCommand("plan", "sole-bay-1672", io(text));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.path).toBe(where);
  });
});
