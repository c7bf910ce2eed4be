/**
 * docs/reference/request-result.md "Fields every rule set's ship has: `id` (unique), `name`, `side`": a roster line without a name is
 * named by its id, the same in every rule set (age-of-sail and wsim-battle-v3 required it before).
 */
import { describe, expect, it } from "vitest";
import type { RuleSet } from "../../../src/game/types.ts";
import { ageOfSail } from "../../../src/rulesets/age-of-sail/index.ts";
import { ANTELOPE } from "../../../src/rulesets/anglo-dutch-1666/cards.ts";
import { angloDutch1666 } from "../../../src/rulesets/anglo-dutch-1666/index.ts";
import { MIKASA } from "../../../src/rulesets/quickfire/examples/index.ts";
import { quickfire } from "../../../src/rulesets/quickfire/index.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";
import { wsimBattleV3 } from "../../../src/rulesets/wsim-battle-v3/index.ts";
import { hermione } from "./wsim-battle-v3/fixtures.ts";

const without = (ship: Record<string, unknown>) =>
  Object.fromEntries(Object.entries({ ...ship, id: "hms-x" }).filter(([k]) => k !== "name"));

const cases: Array<[RuleSet, Record<string, unknown>]> = [
  [ageOfSail as RuleSet, { id: "hms-x", side: "GB", class: "frigate" }],
  [quickfire as RuleSet, without(MIKASA.ship as Record<string, unknown>)],
  [angloDutch1666 as RuleSet, without(ANTELOPE as Record<string, unknown>)],
  [soleBay1672 as RuleSet, { id: "hms-x", side: "English", rating: 3, speed: "medium", hull: "average" }],
  [wsimBattleV3 as RuleSet, without(hermione())],
];

describe("a ship's name defaults to its id", () => {
  for (const [rs, ship] of cases) {
    it(rs.id, () => {
      const state = rs.parseState({ ships: [ship] });
      if (!state.ok) throw new Error(`${state.error.path}: ${state.error.message}`);
      expect(state.value.ships[0]?.name).toBe("hms-x");
      const named = rs.parseState({ ships: [{ ...ship, name: "HMS X" }] });
      expect(named.ok && named.value.ships[0]?.name).toBe("HMS X");
    });
  }
});
