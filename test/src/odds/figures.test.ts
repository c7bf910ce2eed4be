/**
 * Odds summaries as typed figures (src/odds/figures.ts): each entry keeps its value for the odds answer and gives its
 * figures with their labels, maps of chances one figure per entry; over the odds corpus of all five rule sets every
 * figure reads in words, probabilities lie in 0–1 and counts are whole. (A figure without a label does not compile.)
 */
import { describe, expect, it } from "vitest";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { oddsOfEntries } from "../../../src/game/action-handler.ts";
import { anyChance, chanceOfEach, expectedOf, flagChance } from "../../../src/game/action-kit.ts";
import { oddsOf } from "../../../src/game/engine.ts";
import { Dist } from "../../../src/odds/distribution.ts";
import { chance, chances, count, detail, mean, summaryFigures, summaryValues } from "../../../src/odds/figures.ts";
import { flagHeadline } from "../../../src/odds/headline.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

describe("summary figures", () => {
  const summary = {
    dice: count("Dice rolled", 12, "dice"),
    band: detail("long"),
    hits: detail({ 0: 0.5, 1: 0.5 }),
    expectedHits: mean("Hits to expect", 0.667, "hits"),
    pWins: chances({ allied: 0.4, dutch: 0.6 }, (side) => `${side === "allied" ? "Allied" : "Dutch"} has initiative`),
    pDraw: chance("Draw (re-roll)", 0),
  };

  it("keeps each key's value for the odds answer, in the summary's order", () => {
    expect(summaryValues(summary)).toEqual({
      dice: 12,
      band: "long",
      hits: { 0: 0.5, 1: 0.5 },
      expectedHits: 0.667,
      pWins: { allied: 0.4, dutch: 0.6 },
      pDraw: 0,
    });
    expect(Object.keys(summaryValues(summary))).toEqual(Object.keys(summary));
  });

  it("gives the figures in the summary's order, a map of chances one per entry, detail none, units where given", () => {
    expect(summaryFigures(summary)).toEqual([
      { label: "Dice rolled", kind: "count", value: 12, unit: "dice" },
      { label: "Hits to expect", kind: "mean", value: 0.667, unit: "hits" },
      { label: "Allied has initiative", kind: "probability", value: 0.4 },
      { label: "Dutch has initiative", kind: "probability", value: 0.6 },
      { label: "Draw (re-roll)", kind: "probability", value: 0 },
    ]);
  });

  it("odds carry the summary's values and its figures", () => {
    const odds = oddsOfEntries([{ value: { hits: 1 }, p: 1 }], { pHit: chance("A hit", 1) });
    expect(odds).toEqual({
      outcomes: [{ outcome: { hits: 1 }, p: 1 }],
      summary: { pHit: 1 },
      figures: [{ label: "A hit", kind: "probability", value: 1 }],
    });
  });

  it("reads a field of the outcome by its name: a flag, a number above zero, a number's expectation, each word", () => {
    const dist = Dist.from([
      { value: { hits: 0, grappled: false, fate: "survives" }, p: 0.5 },
      { value: { hits: 2, grappled: true, fate: "killed" }, p: 0.25 },
      { value: { hits: 3, grappled: true, fate: "survives" }, p: 0.25 },
    ]);
    expect(flagChance("Grappled", dist, "grappled")).toEqual(chance("Grappled", 0.5));
    expect(anyChance("At least one hit", dist, "hits")).toEqual(chance("At least one hit", 0.5));
    expect(expectedOf("Hits to expect", dist, "hits", "hits")).toEqual(mean("Hits to expect", 1.25, "hits"));
    expect(chanceOfEach({ killed: "Killed", survives: "Survives" }, dist, "fate")).toEqual({
      killed: chance("Killed", 0.25),
      survives: chance("Survives", 0.75),
    });
    const listed = dist.entries.map((e) => ({ outcome: e.value, p: e.p }));
    expect(flagHeadline("Brielle grapples Gouda", { outcomes: listed }, "grappled", "Grappled", "Fails").bars).toEqual([
      { label: "Grappled", p: 0.5 },
      { label: "Fails", p: 0.5 },
    ]);
  });

  describe.each(RULE_SETS.map((rs) => [rs.id, rs] as const))("%s over the odds corpus", (_id, rs) => {
    // the corpus of the odds tests (test/src/odds/corpus-odds.test.ts): a request for every action type
    const corpus = corpusFor(rs, 6, 60, 11);
    it("every figure reads in words; probabilities lie in 0–1, counts are whole", () => {
      expect(rs.actions.map((a) => a.type).filter((t) => !corpus.some((r) => r.type === t))).toEqual([]);
      for (const r of corpus) {
        const o = oddsOf(rs, r.state, r.action);
        if (!o.ok) continue;
        for (const f of o.value.odds.figures) {
          if (f.kind === "probability") expect(f.value, `${r.type} ${f.label}`).toBeGreaterThanOrEqual(0);
          if (f.kind === "probability") expect(f.value, `${r.type} ${f.label}`).toBeLessThanOrEqual(1 + 1e-9);
          if (f.kind === "count") expect(Number.isInteger(f.value), `${r.type} ${f.label}`).toBe(true);
          expect(f.label, `${r.type}: a label in words`).toMatch(/[A-Za-z]/);
          expect(f.label, `${r.type}: no missing name`).not.toMatch(/undefined|NaN|\[object/);
          // the corpus names sides at random: an empty name is a label of its own ("A squadron moves first")
          expect(f.label.trim(), `${r.type}: a label in words`).not.toMatch(/^(moves first|decides|is destroyed|has initiative)$/);
        }
      }
    });
  });
});
