/**
 * Issue 37 item 6: each action declares its map caption and line of fire (`map` on its measures), measured in the rules
 * core, so the host reads no field of it. Sole Bay's line runs "at 90° to port or starboard"; the others firer to target.
 */
import { describe, expect, it } from "vitest";
import { measureAction } from "../../../src/game/measure.ts";
import { parseTable } from "../../../src/game/table-positions.ts";
import type { RuleSet, TableState } from "../../../src/game/types.ts";
import { RULE_SETS, sampleShip } from "../rulesets/ship-samples.ts";

const FIRING: Readonly<Record<string, { type: string; caption: RegExp; extra?: object }>> = {
  "sole-bay-1672": { type: "broadside", caption: /^\d+(\.\d+)?″ base to base$/ },
  quickfire: { type: "gunnery", caption: /^\d+(\.\d+)?( mm|″) centre to centre$/ },
  "anglo-dutch-1666": { type: "fire", caption: /″ base to base \(2″ a hex\)$/ },
  "wsim-battle-v3": { type: "fire", caption: /^\d+ hex(es)?, nearest hex to nearest hex$/, extra: { hexGrid: { size: 25.4 } } },
  "age-of-sail": { type: "fire", caption: /^\d+(\.\d+)? cm base to base$/ },
};

describe("each firing action's map: its caption and its line of fire", () => {
  for (const rs of RULE_SETS as readonly RuleSet<TableState>[]) {
    const f = FIRING[rs.id];
    if (!f) continue;
    it(`${rs.id} ${f.type}`, () => {
      const state = rs.parseState({ ships: [sampleShip(rs, "a", false), sampleShip(rs, "b", true)] });
      if (!state.ok) throw new Error(state.error.message);
      // the target 3″ abeam to starboard, 10 mm ahead of the firer's beam
      const table = parseTable({ ships: { a: { x: 500, y: 500, heading: 0 }, b: { x: 500 + 76.2, y: 510, heading: 0 } }, ...f.extra });
      if (!table.ok) throw new Error(table.error.message);
      const m = measureAction(rs, state.value, { type: f.type, firer: "a", target: "b" }, table.value);
      expect(m.caption).toMatch(f.caption);
      expect(m.line?.from).toEqual({ x: 500, y: 500 });
      // Sole Bay's line runs along the beam (y stays 500); the others' to the target's centre
      expect(m.line?.to).toEqual(rs.id === "sole-bay-1672" ? { x: 576.2, y: 500 } : { x: 576.2, y: 510 });
    });
  }
});
