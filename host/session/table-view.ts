/**
 * The table as the map draws it (`view.table`): the playing area, each ship's base where it was last seen with its
 * heading, how sure and whether the sighting still holds. Null while no position is known (a table without a camera):
 * the pages then show no map.
 */
import { baseSizeOf } from "../../src/game/ship-base.ts";
import type { TableState } from "../../src/game/types.ts";
import type { BaseSize } from "../../src/geometry/base.ts";
import { DEFAULT_TABLE, hexGridOf, type TableLayout } from "../config/table-layout.ts";
import { holds, type Positions } from "./positions.ts";

/**
 * The map's part of the view. Each ship is drawn on the base the rules measure (her `base`, else the rule set's
 * `defaultBase`: `baseSizeOf`), served as `width` and `length`; `defaultBase` is the one a ship without her own stands on.
 */
export function tableMapView(
  state: TableState,
  positions: Positions | undefined,
  layout: TableLayout | undefined,
  now: number,
  defaultBase?: BaseSize,
) {
  const seen = state.ships.filter((s) => positions?.[s.id]);
  if (seen.length === 0) return null;
  const area = layout ?? DEFAULT_TABLE;
  const hexGrid = hexGridOf(layout);
  return {
    width: area.width,
    height: area.height,
    /** The table's hex grid (WS&IM), drawn under the ships, or null. */
    hexGrid: hexGrid ?? null,
    /** The base of a ship the roster gives none (mm): the rule set's documented default. */
    defaultBase: baseSizeOf({}, defaultBase),
    ships: seen.map((s) => {
      const p = positions?.[s.id] as NonNullable<Positions[string]>;
      return {
        id: s.id,
        x: p.x,
        y: p.y,
        heading: p.heading,
        ...baseSizeOf(s, defaultBase),
        uncertainty: p.uncertainty,
        at: p.at,
        source: p.source,
        stale: !holds(p, now),
      };
    }),
  };
}
