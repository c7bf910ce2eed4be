/**
 * The demo's table of models: each ship stands where it was placed until it is moved (`/api/sim/move`, or dragged on
 * the emulated map), and every placement or move is seen at once, exactly (uncertainty 0), through a real
 * {@link PositionFeed} — the same path a camera's sightings take.
 */

import type { PlacedShip } from "../../family.ts";
import { PositionFeed, seenProblem } from "../../positions/feed.ts";

export interface EmulatedTable {
  readonly feed: PositionFeed;
  readonly control: {
    /** Sets the models of a game on the table (the ships of another game are taken off), and reports them all. */
    place(ships: readonly PlacedShip[]): Promise<void>;
    /** Moves one model; refused (with why) for a ship not on the table or a bad position. */
    move(ship: string, x: number, y: number, heading: number): Promise<void>;
    /** The models where they stand now. */
    models(): readonly PlacedShip[];
  };
}

export function createEmulatedTable(id = "table"): EmulatedTable {
  const feed = new PositionFeed({ id, family: "emulated-table", emulated: true });
  let models = new Map<string, PlacedShip>();
  return {
    feed,
    control: {
      place: async (ships) => {
        ships.forEach((s, i) => {
          const problem = seenProblem(s);
          if (problem) throw new Error(`ships[${i}]: ${problem}`);
        });
        models = new Map(ships.map((s) => [s.ship, { ship: s.ship, x: s.x, y: s.y, heading: s.heading }]));
        feed.report([...models.values()]);
      },
      move: async (ship, x, y, heading) => {
        if (!models.has(ship)) throw new Error(`There is no model of "${ship}" on the table.`);
        const moved = { ship, x, y, heading };
        const problem = seenProblem(moved);
        if (problem) throw new Error(problem);
        models.set(ship, moved);
        feed.report([moved]);
      },
      models: () => [...models.values()],
    },
  };
}
