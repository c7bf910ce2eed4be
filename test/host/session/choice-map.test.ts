/**
 * A choice the rules ask about the table, on the map (issue 29 item 5): Sole Bay's "all ships within 1D6 inches" of an
 * explosion draws the rolled radius round the exploding ship and marks the ships its positions put inside; a choice
 * with no position of its centre, or not about the table, draws nothing.
 */
import { describe, expect, it } from "vitest";
import { choiceMapView } from "../../../host/session/measure-view.ts";
import type { FollowUp } from "../../../src/game/types.ts";
import { soleBay1672 } from "../../../src/rulesets/sole-bay-1672/index.ts";
import { ship } from "../../src/rulesets/sole-bay-1672/fixtures.ts";

const IN = 25.4;
const parsed = soleBay1672.parseState({
  ships: [ship("a", "english"), ship("in", "dutch"), ship("out", "english"), ship("far", "dutch")],
  game: { removed: ["a"] },
});
if (!parsed.ok) throw new Error(parsed.error.message);
const state = parsed.value;
const seen = (x: number, y: number) => ({ x, y, heading: 0, uncertainty: 0, at: 0, source: "table" });
const positions = {
  a: seen(500, 500),
  in: seen(525 + 2.95 * IN, 500),
  out: seen(475 - 3.05 * IN, 500),
  far: seen(500, 1000),
};
const explosion = (radius: number): FollowUp => ({
  kind: "choose",
  purpose: `Which ships are within ${radius}" of A?`,
  action: { type: "explosion-hits", ship: "a", radius, ships: [] },
  choice: { field: "ships", options: ["in", "out", "far"].map((id) => ({ value: id, label: id })), min: 0, max: 3 },
});

describe("a choice about the table on the map", () => {
  it("an explosion's ships within its rolled radius, and the radius as a ring round the exploding ship", () => {
    const m = choiceMapView(soleBay1672, state, explosion(3), { positions, now: 0 });
    expect(m).toMatchObject({ centre: "a", within: ["in"], rings: [{ label: "3″", radius: 3 * IN }] });
    expect(m?.figure).toMatch(/1 ship within 3″/);
    expect(choiceMapView(soleBay1672, state, explosion(6), { positions, now: 0 })?.within.sort()).toEqual(["in", "out"]);
  });

  it("nothing without the exploding ship's position, and nothing for a choice not about the table", () => {
    const { a: _gone, ...rest } = positions;
    expect(choiceMapView(soleBay1672, state, explosion(3), { positions: rest, now: 0 })).toBeNull();
    expect(choiceMapView(soleBay1672, state, undefined, { positions, now: 0 })).toBeNull();
  });
});
