/**
 * Quickfire's dice in words (src/dice/roles.ts): "roll one black die for the ROF and two white dice for the gunnery"
 * — the text's two colours, and the roles of its plans.
 */
import { color, type DiceDef, role } from "../../dice/roles.ts";

export const DICE: DiceDef = {
  roles: [
    role("rof", "ROF die", "The black die of a gunnery roll: fires on its ROF rating or less."),
    role("gunnery", "Gunnery dice", "The two white dice of a gunnery roll: hit on the chart's number or less."),
    role("torpedo", "Torpedo check", "Three dice per torpedo check: the hit number or less hits."),
    role("damage", "Damage", "The Damage table's roll: blast, explosion or a torpedo's damage."),
    role("direction", "Direction hit", "Where a ship may turn uncontrollably next turn."),
    role("fire", "Fire", "The Fire line of the Damage table."),
    role("repair", "Repair", "A repair roll."),
    role("sinking", "Sinking", "A sinking roll."),
    role("first", "Move order: first side", "The first side's move-order die."),
    role("second", "Move order: second side", "The second side's move-order die."),
  ],
  colors: [color("black", "Black", "The ROF die of a gunnery roll."), color("white", "White", "The two gunnery dice.")],
};
