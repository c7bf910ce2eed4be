/**
 * A hex grid laid on the table (docs/reference/request-result.md `hexGrid`): `size` is the distance across the flats in mm (the texts'
 * "2” across hexes"), `origin` the centre of hex (0, 0), `orientation` flat-topped or pointy-topped. Hexes are in
 * axial coordinates (q, r), q + r + s = 0. Which hex a point is in, a ship's bow and stern hexes, range in hexes,
 * lines of sight through hexes, and WS&IM's rake zones.
 */
import type { Base } from "./base.ts";
import { add, angleGap, bearingTo, dot, type Point, radians, scale, sub, unitOfBearing } from "./vec.ts";

export interface HexGrid {
  readonly size: number;
  readonly origin: Point;
  readonly orientation: "flat" | "pointy";
}

export interface Hex {
  readonly q: number;
  readonly r: number;
}

const SQRT3 = Math.sqrt(3);
/** The centre-to-corner distance. */
const radiusOf = (g: HexGrid): number => g.size / SQRT3;

/**
 * The axial step (q, r) to the neighbour through each hexside, in the order of the sides' bearings (flat-topped: 0°,
 * 60° …; pointy-topped: 30°, 90° …).
 */
export const HEXSIDE_STEPS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
];

export const hexKey = (h: Hex): string => `${h.q},${h.r}`;
export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

/** Steps between two hexes. */
export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The centre of a hex on the table. */
export function hexCenter(g: HexGrid, h: Hex): Point {
  const R = radiusOf(g);
  const d =
    g.orientation === "flat" ? { x: R * 1.5 * h.q, y: R * SQRT3 * (h.r + h.q / 2) } : { x: R * SQRT3 * (h.q + h.r / 2), y: R * 1.5 * h.r };
  return add(g.origin, d);
}

/** The six corners of a hex. */
export function hexCorners(g: HexGrid, h: Hex): Point[] {
  const c = hexCenter(g, h);
  const R = radiusOf(g);
  const start = g.orientation === "flat" ? 0 : 30;
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = radians(start + 60 * i); // anticlockwise from east, as cos and sin take it
    return { x: c.x + R * Math.cos(a), y: c.y + R * Math.sin(a) };
  });
}

/** Cube rounding of fractional axial coordinates. */
function roundHex(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

/** Unit normals of a hex's three pairs of sides, as bearings (flat-topped: N, NE/SW, SE/NW …). */
export const sideBearings = (g: HexGrid): number[] =>
  g.orientation === "flat" ? [0, 60, 120, 180, 240, 300] : [30, 90, 150, 210, 270, 330];

/** The hex a point is in, and how far (mm) the point is from that hex's edge. */
export function hexAt(g: HexGrid, p: Point): { hex: Hex; margin: number } {
  const R = radiusOf(g);
  const d = sub(p, g.origin);
  const hex =
    g.orientation === "flat"
      ? roundHex(((2 / 3) * d.x) / R, ((-1 / 3) * d.x + (SQRT3 / 3) * d.y) / R)
      : roundHex(((SQRT3 / 3) * d.x - (1 / 3) * d.y) / R, ((2 / 3) * d.y) / R);
  const off = sub(p, hexCenter(g, hex));
  const reach = Math.max(
    ...sideBearings(g)
      .slice(0, 3)
      .map((b) => {
        return Math.abs(dot(off, unitOfBearing(b)));
      }),
  );
  return { hex, margin: g.size / 2 - reach };
}

/** A ship's two hexes (WS&IM's counters span a bow hex and a stern hex): the hexes of its base's bow and stern halves. */
export function shipHexes(g: HexGrid, b: Base): { bow: Hex; stern: Hex; margin: number } {
  const bow = hexAt(g, add(b.center, scale(b.forward, b.length / 4)));
  const stern = hexAt(g, add(b.center, scale(b.forward, -b.length / 4)));
  return { bow: bow.hex, stern: stern.hex, margin: Math.min(bow.margin, stern.margin) };
}

/** Range in hexes between two ships: the fewest steps from either hex of one to either hex of the other. */
export function hexRange(a: readonly Hex[], b: readonly Hex[]): number {
  return Math.min(...a.flatMap((x) => b.map((y) => hexDistance(x, y))));
}

/** The hexes on the straight line between two hexes' centres, both ends included, nudged to one side (±1). */
export function hexLine(a: Hex, b: Hex, nudge: 1 | -1 = 1): Hex[] {
  const n = hexDistance(a, b);
  const e = 1e-6 * nudge;
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    out.push(roundHex(a.q + (b.q - a.q) * t + e, a.r + (b.r - a.r) * t + e));
  }
  return out;
}

/**
 * Whether the line between two hexes is clear of `blocked` hexes (the end hexes never block). A line that runs
 * along a hexside is clear when either side of it is.
 */
export function lineOfSight(a: Hex, b: Hex, blocked: ReadonlySet<string>): boolean {
  const clear = (line: Hex[]) => line.slice(1, -1).every((h) => !blocked.has(hexKey(h)));
  return clear(hexLine(a, b, 1)) || clear(hexLine(a, b, -1));
}

/**
 * WS&IM's rake zone (v3 IX): the 60° arc of "the spines of the hex towards which the bow or stern is pointing". The
 * hexside the end points at is the one whose outward normal is nearest the direction; the zone is bounded by the
 * two spines (centre through that side's corners). A hex qualifies when it lies completely within the zone.
 * `margin` is how many degrees the direction could turn before it points at another hexside.
 */
export function inRakeZone(g: HexGrid, end: Hex, pointing: number, candidate: Hex): { inside: boolean; margin: number } {
  const sides = sideBearings(g);
  const normal = sides.reduce((best, s) => (angleGap(pointing, s) < angleGap(pointing, best) ? s : best));
  const margin = 30 - angleGap(pointing, normal);
  if (sameHex(end, candidate)) return { inside: false, margin };
  const c = hexCenter(g, end);
  const inside = hexCorners(g, candidate).every((p) => angleGap(bearingTo(c, p), normal) <= 30 + 1e-6);
  return { inside, margin };
}
