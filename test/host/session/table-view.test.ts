/**
 * Issue 37 item 1: the map draws each ship on the base the rules measure — her own `base`, else the rule set's
 * documented default (served as `defaultBase`), never a size no rule measures.
 */
import { describe, expect, it } from "vitest";
import { tableMapView } from "../../../host/session/table-view.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { sampleShip } from "../../src/rulesets/ship-samples.ts";

const at = { x: 300, y: 300, heading: 90, uncertainty: 0, at: 0, source: "table" };

describe("the map's bases are the rules' bases", () => {
  for (const rs of RULE_SETS)
    it(`${rs.id}: her own base, else ${JSON.stringify(rs.defaultBase)}`, () => {
      const parsed = rs.parseState({ ships: [sampleShip(rs, "a", false, { base: { width: 33, length: 99 } }), sampleShip(rs, "b", true)] });
      if (!parsed.ok) throw new Error(parsed.error.message);
      const map = tableMapView(parsed.value, { a: at, b: { ...at, x: 600 } }, undefined, 0, rs.defaultBase);
      expect(map?.ships.map((s) => [s.id, s.width, s.length])).toEqual([
        ["a", 33, 99],
        ["b", rs.defaultBase?.width, rs.defaultBase?.length],
      ]);
      expect(map?.defaultBase).toEqual(rs.defaultBase);
    });
});
