/**
 * docs/reference/cli.md: an action type a rule set does not have is bad input (`input.invalid`, exit 2), for every rule set
 * and every rules command, not a rules refusal.
 */
import { describe, expect, it } from "vitest";
import { runRulesCommand } from "../../../host/cli/commands/rules.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

const io = (text: string) => ({ readStdin: async () => text });

describe("an unknown action type", () => {
  for (const rs of RULE_SETS) {
    for (const command of ["plan", "odds", "resolve"] as const) {
      it(`${rs.id} ${command}: input.invalid at action.type, exit 2`, async () => {
        const r = await runRulesCommand(command, rs.id, io(JSON.stringify({ ships: [], action: { type: "parley" }, dice: [] })));
        expect(r.code).toBe(2);
        const { error } = JSON.parse(r.stdout);
        expect(error).toMatchObject({ code: "input.invalid", path: "action.type" });
        expect(error.message).toContain('has no action "parley"');
      });
    }
    it(`${rs.id}: the kernel's own dispatch answers input.invalid too`, () => {
      const state = rs.parseState({ ships: [] });
      if (!state.ok) throw new Error(state.error.message);
      expect(rs.parseAction(state.value, { type: "parley" })).toMatchObject({ ok: false, error: { code: "input.invalid" } });
      expect(rs.plan(state.value, { type: "parley" })).toMatchObject({ ok: false, error: { code: "input.invalid" } });
      expect(rs.odds(state.value, { type: "parley" })).toMatchObject({ ok: false, error: { code: "input.invalid" } });
      expect(rs.resolve(state.value, { type: "parley" }, [])).toMatchObject({ ok: false, error: { code: "input.invalid" } });
    });
  }
});
