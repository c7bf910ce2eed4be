/**
 * Each action's outcome is its schema's type (docs/rules/writing-actions.md): `resolve`, `outcome`, `effects`,
 * `summary`, `headline` and `describe` read `Static` of the action's `outcomeSchema`, so no rule set casts an outcome
 * field (`o.hits as number`), coerces one (`String(o.total)`, `Number(o.hits)`), or holds an outcome as the erased `Readonly<Record<string, unknown>>`. Reads every source
 * of src/rulesets; a cast that creeps back names its file and line. (The type half is
 * test/src/game/outcome-types.test.ts, which `npm run check` compiles.)
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

/** The names an outcome goes by in the rule sets: `o`, `x` (a listed outcome), `out`, `outcome`, `r.value.outcome`. */
const OUTCOME = String.raw`(?:[A-Za-z_$][\w$.]*\.outcome|outcome|out|o|x)`;
/** `o.hits as number`, `(x.blast as string[] | undefined)`, `r.value.outcome.hits as number` (not `as const`). */
const CAST = new RegExp(String.raw`(?:^|[^\w$.])${OUTCOME}\??(?:\.[\w$]+|\[[^\]]+\])\)?\s+as\s+(?!const\b)`);
/** `String(o.total)`, `Number(o.hits ?? 0)`: a field coerced as if its type were unknown (a template says a number as it is). */
const COERCION = new RegExp(String.raw`\b(?:String|Number)\(\s*${OUTCOME}\??(?:\.[\w$]+|\[[^\]]+\])`);
/** An outcome typed as the erased record: `type Outcome = …`, `o: Readonly<Record<string, unknown>>`, the kernel's `Outcome`. */
const ERASED = new RegExp(
  String.raw`\btype Outcome\s*=|(?:^|[^\w$.])${OUTCOME}\??\s*:\s*(?:Readonly<)?Record<string, unknown>|import\b[^;]*\btype Outcome\b|\bDist<Outcome>|\bodds\s*:\s*Odds\b(?!<)`,
);

const offences = (file: string, pattern: RegExp): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

/** Rule sets whose outcomes are still to be typed through (each leaves this list as it lands): none. */
const NOT_YET: readonly string[] = [];

describe("no rule set casts or coerces an outcome field or erases an outcome's type", () => {
  const files = sources("src/rulesets").filter((f) => !NOT_YET.some((id) => f.includes(`/${id}/`)));
  it("has sources", () => expect(files.length).toBeGreaterThan(10));
  it("no cast of an outcome field in src/rulesets", () => {
    expect(files.flatMap((f) => offences(f, CAST))).toEqual([]);
  });
  it("no coercion of an outcome field in src/rulesets", () => {
    expect(files.flatMap((f) => offences(f, COERCION))).toEqual([]);
  });
  it("no outcome typed as Record<string, unknown> in src/rulesets", () => {
    expect(files.flatMap((f) => offences(f, ERASED))).toEqual([]);
  });
  it("the checks catch a cast or an erased outcome, and leave actions, states and `as const` alone", () => {
    for (const line of [
      "d.expected((o) => o.hits as number),",
      "const blast = (x: T) => ((x.blast as string[] | undefined) ?? []).length > 0;",
      "return [[r.ok ? ((r.value.outcome.hits as number) > 0 ? 'hit' : 'miss') : null]];",
      "const results = outcome.results as { target: string; hit: boolean }[];",
      "const d = o.damage as Record<string, number>;",
      'const v = o["hits"] as number;',
    ])
      expect(CAST.test(line), line).toBe(true);
    for (const line of [
      "type Outcome = Readonly<Record<string, unknown>>;",
      "export function describe(state: S, action: Action, o: Readonly<Record<string, unknown>>): string {",
      'import { chance, type Outcome, roll } from "../../game/action-kit.ts";',
      "summary: (dist: Dist<Outcome>, { state }: Ctx) => {",
      "export function fireHeadline(state: S, action: A, odds: Odds): Headline {",
    ])
      expect(ERASED.test(line), line).toBe(true);
    for (const line of [
      "const said = String(o.total);",
      "const n = Number(o.signalsDelivered ?? 0);",
      'plural(Number(o.hits), "hit")',
      "const text = String(r.value.outcome.text);",
    ])
      expect(COERCION.test(line), line).toBe(true);
    for (const line of [
      "const masts = action.masts as number[];",
      "const side = s.side as Side;",
      'return { waiting: "lossesEnemy" as const };',
      "d.expected((o) => o.hits),",
      '{ label: "Guns", value: String(s.guns) },',
      "const i = Number(sec.slice(-1)) - 1;",
      "export function fireHeadline(state: S, action: A, odds: Odds<{ readonly hits: number }>): Headline {",
      "export const shipEvent = (type: string, ship: Ship, extra: Record<string, unknown> = {}) => ({",
    ]) {
      expect(CAST.test(line), line).toBe(false);
      expect(ERASED.test(line), line).toBe(false);
      expect(COERCION.test(line), line).toBe(false);
    }
  });
});
