/**
 * Odds summaries as typed figures (src/odds/figures.ts): the look-up of a key's term, maps of numbers as one figure
 * per entry with names for ids, and — over the odds corpus of all five rule sets — every number a summary gives has
 * its term, and every probability is one.
 */
import { describe, expect, it } from "vitest";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { oddsOf } from "../../../src/game/engine.ts";
import { figureEntries, type SummaryTerms, summaryFigures, termOf } from "../../../src/odds/figures.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

const terms: SummaryTerms = {
  expectedHits: { label: "Expected hits", kind: "mean" },
  dice: { label: "Dice", kind: "count" },
  pWins: { label: "{key} has initiative", kind: "probability" },
  "helm.port": { label: "Turns to port", kind: "probability" },
  port: { label: "Boarders go to port", kind: "probability" },
  hits: null,
  "direction.*": { label: "Turns {key}", kind: "probability" },
  movesFirst: { label: "{key} moves first", kind: "probability", blank: "A squadron moves first" },
};

describe("summary figures", () => {
  it("looks a key up for its action type first, then on its own, then the action type's wildcard; null is known and left out", () => {
    expect(termOf(terms, "helm", "port")?.label).toBe("Turns to port");
    expect(termOf(terms, "placement", "port")?.label).toBe("Boarders go to port");
    expect(termOf(terms, "direction", "45° right")?.label).toBe("Turns {key}");
    expect(termOf(terms, "fire", "hits")).toBeNull();
    expect(termOf(terms, "fire", "band")).toBeUndefined();
  });

  it("types numbers and maps of numbers in the summary's order, ids given as names; other entries are not figures", () => {
    const summary = { dice: 12, band: "long", hits: { 0: 0.5, 1: 0.5 }, expectedHits: 0.667, pWins: { allied: 0.4, dutch: 0.6 } };
    const names: Record<string, string> = { allied: "Allied", dutch: "Dutch" };
    expect(summaryFigures(summary, "broadside", terms, (id) => names[id] ?? id)).toEqual([
      { label: "Dice", kind: "count", value: 12 },
      { label: "Expected hits", kind: "mean", value: 0.667 },
      { label: "Allied has initiative", kind: "probability", value: 0.4 },
      { label: "Dutch has initiative", kind: "probability", value: 0.6 },
    ]);
    expect(summaryFigures({ "45° right": 0.25, "45° left": 0.75 }, "direction", terms).map((f) => f.label)).toEqual([
      "Turns 45° right",
      "Turns 45° left",
    ]);
    expect(summaryFigures({ movesFirst: { "": 0.5, Blue: 0.5 } }, "initiative", terms).map((f) => f.label)).toEqual([
      "A squadron moves first",
      "Blue moves first",
    ]);
  });

  describe.each(RULE_SETS.map((rs) => [rs.id, rs] as const))("%s over the odds corpus", (_id, rs) => {
    // the corpus of the odds tests (test/src/odds/corpus-odds.test.ts): a request for every action type
    const corpus = corpusFor(rs, 6, 60, 11);
    it("every number its odds summaries give has a term; probabilities lie in 0–1, counts are whole", () => {
      expect(rs.actions.map((a) => a.type).filter((t) => !corpus.some((r) => r.type === t))).toEqual([]);
      const untermed = new Set<string>();
      for (const r of corpus) {
        const o = oddsOf(rs, r.state, r.action);
        if (!o.ok) continue;
        const { summary } = o.value.odds;
        for (const [key] of figureEntries(summary))
          if (termOf(rs.summaryTerms ?? {}, r.type, key) === undefined) untermed.add(`${r.type}.${key}`);
        for (const f of summaryFigures(summary, r.type, rs.summaryTerms ?? {})) {
          if (f.kind === "probability") expect(f.value, `${r.type} ${f.label}`).toBeGreaterThanOrEqual(0);
          if (f.kind === "probability") expect(f.value, `${r.type} ${f.label}`).toBeLessThanOrEqual(1 + 1e-9);
          if (f.kind === "count") expect(Number.isInteger(f.value), `${r.type} ${f.label}`).toBe(true);
          expect(f.label, `${r.type}: no placeholder left`).not.toContain("{key}");
          // the corpus names sides at random: an empty name is a label of its own ("A squadron moves first")
          expect(f.label.trim(), `${r.type}: a label in words`).not.toMatch(/^(moves first|decides|is destroyed|has initiative)$/);
        }
      }
      expect([...untermed].sort()).toEqual([]);
    });
  });
});
