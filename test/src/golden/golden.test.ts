/**
 * Issue 25's golden comparison: the rules give the same answers as on main at 6e2286b (before outcomes gained schemas,
 * figures gained types and actions one dialect) for every request of the test corpus — catalogue shape, dice plans,
 * odds and resolutions with fixed dice (see answers.ts for what is compared and what, being words, is not).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Answer, catalogues, corpusAnswers } from "./answers.ts";

const golden = JSON.parse(readFileSync(new URL("./answers.json", import.meta.url), "utf8")) as {
  catalogues: Record<string, unknown>;
  answers: Answer[];
};

describe("the rules' answers are those recorded (test/src/golden/answers.json)", () => {
  it("each rule set's actions have the same types, fields, bounds and values", () => {
    expect(catalogues()).toEqual(golden.catalogues);
  });

  it("every corpus request has the same plan, odds and resolutions", () => {
    const now = corpusAnswers();
    expect(now.map((a) => a.request)).toEqual(golden.answers.map((a) => a.request));
    for (const [i, a] of now.entries()) expect(a, a.request).toEqual(golden.answers[i]);
  }, 60_000);
});
