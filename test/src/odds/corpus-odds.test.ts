/**
 * Properties of `odds` for every action type of all five rule sets, over the odds corpus (bench/odds-corpus.ts:
 * random games from the bundled scenarios at up to four times their fleets, plus prepared starts for the action types
 * a random game rarely reaches, all generated with fast-check):
 * - odds agree with a brute-force enumeration of every roll through `resolve` wherever that is small enough;
 * - every resolved outcome (random dice, fast-check) has a non-zero probability in the odds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CorpusRequest, corpusFor } from "../../../bench/odds-corpus.ts";
import { splitDice } from "../../../src/dice/plan.ts";
import { oddsOf } from "../../../src/game/engine.ts";
import { canonicalKey } from "../../../src/odds/distribution.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { diceFor } from "../rulesets/rule-set-properties.ts";
import { type BruteLimits, bruteForceOdds, expectOddsMatch, listingOf, MULTISET_LIMIT, resolvedOutcome } from "./brute-force.ts";

const PER_TYPE = 6;
// The bench's walks (60) with fewer requests kept per type: every action type is reached.
const corpus = RULE_SETS.flatMap((rs) => corpusFor(rs, PER_TYPE, 60, 11));
const ruleSetOf = (r: CorpusRequest) => RULE_SETS.find((x) => x.id === r.ruleset) as (typeof RULE_SETS)[number];
const label = (r: CorpusRequest) => `${r.ruleset} ${r.type} ${JSON.stringify(r.action)}`;

describe("odds over the corpus, every action type of every rule set", () => {
  it("the corpus has a request for every action type", () => {
    const have = new Set(corpus.map((r) => `${r.ruleset} ${r.type}`));
    const missing = RULE_SETS.flatMap((rs) => rs.actions.map((a) => `${rs.id} ${a.type}`)).filter((k) => !have.has(k));
    expect(missing).toEqual([]);
  });

  it("odds agree with every roll resolved one by one (6^4 rolls at most; else every multiset, weighed, once per type)", () => {
    const checked = new Set<string>();
    const compare = (r: CorpusRequest, limits: BruteLimits): boolean => {
      const rs = ruleSetOf(r);
      const o = oddsOf(rs, r.state, r.action);
      if (!o.ok) throw new Error(`${label(r)}: ${o.error.code} ${o.error.message}`);
      const brute = bruteForceOdds(rs, r.state, r.action, o.value.plan, limits);
      if (!brute) return false;
      expectOddsMatch(o.value.odds, brute, label(r));
      checked.add(`${r.ruleset} ${r.type}`);
      return true;
    };
    // Every ordered roll wherever there are few enough; the multisets (dearer) only for a type not yet compared.
    for (const r of corpus) compare(r, {});
    for (const r of corpus) if (!checked.has(`${r.ruleset} ${r.type}`)) compare(r, { maxMultisets: MULTISET_LIMIT });
    const types = RULE_SETS.flatMap((rs) => rs.actions.map((a) => `${rs.id} ${a.type}`));
    expect(types.filter((k) => !checked.has(k))).toEqual([]);
  }, 120_000);

  it("every resolved outcome has a non-zero probability in the odds (random dice)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 32, maxLength: 32 }), (r, seeds) => {
        const rs = ruleSetOf(r);
        const o = oddsOf(rs, r.state, r.action);
        if (!o.ok) throw new Error(`${label(r)}: ${o.error.code}`);
        const dice = diceFor(o.value.plan, seeds);
        const groups = splitDice(o.value.plan, dice);
        if (!groups.ok) throw new Error(`${label(r)}: ${groups.error.message}`);
        // A roll the rules refuse counts as { error: code } in the odds.
        const outcome = resolvedOutcome(rs.resolve(r.state, r.action, groups.value));
        const key = canonicalKey(outcome);
        const listed = o.value.odds.outcomes[listingOf(o.value.odds).indexOf(key, outcome)];
        // A shortened list holds only the likeliest outcomes (its sum says how much is left off).
        if (!listed && o.value.odds.truncated) return;
        expect(listed?.p ?? 0, `${label(r)}: ${key}`).toBeGreaterThan(0);
      }),
      { numRuns: 1500 },
    );
  });
});
