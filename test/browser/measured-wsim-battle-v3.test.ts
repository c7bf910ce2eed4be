/** wsim-battle-v3: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "wsim-battle-v3",
  firer: "victory",
  target: "redoutable",
  fire: "fire",
  refused: /reaches 6 hexes; \d+ is out of range — measured: \d+ hexes/,
});
