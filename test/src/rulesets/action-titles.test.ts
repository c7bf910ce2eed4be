/**
 * Issue 11 item 10, "no raw ids on any page; words": every action of every rule set has a short title in its rule
 * text's words, which the pages and the session's sentences show instead of the action type.
 */
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

describe("every action has a title for players", () => {
  for (const rs of RULE_SETS) {
    describe(rs.id, () => {
      it.each(rs.actions.map((a) => [a.type, a.title] as const))("%s: %s", (_type, title) => {
        expect(title.trim()).toBe(title);
        expect(title.length).toBeGreaterThan(0);
        expect(title.length).toBeLessThanOrEqual(30);
        expect(title.split(" ").length).toBeLessThanOrEqual(4);
        expect(title, "starts with a capital").toMatch(/^[A-Z]/);
        expect(title, "no raw id").not.toMatch(/[-_]/);
      });

      it("titles are unique within the rule set", () => {
        const titles = rs.actions.map((a) => a.title);
        expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
      });
    });
  }
});
