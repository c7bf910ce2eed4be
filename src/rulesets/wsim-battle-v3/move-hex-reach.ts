/**
 * WS&IM's reach on the hex grid (issue 43): the hexes her bow and stern may stand in after a plot within her MP and
 * turning allowance that keeps IV.1, read from move-hex.ts's walk, and their outline in table mm for the map.
 */
import { type Hex, type HexGrid, hexCenter, hexCorners } from "../../geometry/hex.ts";
import { hexesOutline } from "../../geometry/hex-outline.ts";
import { convexHull } from "../../geometry/reach.ts";
import { turnClockwise } from "../../geometry/vec.ts";
import { decodeState, type HexPose, MAX_MP, MOST_TURNS, sternOf, walk } from "./move-hex.ts";

const REACH = new Map<string, Array<[number, number]>>();

/** The hexes (canonical: bow at the origin facing 0) a plot of at most `mp` orders and `maxTurns` turns can end in. */
function reachHexes(owesFirst: boolean, mp: number, maxTurns: number): Hex[] {
  const w = walk(owesFirst);
  const seen = new Set<string>();
  const out: Hex[] = [];
  const add = (h: Hex) => {
    const k = `${h.q},${h.r}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(h);
    }
  };
  for (const s of w.reached) {
    const m = w.mp[s] as number;
    if (m < 0 || m > mp) continue;
    const d = decodeState(s);
    if (d.early > 0 || d.turns > maxTurns) continue;
    add(d.bow);
    add(sternOf(d));
  }
  return out;
}

/** Where a plot ends: the outline of her bow and stern hexes there, in table mm. */
export function plotEndOutline(g: HexGrid, end: HexPose): Array<[number, number]> {
  const ring = hexesOutline(g, [end.bow, sternOf(end)]) ?? [];
  return ring.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]);
}

/**
 * Where she may end this move: the outline of the hexes her bow and stern may stand in after a plot of at most `mp`
 * MP and `maxTurns` turns that keeps IV.1 (their convex hull if they are not one ring), in table mm.
 */
export function reachOutline(g: HexGrid, from: HexPose, owesFirst: boolean, mp: number, maxTurns: number): Array<[number, number]> {
  const m = Math.max(0, Math.min(MAX_MP, Math.floor(mp)));
  const t = Math.max(0, Math.min(MOST_TURNS, Number.isFinite(maxTurns) ? maxTurns : MOST_TURNS));
  const key = `${g.orientation}|${g.size}|${owesFirst}|${m}|${t}`;
  let shape = REACH.get(key);
  if (!shape) {
    const g0 = { ...g, origin: { x: 0, y: 0 } };
    const hexes = reachHexes(owesFirst, m, t);
    const ring = hexesOutline(g0, hexes) ?? convexHull(hexes.flatMap((h) => hexCorners(g0, h)));
    shape = ring.map((p) => [p.x, p.y]);
    REACH.set(key, shape);
  }
  const o = hexCenter(g, from.bow);
  const r = (v: number) => Math.round(v * 10) / 10;
  // turned clockwise by her facing (60° a hexside) about her bow hex, then set on it
  return shape.map(([x, y]) => {
    const p = turnClockwise({ x, y }, from.facing * 60);
    return [r(o.x + p.x), r(o.y + p.y)];
  });
}
