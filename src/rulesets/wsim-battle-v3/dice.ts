/**
 * WS&IM's dice in words (src/dice/roles.ts): fire rolls "a normal and a red one" (wsim-battle-rules-v3.txt), so
 * its two colours, and the roles of its plans.
 */
import { color, type DiceDef, role } from "../../dice/roles.ts";

export const DICE: DiceDef = {
  roles: [
    role("fire", "Fire", "The normal die of a fire roll, read on the Fire Table."),
    role("critical", "Critical hit", "The red die of a fire roll (a critical when it matches), and the Critical Hit table."),
    role("broadside", "Broadside reduced", "Odd: the left broadside; even: the right."),
    role("casualty", "Leader casualty", "Two dice: a leader is hit on 12+ with the range modifier."),
    role("melee", "Melee", "The melee roll of a ship's side."),
    role("melee-enemy", "Melee: enemy", "The melee roll of the enemy's side."),
    role("wind", "Wind", "Two dice at the end of the turn: does the wind change."),
  ],
  colors: [
    color("normal", "Normal", "Any die that is not red: the Fire Table die."),
    color("red", "Red", "The critical die rolled with it."),
  ],
};
