/** age-of-sail: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "age-of-sail",
  firer: "victory",
  target: "redoutable",
  fire: "fire",
  refused: /^Redoutable is [\d.]+ cm away, beyond the range table \(12 cm\)/,
});
