/**
 * Every rule set declares its dice in words (src/dice/roles.ts): each role and colour its plans use — in the golden
 * corpus's plans and written as `entry("role", …)` in its source — is declared once with a label and words, and
 * nothing is declared that its source never names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import golden from "../golden/answers.json" with { type: "json" };

const sourceOf = (id: string): string => {
  const dir = join(import.meta.dirname, "../../../src/rulesets", id);
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && f !== "dice.ts");
  return files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
};

/** The roles and colours of the golden corpus's plans, by rule set. */
function corpusDice(id: string): { roles: Set<string>; colors: Set<string> } {
  const roles = new Set<string>();
  const colors = new Set<string>();
  for (const a of golden.answers as { request: string; plan: unknown }[]) {
    if (!a.request.startsWith(`${id} `) || !Array.isArray(a.plan)) continue;
    for (const e of a.plan as { role: string; color: string | null }[]) {
      roles.add(e.role);
      if (e.color) colors.add(e.color);
    }
  }
  return { roles, colors };
}

describe.each(RULE_SETS.map((rs) => [rs.id, rs] as const))("%s declares its dice", (id, rs) => {
  const declared = new Set(rs.dice.roles.map((r) => r.role));
  const source = sourceOf(id);

  it("declares each role and colour once, with a label and words", () => {
    expect(declared.size).toBe(rs.dice.roles.length);
    expect(new Set(rs.dice.colors.map((c) => c.color)).size).toBe(rs.dice.colors.length);
    for (const d of [...rs.dice.roles, ...rs.dice.colors]) {
      expect(d.label.trim().length).toBeGreaterThan(1);
      expect(d.words).toMatch(/^[A-Z0-9"“].*\.$/);
    }
  });

  it("declares every role and colour of the corpus's plans", () => {
    const used = corpusDice(id);
    expect([...used.roles].filter((r) => !declared.has(r))).toEqual([]);
    expect([...used.colors].filter((c) => !rs.dice.colors.some((d) => d.color === c))).toEqual([]);
  });

  it("declares every role its source writes in a plan entry, and none it never names", () => {
    const written = [...source.matchAll(/\bentry\(\s*"([\w-]+)"/g)].map((m) => m[1] as string);
    expect(written.filter((r) => !declared.has(r))).toEqual([]);
    expect([...declared].filter((r) => !source.includes(`"${r}"`))).toEqual([]);
    // a coloured entry is written on one line: entry("rof", "d6", 1, "ROF die…", "black")
    const colours = [...source.matchAll(/\bentry\("[\w-]+", "\w+", [^\n]*, "(\w+)"\)+,?$/gm)].map((m) => m[1]);
    expect(new Set(colours)).toEqual(new Set(rs.dice.colors.map((d) => d.color)));
  });
});
