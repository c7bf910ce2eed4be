import { describe, expect, it } from "vitest";
import type { MeasureContext } from "../../../src/game/measure-context.ts";
import { nearbyBase } from "../../../src/game/moves/nearby-base.ts";
import { baseOf, type Pose } from "../../../src/geometry/base.ts";
import { distance, type Point } from "../../../src/geometry/vec.ts";

const SIZE = { width: 25, length: 60 };
/** Half a 25 × 60 base's diagonal: 32.5 mm. */
const HALF = Math.hypot(12.5, 30);

/** A table of ships on 25 × 60 bases, uncertainty 2 mm, and slack read as the two positions' uncertainties. */
function contextOf(ships: Record<string, Pose>): MeasureContext {
  const table = { ships, uncertainty: { mm: 2, degrees: 1 } };
  const base = (id: unknown) => (typeof id === "string" && ships[id] ? baseOf(ships[id], SIZE) : null);
  return {
    state: { ships: [], log: [] } as unknown as MeasureContext["state"],
    action: { type: "move" },
    table,
    base,
    slack: (ids) => ids.length * 2,
    swing: () => 0,
    given: () => false,
  };
}

const atOf = (pose: Pose) => ({ ship: "me", end: baseOf(pose, SIZE), path: [pose], size: SIZE });
const fromEnd = (end: Pose) => (p: Point) => distance(p, end);

describe("nearbyBase: the contact search's first cut", () => {
  const me = { x: 0, y: 0, heading: 0 };
  it("gives the other's base and the pair's slack when the bases may touch", () => {
    const ctx = contextOf({ me, her: { x: 2 * HALF, y: 0, heading: 0 } });
    const near = nearbyBase(ctx, atOf(me), { id: "her", size: SIZE }, 0, fromEnd(me));
    expect(near?.base.center).toEqual({ x: 2 * HALF, y: 0 });
    expect(near?.touch).toBe(4);
  });

  it("passes over a ship farther than both half diagonals, the reach and the slack", () => {
    const ctx = contextOf({ me, her: { x: 2 * HALF + 5, y: 0, heading: 0 } });
    expect(nearbyBase(ctx, atOf(me), { id: "her", size: SIZE }, 0, fromEnd(me))).toBeNull();
    // Sole Bay's half inch of boarding reach brings her in
    expect(nearbyBase(ctx, atOf(me), { id: "her", size: SIZE }, 12.7, fromEnd(me))).not.toBeNull();
  });

  it("passes over a ship with no position", () => {
    const ctx = contextOf({ me });
    expect(nearbyBase(ctx, atOf(me), { id: "her", size: SIZE }, 12.7, fromEnd(me))).toBeNull();
  });
});
