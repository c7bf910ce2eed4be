/**
 * Names the table keys objects by (ship ids, sides, squadrons) are checked against one safe pattern in every rule
 * set (issue 27): `__proto__`, `constructor`, `toString` and names with control characters are refused with a
 * sentence naming the field, so no name can reach a prototype's member (they gave 500 on every broadside).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { scenarioFile } from "../../../host/config/scenario.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";

/** The bundled scenario's ships, with their sides, as `parseState` takes them. */
function shipsOf(id: string): Record<string, unknown>[] {
  const sc = parse(readFileSync(scenarioFile(id), "utf8")) as { fleets: { side: string; ships: Record<string, unknown>[] }[] };
  return sc.fleets.flatMap((f) => f.ships.map(({ tag: _tag, ...s }) => ({ ...s, side: f.side })));
}

describe("safe names (issue 27)", () => {
  for (const rs of RULE_SETS) {
    it(`${rs.id}: refuses ship ids and sides a prototype has, or with control characters, and ids with a space; takes ordinary names`, () => {
      const ships = shipsOf(rs.id);
      expect(rs.parseState({ ships }).ok).toBe(true);
      for (const bad of ["__proto__", "constructor", "toString", "hasOwnProperty", "a\nb", " lead", "x".repeat(101)]) {
        for (const key of ["id", "side"]) {
          const patched = ships.map((s, i) => (i === 0 ? { ...s, [key]: bad } : s));
          const r = rs.parseState({ ships: patched });
          expect(r.ok, `${key} ${JSON.stringify(bad)}`).toBe(false);
          if (!r.ok) expect(r.error.message).toMatch(/not be a name JavaScript keeps for itself/);
        }
      }
      const fine = ships.map((s, i) => (i === 0 ? { ...s, id: "HMS-Royal-James-(2)", side: "Royal Navy" } : s));
      expect(rs.parseState({ ships: fine }).ok).toBe(true);
      // an id is one word (issue 26): a name has spaces, its id none
      const spaced = rs.parseState({ ships: ships.map((s, i) => (i === 0 ? { ...s, id: "Royal James" } : s)) });
      expect(!spaced.ok && spaced.error.message).toMatch(/has a space; an id is one word/);
    });
  }
});
