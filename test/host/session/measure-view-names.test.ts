/**
 * Issue 37 item 6: the host never guesses an action's geometry. host/session/measure-view.ts reads what the rule set
 * declares (each action's map caption and line of fire, measured in the rules core) and has no rule-set field name
 * or key pattern in it: no regular expression, and no field name of any rule set's actions as a string or a property.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

/** The file's code without its comments (a comment may quote the texts). */
const code = readFileSync("host/session/measure-view.ts", "utf8")
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\/\/.*$/gm, "");

/** Words of the view's own vocabulary a rule set also uses as a field name ("ship" is a field's type; Math.round; a follow-up's kind). */
const VIEW_WORDS = new Set(["type", "ship", "ships", "name", "label", "from", "to", "value", "line", "kind", "round"]);

describe("measure-view.ts knows no rule set's fields", () => {
  it("has no regular expression (no key patterns)", () => {
    expect(code).not.toMatch(/(^|[=(,:!&|?]\s*)\/[^/*\s][^/\n]*\/[gimsuy]*\.test\(/m);
    expect(code).not.toMatch(/new RegExp|\.match\(|\.test\(/);
  });
  it("names no action field of any rule set", () => {
    const fields = new Set(RULE_SETS.flatMap((rs) => rs.actions.flatMap((a) => a.fields.map((f) => f.name))));
    const named = [...fields].filter((f) => !VIEW_WORDS.has(f)).filter((f) => new RegExp(`["'\`.]${f}\\b`).test(code));
    expect(named).toEqual([]);
  });
});
