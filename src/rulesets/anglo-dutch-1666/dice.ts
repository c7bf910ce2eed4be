/** 1666's dice in words (src/dice/roles.ts): the roles of its plans; the text tells no dice apart by colour. */
import { type DiceDef, role } from "../../dice/roles.ts";

export const DICE: DiceDef = {
  roles: [
    role("fire", "Fire", "A ship firing at another, and a fire aboard."),
    role("initiative", "Initiative", "Each squadron's die for the initiative."),
    role("wind", "Wind check", "Checking the wind: a double changes its direction."),
    role("strength", "Wind strength", "1–3 the wind decreases, 4–6 it strengthens."),
    role("displacement", "Deployment: distance", "First die of a ship's deployment: how far she is displaced."),
    role("direction", "Direction", "Which way a displaced ship goes: 1 downwind, 2–6 round clockwise."),
    role("critical", "Critical hit", "Two average dice for a critical hit check."),
    role("turns", "Gun deck swept", "How many turns a swept gun deck stays swept."),
    role("helm", "Helm hit", "Helm damage aboard."),
    role("survival", "Survival", "A d8: a ship must beat her steps lost to stay afloat."),
    role("attacker", "Boarding: attacker", "The boarding ship's dice: closing, and her boarders."),
    role("defender", "Boarding: defender", "The boarded ship's dice: avoiding, and her boarders."),
    role("placement", "Port or starboard", "Odd: the attacker to port of the defender; even: to starboard."),
    role("separate", "Separation of a collision", "Collided ships separate on 4+."),
    role("ship", "Getting clear", "A grappled ship's die to get clear."),
    role("other", "Holding on", "The other ship's die to hold on."),
  ],
  colors: [],
};
