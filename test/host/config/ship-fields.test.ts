/**
 * Each rule set's ship set-up fields (RuleSet.shipFields, issue 12) are enough to set a ship up: every bundled
 * scenario's ships, cut down to those fields (and side, id, name), are accepted by the rule set as they are; every
 * field is one of its ship schema's, with a label, and a choice field lists its choices.
 */
import { describe, expect, it } from "vitest";
import { scenarioNames } from "../../../host/config/scenario.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { demoSetup } from "../helpers.ts";

describe("ship set-up fields", () => {
  it.each(scenarioNames())("%s: its ships cut down to the set-up fields are accepted", (name) => {
    const setup = demoSetup(name);
    const fields = setup.ruleset.shipFields ?? [];
    expect(fields.length).toBeGreaterThan(0);
    const keep = new Set(["side", "id", "name", ...fields.map((f) => f.name)]);
    const ships = setup.start.ships.map((s) => Object.fromEntries(Object.entries(s).filter(([k]) => keep.has(k))));
    const parsed = setup.ruleset.parseState({ ...setup.start, ships });
    expect(parsed.ok ? "accepted" : parsed.error).toBe("accepted");
  });

  it.each(RULE_SETS.map((rs) => [rs.id, rs] as const))("%s: labelled fields, choices listed", (_id, rs) => {
    for (const f of rs.shipFields ?? []) {
      // a label for people, not the schema's camelCase key
      expect(f.label, f.name).toMatch(/^[A-Z]/);
      if (f.type === "enum") expect(f.values?.length, f.name).toBeGreaterThan(0);
      expect(["number", "boolean", "enum", "string"]).toContain(f.type);
    }
  });
});
