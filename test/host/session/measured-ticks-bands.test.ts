/**
 * Measured lists offered, when the options are a ship and a band (Age of Sail's "All ships within 12cm of this
 * explosion" asks each ship's distance band): the measured `{ship, rangeCm}` ticks the option of that ship whose band
 * holds the distance; a ship beyond 12 cm ticks nothing.
 */
import { describe, expect, it } from "vitest";
import { measuredTicks } from "../../../host/session/choice-ticks.ts";
import type { FollowUp } from "../../../src/game/types.ts";
import { demoSetup } from "../helpers.ts";

const setup = demoSetup("age-of-sail");
const rs = setup.ruleset;
const parsed = rs.parseState(setup.start);
if (!parsed.ok) throw new Error(parsed.error.message);
const state = parsed.value;
const BANDS = [
  [0, 4],
  [4, 8],
  [8, 12],
] as const;
const near = state.ships.filter((s) => s.id !== "victory");
const head: FollowUp = {
  kind: "choose",
  purpose: "Victory blew up: which ships are within 12 cm, and how far?",
  action: { type: "explosion-fire", from: "victory", ships: [] },
  choice: {
    field: "ships",
    options: near.flatMap((s) =>
      BANDS.map(([a, b]) => ({ value: { ship: s.id, rangeCm: (a + b) / 2 }, label: `${s.name}: ${a}–${b} cm` })),
    ),
    min: 0,
    max: near.length,
  },
};
const seen = (x: number) => ({ x, y: 600, heading: 0, uncertainty: 0, at: 0, source: "table" });

describe("a measured list of ships with their distance bands", () => {
  it("ticks the option whose band holds each ship's measured distance", () => {
    const [a, b, far] = near;
    if (!a || !b || !far) throw new Error("the scenario has too few ships");
    // bases 25 mm wide side by side: a 5 cm gap (4–8 cm band), a 10 cm gap (8–12 cm band), a 30 cm gap (none)
    const positions = { victory: seen(500), [a.id]: seen(525 + 50), [b.id]: seen(475 - 100), [far.id]: seen(525 + 300) };
    for (const s of state.ships) if (!(s.id in positions)) Object.assign(positions, { [s.id]: { ...seen(1700), y: 100 } });
    const ticks = measuredTicks(rs, state, head, { positions, now: 0 }) ?? [];
    const labels = ticks.map((i) => head.kind === "choose" && head.choice.options[i]?.label);
    expect(labels.sort()).toEqual([`${a.name}: 4–8 cm`, `${b.name}: 8–12 cm`].sort());
  });
});
