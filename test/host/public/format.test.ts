import { describe, expect, it } from "vitest";
import { actionName, oddsLine, oddsView, pct, summaryFigures, words } from "../../../host/public/lib/format.js";

describe("the pages' view helpers", () => {
  it("writes keys as words and probabilities as percentages", () => {
    expect(words("levelsLost")).toBe("levels lost");
    expect(words("pDestroyed")).toBe("destroyed");
    expect(words("explosion-roll")).toBe("explosion roll");
    expect(pct(5 / 12)).toBe("42%");
    expect(pct(1 / 6)).toBe("17%");
    expect(pct(0.0123)).toBe("1.2%");
    expect(pct(0.0004)).toBe("<0.1%");
    // certain and impossible events in words (sums of exact fractions may miss 1 or 0 by rounding)
    expect(pct(0)).toBe("impossible");
    expect(pct(1)).toBe("certain");
    expect(pct(1 / 3 + 1 / 3 + 1 / 3 - 1e-15)).toBe("certain");
    expect(pct(1e-15)).toBe("impossible");
    expect(pct(0.9996)).toBe("99.96%");
    expect(pct(0.99999)).toBe("almost certain");
  });

  it("names an action by its rule set's title, never by its type", () => {
    const state = { ruleset: { actions: [{ type: "broadside-loss", title: "Broadside reduced" }] } };
    expect(actionName(state, "broadside-loss")).toBe("Broadside reduced");
    expect(actionName(state, "explosion-roll")).toBe("explosion roll");
  });

  it("draws the rule set's headline when the server sends one, in its order and words", () => {
    const odds = {
      summary: { pWins: { Allied: 0.4 } },
      headline: {
        title: "Hits on Gouda",
        bars: [
          { label: "0", p: 0.09 },
          { label: "1", p: 0.91 },
        ],
        facts: [{ label: "Gouda loses a condition", p: 0.31 }],
        mostLikely: "1 hit",
        standing: "likeliest",
      },
    };
    expect(oddsView(odds)).toEqual({
      title: "Hits on Gouda",
      bars: [
        { label: "0", p: 0.09 },
        { label: "1", p: 0.91 },
      ],
      facts: [{ label: "Gouda loses a condition", p: 0.31 }],
      mostLikely: "1 hit",
      lead: "Most likely",
    });
    expect(oddsLine(odds)).toBe("Hits on Gouda: 0 9% · 1 91% · Gouda loses a condition 31% · most likely: 1 hit");
    // a tie is even, a sure result certain
    const tie = {
      title: "Initiative",
      bars: [{ label: "Allied", p: 5 / 12 }],
      facts: [],
      mostLikely: "Allied has initiative or Dutch has initiative",
    };
    expect(oddsView({ headline: { ...tie, standing: "even" } })?.lead).toBe("Even");
    expect(oddsLine({ headline: { ...tie, standing: "even" } })).toBe(
      "Initiative: Allied 42% · even: Allied has initiative or Dutch has initiative",
    );
    expect(oddsView({ headline: { ...tie, standing: "certain" } })?.lead).toBe("Certain");
  });

  it("without a headline draws nothing: the page never guesses from the summary or the outcome list", () => {
    const outcomes = [{ outcome: { hits: 4, to: "x" }, p: 0.83 }];
    expect(oddsView({ outcomes, summary: { expectedHits: 0.667, pWins: { Allied: 0.4 } } })).toBeNull();
    expect(oddsLine({ outcomes, summary: { expectedHits: 0.667 } })).toBe("");
    expect(oddsView(null)).toBeNull();
  });

  it("shows the summary's figures as the rule set types them: a mean is never a percentage, a count is whole", () => {
    const summary = [
      { label: "Dice rolled", kind: "count", value: 2 },
      { label: "Hits to expect", kind: "mean", value: 0.6666666, unit: "hits" },
      { label: "The target loses a condition", kind: "probability", value: 0.31 },
    ];
    expect(summaryFigures({ summary })).toEqual([
      { label: "Dice rolled", kind: "count", text: "2" },
      { label: "Hits to expect", kind: "mean", text: "0.67 hits" },
    ]);
    expect(summaryFigures({ summary }, ["probability"])).toEqual([
      { label: "The target loses a condition", kind: "probability", text: "31%" },
    ]);
    // an untyped summary object (the CLI's) is not figures
    expect(summaryFigures({ summary: { expectedHits: 0.667 } })).toEqual([]);
  });
});

describe("status words", () => {
  it("are ranked by the severity the rule set states, never by their words", async () => {
    const { severityLevel, isGone } = await import("../../../host/public/lib/format.js");
    expect(["fine", "worn", "damaged", "danger", "out"].map(severityLevel)).toEqual([0, 1, 2, 3, 4]);
    expect(severityLevel(undefined as unknown as string)).toBe(0);
    expect(isGone({ severity: ["danger", "out"] })).toBe(true);
    expect(isGone({ severity: ["danger"] })).toBe(false);
  });
});
