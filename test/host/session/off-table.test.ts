/**
 * Bad input, issue 37: a ship seen off the table (a camera's lost reference, a typo in a move) is refused naming her —
 * a notice says where she was seen — and nothing kept changes: her last position on the table stands.
 */
import { describe, expect, it } from "vitest";
import type { Reading } from "../../../devices/readings.ts";
import { demoDice, demoPad, demoSetup, openSession } from "../helpers.ts";

const seen = (ship: string, x: number, y: number): Reading => ({
  type: "ship.seen",
  sourceId: "table",
  ship,
  x,
  y,
  heading: 0,
  uncertainty: 0,
  at: 0,
});

describe("a sighting off the table", () => {
  it("is not kept, and the notice names the ship and where she was seen", () => {
    const setup = demoSetup("sole-bay-1672");
    const area = setup.table ?? { width: 0, height: 0 };
    expect(area.width).toBeGreaterThan(0);
    const { session } = openSession(setup, undefined, [], [...demoDice, demoPad]);
    const ship = (setup.start.ships as Array<{ id: string; name: string }>)[0] as { id: string; name: string };
    session.send({ type: "reading", reading: seen(ship.id, 300, 400) });
    session.send({ type: "reading", reading: seen(ship.id, area.width + 500, 400) });
    expect(session.work.positions?.[ship.id]).toMatchObject({ x: 300, y: 400 });
    expect(session.notices.at(-1)?.text).toBe(
      `${ship.name} was seen at (${area.width + 500}, 400) mm, off the ${area.width} × ${area.height} mm table: that position is not kept.`,
    );
  });
});
