/** anglo-dutch-1666: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "anglo-dutch-1666",
  firer: "royal-charles",
  target: "zeven-provincien",
  fire: "fire",
  // the demo's table is the text's hex cloth: the range is counted in hexes
  refused: /^Zeven Provinciën is \d+ hexes away, beyond long range\.$/,
});
