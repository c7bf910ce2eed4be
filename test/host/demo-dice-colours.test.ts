/**
 * Every bundled scenario plays with only its emulated devices (issue 11): each colour a plan of its rule set can
 * name is served by one of the demo's emulated dice, whatever the action (every action type of the odds corpus).
 */
import { describe, expect, it } from "vitest";
import { corpusFor } from "../../bench/odds-corpus.ts";
import { DEMO_GODICE, DEMO_PIXELS } from "../../host/device-families.ts";
import { colorFits } from "../../src/dice/plan.ts";
import { RULE_SETS } from "../../src/rulesets/index.ts";

const demoColours = [...DEMO_PIXELS, ...DEMO_GODICE].map((d) => [d.color]);

describe("the demo's emulated dice", () => {
  for (const rs of RULE_SETS) {
    it(`can roll every coloured die a ${rs.id} plan names`, () => {
      const named = new Set<string>();
      for (const r of corpusFor(rs, 2, 20, 5)) {
        const plan = rs.plan(r.state, r.action);
        if (!plan.ok) continue;
        for (const e of plan.value) {
          if (e.color === null) continue;
          named.add(e.color);
          expect(
            demoColours.some((c) => colorFits(c, e, plan.value)),
            `${rs.id} ${r.type}: no demo die for the ${e.color} die`,
          ).toBe(true);
        }
      }
      if (rs.id === "quickfire") expect([...named].sort()).toEqual(["black", "white"]);
      if (rs.id === "wsim-battle-v3") expect([...named].sort()).toEqual(["normal", "red"]);
    });
  }
});
