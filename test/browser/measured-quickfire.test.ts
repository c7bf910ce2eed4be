/** quickfire: what the table measured is what the rules play, from the table's devices (measured-play.ts says what is checked). */
import { describeMeasured } from "./measured-play.ts";

describeMeasured({
  scenario: "quickfire",
  firer: "mikasa",
  target: "knyaz-suvorov",
  fire: "gunnery",
  refused: /^Knyaz Suvorov is \d+ mm from Mikasa, funnel to funnel; long range ends at 1200 mm/,
});
