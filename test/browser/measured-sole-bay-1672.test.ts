/** sole-bay-1672: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "sole-bay-1672",
  firer: "royal-james",
  target: "gouda",
  fire: "broadside",
  refused: /^Gouda is [\d.]+″ from Royal James, base to base; broadsides reach 12″ at most/,
});
