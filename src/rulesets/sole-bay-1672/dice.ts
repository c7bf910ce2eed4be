/** Sole Bay's dice in words (src/dice/roles.ts): the roles of its plans; the text tells no dice apart by colour. */
import { type DiceDef, role } from "../../dice/roles.ts";

export const DICE: DiceDef = {
  roles: [
    role("attack", "Broadside", "A broadside's dice, one per gun factor after the modifiers."),
    role("initiative", "Initiative", "Each side's die for the initiative."),
    role("breakpoint", "Squadron breakpoint", "A squadron at its breakpoint: it breaks on a low roll."),
    role("windward", "Windward edge", "A ship with her stern to the windward edge drifts 1d3 + crew."),
    role("tacking", "Tacking", "A ship tacking: 4+ with her crew."),
    role("backing-sail", "Backing sail", "A ship backing her sails: 4+ with her crew."),
    role("collision", "Collision", "The moving ship's 1d6 + crew on the collision table."),
    role("collision-damage", "Collision damage", "Damage of a collision, by the moving ship's hull."),
    role("grapple", "Grappling", "An attempt to grapple: 1d6 + crew, 3+."),
    role("attacker", "Boarding: attacker", "The boarding ship's damage dice in a boarding round."),
    role("defender", "Boarding: defender", "The boarded ship's damage dice in a boarding round."),
    role("risk", "Risk to a Flag Officer", "Two dice for the Flag Officer aboard a ship that is hit."),
    role("explosion", "Explosion", "2d6: does a destroyed ship or a fired fireship explode."),
    role("radius", "Explosion radius", "The radius of an explosion in inches."),
    role("hits", "Explosion hits", "Hits on the ships within an explosion."),
    role("ensnare", "Fireship ensnares", "A fireship against her target: ensnared on 3+."),
    role("fire", "Fire damage", "1d3 damage of a fire aboard."),
    role("fire-fighting", "Fire fighting", "Fighting a fire aboard: 4+ with the crew."),
  ],
  colors: [],
};
