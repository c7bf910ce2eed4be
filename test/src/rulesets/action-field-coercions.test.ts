/**
 * One dialect (docs/rules/writing-actions.md): an action's fields have the types its schema gives them, so no rule
 * set coerces or casts one — no `Number(action.x)`, `String(a.x)`, `ctx.action.x as T`. Reads every source of
 * src/rulesets; a coercion that creeps back names its file and line.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The names an action goes by in the rule sets: `action`, `a` (`action: a`), `act`, `input`, and `ctx.action`. */
const ACTION = String.raw`(?:[A-Za-z_$][\w$.]*\.action|action|a|act|input)`;
/** `Number(action.range)`, `String(a.side)`, `Number(ctx.action["radius"])`, `String(action?.x)`. */
const COERCION = new RegExp(String.raw`\b(?:Number|String)\(\s*${ACTION}\s*(?:\?\.|\.|\[)`);
/** `action.masts as number[]`, `(ctx.action.targets as unknown[])`. */
const CAST = new RegExp(String.raw`(?:^|[^\w$.])${ACTION}\??\.[\w$]+\)?\s+as\s`);

const offences = (file: string, pattern: RegExp): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

describe("no rule set coerces or casts an action field", () => {
  const files = sources("src/rulesets");
  it("has sources", () => expect(files.length).toBeGreaterThan(50));
  it("no Number(…)/String(…) of an action field in src/rulesets", () => {
    expect(files.flatMap((f) => offences(f, COERCION))).toEqual([]);
  });
  it("no cast of an action field in src/rulesets", () => {
    expect(files.flatMap((f) => offences(f, CAST))).toEqual([]);
  });
  it("the checks catch a coercion or a cast, and leave outcomes, states and plain values alone", () => {
    for (const line of [
      "const n = Number(action.boxes);",
      "const [a, d] = [String(action.attacker), String(action.defender)];",
      "const side = String(a.side);",
      "const radius = Number(ctx.action.radius);",
      'const r = Number(action["radius"]);',
    ])
      expect(COERCION.test(line), line).toBe(true);
    for (const line of [
      "const ids = (ctx.action.targets as unknown[]);",
      "const masts = action.masts as number[];",
      "const x = (a.ships as string[] | undefined) ?? [];",
    ])
      expect(CAST.test(line), line).toBe(true);
    for (const line of [
      "const n = Number(o.hits);",
      "plural(Number(x.hits), 'hit')",
      "{ label: 'Guns', value: String(s.guns) }",
      "const d = Number(data.action);",
      "const side = action.side;",
    ]) {
      expect(COERCION.test(line), line).toBe(false);
      expect(CAST.test(line), line).toBe(false);
    }
  });
});
