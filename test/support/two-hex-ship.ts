/**
 * Where a WS&IM two-hex ship stands on a hex grid, for tests that place her by hand: her bow in hex (q, r) facing
 * hexside f (0 = the grid's first side, north on a flat-topped grid), her base's centre midway between her bow hex
 * and her stern hex, her heading the hexside's bearing.
 */
import { HEXSIDE_STEPS, type HexGrid, hexCenter } from "../../src/geometry/hex.ts";

export function twoHexShipAt(grid: HexGrid, q: number, r: number, f: number): { x: number; y: number; heading: number } {
  const [dq, dr] = HEXSIDE_STEPS[(f + 3) % 6] as readonly [number, number];
  const bow = hexCenter(grid, { q, r });
  const stern = hexCenter(grid, { q: q + dq, r: r + dr });
  return { x: (bow.x + stern.x) / 2, y: (bow.y + stern.y) / 2, heading: f * 60 };
}
