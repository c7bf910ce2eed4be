/**
 * The table as the map draws it (`view.table`): the playing area, each ship's base where it was last seen with its
 * heading, how sure and whether the sighting still holds. Null while no position is known (a table without a camera):
 * the pages then show no map.
 */
import type { TableState } from "../../src/game/types.ts";
import { DEFAULT_TABLE, hexGridOf, type TableLayout } from "../config/table-layout.ts";
import { holds, type Positions } from "./positions.ts";

/** A base the rule set does not size: a typical 1/1200 ship of the line's (mm). */
export const DEFAULT_BASE = { width: 30, length: 80 } as const;

const baseOf = (ship: Record<string, unknown>): { width: number; length: number } => {
  const b = ship.base as { width?: unknown; length?: unknown } | undefined;
  return typeof b?.width === "number" && typeof b.length === "number" ? { width: b.width, length: b.length } : DEFAULT_BASE;
};

/** The map's part of the view. */
export function tableMapView(state: TableState, positions: Positions | undefined, layout: TableLayout | undefined, now: number) {
  const seen = state.ships.filter((s) => positions?.[s.id]);
  if (seen.length === 0) return null;
  const area = layout ?? DEFAULT_TABLE;
  const hexGrid = hexGridOf(layout);
  return {
    width: area.width,
    height: area.height,
    /** The table's hex grid (WS&IM), drawn under the ships, or null. */
    hexGrid: hexGrid ?? null,
    ships: seen.map((s) => {
      const p = positions?.[s.id] as NonNullable<Positions[string]>;
      return {
        id: s.id,
        x: p.x,
        y: p.y,
        heading: p.heading,
        ...baseOf(s as unknown as Record<string, unknown>),
        uncertainty: p.uncertainty,
        at: p.at,
        source: p.source,
        stale: !holds(p, now),
      };
    }),
  };
}
