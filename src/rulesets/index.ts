/**
 * Every rule set the core knows, by id. The host and CLI find rule sets only through here.
 */
import type { RuleSet } from "../game/types.ts";
import { ageOfSail } from "./age-of-sail/index.ts";
import { angloDutch1666 } from "./anglo-dutch-1666/index.ts";
import { quickfire } from "./quickfire/index.ts";
import { soleBay1672 } from "./sole-bay-1672/index.ts";
import { wsimBattleV3 } from "./wsim-battle-v3/index.ts";

/** The rule sets, in the order the CLI lists them. */
export const RULE_SETS: readonly RuleSet[] = [soleBay1672, quickfire, angloDutch1666, wsimBattleV3, ageOfSail] as RuleSet[];

/** A rule set by id, or undefined. */
export function ruleSet(id: string): RuleSet | undefined {
  return RULE_SETS.find((rs) => rs.id === id);
}
