/**
 * Every action's outcome is declared (src/game/outcome.ts): over the odds corpus (bench/odds-corpus.ts), every
 * outcome an action can give matches its outcome schema, every field of it says how it reads, and its typed facts
 * are in words (no key, no id with a hyphen, no `undefined`, `NaN` or `[object`).
 */
import type { TObject, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { oddsOf } from "../../../src/game/engine.ts";
import { annotationOf } from "../../../src/game/outcome.ts";
import type { OutcomeFact } from "../../../src/game/outcome-facts.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

const texts = (f: OutcomeFact): string[] => {
  const v = f.value;
  if (f.kind === "rows") return [f.label, ...f.value.flatMap((r) => [r.label, ...r.facts.flatMap(texts)])];
  if (f.kind === "entry") return [f.label, f.value.entry, f.value.meaning];
  if (f.kind === "entries") return [f.label, ...f.value.flatMap((e) => [e.entry, e.meaning])];
  if (f.kind === "change") return [f.label, f.value.before, f.value.after];
  if (f.kind === "list") return [f.label, ...f.value];
  return [f.label, String(v)];
};
const BAD = /undefined|NaN|\[object|hit\(s\)/;

describe.each(RULE_SETS)("$id: every action's outcome declared", (rs) => {
  const corpus = corpusFor(rs, 3, 30, 11);
  const schemas = rs.outcomeSchemas ?? {};

  it("has an outcome schema for every action, every field with its reading", () => {
    expect(rs.actions.map((a) => a.type).filter((t) => !schemas[t])).toEqual([]);
    const bare = Object.entries(schemas).flatMap(([type, s]) =>
      Object.entries((s as TObject).properties)
        .filter(([, p]) => !annotationOf(p as TSchema))
        .map(([k]) => `${type}.${k}`),
    );
    expect(bare).toEqual([]);
  });

  it("every outcome of the corpus matches its schema, and its facts are words", () => {
    const ids = new Set(corpus.flatMap((r) => r.state.ships.map((s) => s.id)).filter((id) => id.includes("-")));
    const wrong: string[] = [];
    for (const r of corpus) {
      const odds = oddsOf(rs, r.state, r.action);
      if (!odds.ok) continue;
      const schema = schemas[r.type];
      if (!schema) continue;
      for (const { outcome } of odds.value.odds.outcomes) {
        if ("error" in outcome) continue;
        if (!Value.Check(schema, outcome)) {
          const first = [...Value.Errors(schema, outcome)][0];
          wrong.push(`${r.type} ${first?.path} ${first?.message}: ${JSON.stringify(outcome).slice(0, 200)}`);
          continue;
        }
        for (const t of rs.facts(r.state, r.action, outcome).flatMap(texts)) {
          if (BAD.test(t) || ids.has(t) || /^[a-z]+(-[a-z]+)+$/.test(t) || /^[a-z]+[A-Z]/.test(t))
            wrong.push(`${r.type}: "${t}" in ${JSON.stringify(outcome).slice(0, 160)}`);
        }
      }
    }
    expect([...new Set(wrong)].slice(0, 20)).toEqual([]);
  });
});
