/** Age of Sail's dice in words (src/dice/roles.ts): the roles of its plans; the text tells no dice apart by colour. */
import { type DiceDef, role } from "../../dice/roles.ts";

export const DICE: DiceDef = {
  roles: [
    role("fire", "Broadside", "A die per gun deck firing."),
    role("sideA", "Who moves first: first side", "The first side's die for who moves first."),
    role("sideB", "Who moves first: second side", "The second side's die for who moves first."),
    role("direction", "Wind direction", "1 anticlockwise, 2–5 no change, 6 clockwise."),
    role("speed", "Wind speed", "1 down, 2–5 no change, 6 up."),
    role("attacker", "Boarding: attacker", "A die per remaining gun deck of the boarding ship."),
    role("defender", "Boarding: defender", "A die per remaining gun deck of the boarded ship."),
    role("separate", "Disentangle", "Ships disentangle on a 6."),
    role("catch-fire", "Catching fire", "A ship catches fire on the hull column's number or more."),
    role("fire-removal", "Fire removal", "Putting a fire out."),
    role("sinking", "Sinking in high seas", "1 or 2 and she sinks."),
    role("check", "Shoals, refloating, a mast", "One die: shoals or mudflats, refloating, repairing a mast."),
  ],
  colors: [],
};
