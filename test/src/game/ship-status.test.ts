/** Every rule set states a severity for each status word of every ship view (the pages never guess from words). */
import { describe, expect, it } from "vitest";
import { corpusFor } from "../../../bench/odds-corpus.ts";
import { SEVERITIES } from "../../../src/game/ship-status.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

describe("ship status words and their severities", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: one severity per status word, from the known scale; out-of-the-fight words are 'out'`, () => {
      for (const r of corpusFor(rs, 1, 30, 3)) {
        for (const v of rs.shipViews(r.state)) {
          expect(v.severity, `${rs.id} ${v.id} ${JSON.stringify(v.status)}`).toHaveLength(v.status.length);
          for (const s of v.severity) expect(SEVERITIES).toContain(s);
          v.status.forEach((w, i) => {
            if (/^(sunk|captured|exploded|destroyed)$/.test(w)) expect(v.severity[i]).toBe("out");
          });
        }
      }
    });
  }
});
