/** anglo-dutch-1666: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "anglo-dutch-1666",
  firer: "royal-charles",
  target: "zeven-provincien",
  fire: "fire",
  refused: /^Zeven Provinciën is [\d.]+″ base to base .*beyond long range/,
});
