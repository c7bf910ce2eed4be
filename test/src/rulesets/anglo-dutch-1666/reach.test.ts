/**
 * 1666's reach on the hex cloth (src/rulesets/anglo-dutch-1666/move.ts): the hexes her allowance reaches, turning
 * only after a hex — "Ships designated as handy (H) may make a turn (which may be a tack) before any movement", so a
 * handy ship also reaches the hexes a turn before her first hex opens.
 */
import { describe, expect, it } from "vitest";
import { reachOf } from "../../../../src/game/moves/judge.ts";
import type { Action } from "../../../../src/game/types.ts";
import { type Hex, hexAt, hexCenter } from "../../../../src/geometry/hex.ts";
import { rs, shipOf, table } from "./helpers.ts";

const grid = { size: 50.8, origin: { x: 0, y: 0 }, orientation: "flat" as const };
const start = hexCenter(grid, { q: 10, r: 8 });

/** The hexes of her reach with an allowance of one hex, facing north, as "q,r". */
function reachedHexes(handling: string): string[] {
  const state = table([shipOf("victory", 40, 10, 4, { handling })]);
  const positions = { ships: { victory: { x: start.x, y: start.y, heading: 0 } }, hexGrid: grid, uncertainty: { mm: 0, degrees: 0 } };
  const found = reachOf(rs, state, { type: "move", ship: "victory" } as Action, positions, { allowance: 1 });
  return (found?.polygons ?? []).map((p) => {
    const c = p.reduce((m, [x, y]) => ({ x: m.x + x / p.length, y: m.y + y / p.length }), { x: 0, y: 0 });
    const h: Hex = hexAt(grid, c).hex;
    return `${h.q},${h.r}`;
  });
}

describe("1666's reach on the hex cloth", () => {
  it("a normal ship with one hex reaches her own hex and the hex ahead; a handy one also the hexes a first turn opens", () => {
    const ahead = hexAt(grid, { x: start.x, y: start.y + Math.sqrt(3) * 25.4 }).hex;
    expect(reachedHexes("normal").sort()).toEqual(["10,8", `${ahead.q},${ahead.r}`].sort());
    const handy = reachedHexes("handy");
    expect(handy).toHaveLength(4);
    expect(handy).toEqual(expect.arrayContaining(reachedHexes("normal")));
  });
});
