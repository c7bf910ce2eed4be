/**
 * The demo's table of models holds the open game's fleet: each ship where it was last seen, else in its starting
 * formation, so a restart or a game opened again does not scatter the fleet. Only an emulated table has models to
 * place; on real hardware this does nothing.
 */
import type { Logger } from "pino";
import { DEFAULT_TABLE, startingFormation } from "./config/table-layout.ts";
import type { TableDevices } from "./devices.ts";
import type { GameOnTable } from "./game-on-table.ts";

/** Places the open game's ships on the emulated table, if there is one. */
export function placeFleet(devices: TableDevices, game: GameOnTable, logger: Logger): void {
  const place = devices.sim?.place;
  if (!place) return;
  const { session, setup } = game;
  const known = session.work.positions ?? {};
  const ships = session.state.ships.map((s) => ({ id: s.id, side: String(s.side) }));
  const models = startingFormation(ships, setup.table ?? DEFAULT_TABLE).map((m) => {
    const p = known[m.ship];
    return p ? { ship: m.ship, x: p.x, y: p.y, heading: p.heading } : m;
  });
  place(models).catch((e: Error) => logger.warn({ err: e }, "the fleet could not be placed on the emulated table"));
}
