/**
 * Two ships of opposite sides for each rule set, as a roster gives them (for the tests that measure from positions
 * across every rule set: the base each ship keeps, the band and arc edges).
 */
import type { RuleSet } from "../../../src/game/types.ts";
import { ANTELOPE, PELICAN } from "../../../src/rulesets/anglo-dutch-1666/cards.ts";
import { RULE_SETS } from "../../../src/rulesets/index.ts";
import { BORODINO, MIKASA } from "../../../src/rulesets/quickfire/examples/index.ts";
import { ship as soleBayShip } from "./sole-bay-1672/fixtures.ts";
import { bucentaure, victory } from "./wsim-battle-v3/fixtures.ts";

type ShipJson = Record<string, unknown>;

const SAMPLES: Readonly<Record<string, (id: string, enemy: boolean, over?: ShipJson) => ShipJson>> = {
  "sole-bay-1672": (id, enemy, over = {}) => soleBayShip(id, enemy ? "dutch" : "english", over),
  quickfire: (id, enemy, over = {}) => ({ ...(enemy ? BORODINO.ship : MIKASA.ship), id, name: id, ...over }),
  "anglo-dutch-1666": (id, enemy, over = {}) => ({
    ...(enemy ? { ...PELICAN, side: "dutch", nation: "dutch" } : ANTELOPE),
    id,
    name: id,
    ...over,
  }),
  "wsim-battle-v3": (id, enemy, over = {}) => (enemy ? bucentaure({ id, name: id, ...over }) : victory({ id, name: id, ...over })),
  "age-of-sail": (id, enemy, over = {}) => ({ id, name: id, side: enemy ? "FR" : "GB", class: "ship-of-the-line", ...over }),
};

/** A ship of the rule set's roster: `enemy` puts her on the other side. */
export function sampleShip(rs: RuleSet, id: string, enemy: boolean, over: ShipJson = {}): ShipJson {
  const make = SAMPLES[rs.id];
  if (!make) throw new Error(`no sample ships for ${rs.id}`);
  return make(id, enemy, over);
}

export { RULE_SETS };
