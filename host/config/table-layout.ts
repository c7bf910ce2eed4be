/**
 * The playing area of a table file or scenario (`table:`): its size in mm and where the ships start (docs/reference/request-result.md
 * table coordinates: origin at a corner, `x` east, `y` north, heading clockwise from north). A ship the section does
 * not place gets a place in the table's formation: each side in line ahead, the sides' lines facing each other across
 * the middle of the table, so every ship starts with an enemy on its beam. On a hex table each line runs along the
 * hexside nearest its heading, turned toward the enemy where two are as near, every ship in a hex's centre.
 */
import { type Static, Type } from "@sinclair/typebox";
import { HEXSIDE_STEPS, type HexGrid, hexAt, hexCenter, sideBearings } from "../../src/geometry/hex.ts";
import { angleGap, oppositeBearing, radians } from "../../src/geometry/vec.ts";

const Mm = (description: string) => Type.Number({ minimum: 0, maximum: 100_000, description });

export const PoseSchema = Type.Object(
  {
    x: Mm("mm from the west edge"),
    y: Mm("mm from the south edge"),
    heading: Type.Number({ minimum: 0, maximum: 360, description: "the bow's bearing, degrees clockwise from north" }),
  },
  { additionalProperties: false },
);
export type Pose = Static<typeof PoseSchema>;

export const TableLayoutSchema = Type.Object(
  {
    /** The playing area east–west, in mm. */
    width: Type.Number({ minimum: 200, maximum: 20_000 }),
    /** The playing area south–north, in mm. */
    height: Type.Number({ minimum: 200, maximum: 20_000 }),
    /** Where ships start, by ship id; the others take their place in the formation. */
    start: Type.Optional(Type.Record(Type.String(), PoseSchema)),
    /** A hex grid on the table (WS&IM): mm across the flats, the centre of hex (0, 0), flat- or pointy-topped. */
    hexGrid: Type.Optional(
      Type.Object(
        {
          size: Type.Number({ minimum: 5, maximum: 1000 }),
          origin: Type.Optional(Type.Object({ x: Mm("mm"), y: Mm("mm") }, { additionalProperties: false })),
          orientation: Type.Optional(Type.Union([Type.Literal("flat"), Type.Literal("pointy")])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TableLayout = Static<typeof TableLayoutSchema>;

/** The hex grid of a table section with its defaults (origin at the corner, flat-topped), or undefined. */
export function hexGridOf(layout: TableLayout | undefined) {
  const g = layout?.hexGrid;
  return g ? { size: g.size, origin: g.origin ?? { x: 0, y: 0 }, orientation: g.orientation ?? ("flat" as const) } : undefined;
}

/** A table file or scenario without a `table` section plays on a 6 ft × 4 ft table. */
export const DEFAULT_TABLE: TableLayout = { width: 1830, height: 1220 };

/** What is wrong with the section for these ships (a start naming no ship, a ship off the table), or null. */
export function layoutProblem(layout: TableLayout, shipIds: readonly string[]): { path: string; message: string } | null {
  for (const [id, p] of Object.entries(layout.start ?? {})) {
    if (!shipIds.includes(id)) return { path: `table.start.${id}`, message: `there is no ship "${id}" to place.` };
    if (p.x > layout.width || p.y > layout.height)
      return { path: `table.start.${id}`, message: `(${p.x}, ${p.y}) is off the ${layout.width} × ${layout.height} mm table.` };
  }
  return null;
}

/** Gap between the sides' lines and between ships in a line (mm): within every rule set's gunnery range. */
const LINE_GAP = 200;
const SHIP_GAP = 160;

/** A ship's place in the formation. */
export interface Placed {
  readonly ship: string;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
}

/**
 * The hexside a line sails along on this grid: the one nearest its heading, and of two as near (a flat-topped grid's
 * 60° and 120° for a line heading east) the one toward the enemy's line.
 */
export function lineHexside(grid: HexGrid, heading: number, enemyBearing: number): number {
  const sides = sideBearings(grid);
  const near = (b: number) => Math.round(angleGap(b, heading) * 1e6);
  const best = Math.min(...sides.map(near));
  const ties = sides.filter((b) => near(b) === best);
  return ties.reduce((a, b) => (angleGap(b, enemyBearing) < angleGap(a, enemyBearing) ? b : a));
}

/**
 * The formation on a hex grid: each line along its hexside (lineHexside), its ships whole hexes apart in hexes'
 * centres; the lines about LINE_GAP apart straight across that hexside (whole steps of two hexes, between the two
 * hexsides on the enemy's side), so each ship has the other line's ship abeam.
 */
function hexFormation(lines: readonly (readonly string[])[], layout: TableLayout, grid: HexGrid): Placed[] {
  const { width, height } = layout;
  const first = lineHexside(grid, 90, 0);
  const side = sideBearings(grid).indexOf(first);
  const step = HEXSIDE_STEPS[side] as readonly [number, number];
  // straight across the line toward its port side (the first line's enemy): between the hexsides 60° and 120° to port
  const [a, b] = [HEXSIDE_STEPS[(side + 5) % 6], HEXSIDE_STEPS[(side + 4) % 6]] as [readonly [number, number], readonly [number, number]];
  const across = { q: a[0] + b[0], r: a[1] + b[1] };
  const acrossMm = Math.sqrt(3) * grid.size;
  const middle = hexAt(grid, { x: width / 2, y: height / 2 }).hex;
  const rad = radians(first);
  const room = Math.min(
    (width - 100) / Math.max(Math.abs(Math.sin(rad)), 1e-9),
    (height - 2 * LINE_GAP) / Math.max(Math.abs(Math.cos(rad)), 1e-9),
  );
  return lines.flatMap((line, i) => {
    // lines alternate to starboard and port of the middle, each further side a line further out
    const out = ((Math.floor(i / 2) + 0.5) * LINE_GAP) / acrossMm;
    const d = (i % 2 === 0 ? -1 : 1) * Math.max(1, Math.round(out));
    const heading = i % 2 === 0 ? first : oppositeBearing(first);
    const hexes = Math.max(1, Math.floor(Math.min(SHIP_GAP, room / Math.max(1, line.length)) / grid.size));
    const mid = Math.floor((line.length - 1) / 2);
    return line.map((ship, k) => {
      const n = (k - mid) * hexes;
      const c = hexCenter(grid, { q: middle.q + d * across.q + n * step[0], r: middle.r + d * across.r + n * step[1] });
      return { ship, x: Math.round(c.x * 10) / 10, y: Math.round(c.y * 10) / 10, heading };
    });
  });
}

/**
 * Where every ship starts: its place in `start`, else in the formation. Side by side order: the first side's line runs
 * east just south of the middle, the second's west just north of it, any further side further out; on a hex table
 * along the hexsides (hexFormation).
 */
export function startingFormation(ships: readonly { readonly id: string; readonly side: string }[], layout: TableLayout): Placed[] {
  const sides = [...new Set(ships.map((s) => s.side))];
  const lines = sides.map((side) => ships.filter((s) => s.side === side).map((s) => s.id));
  const grid = hexGridOf(layout);
  const formed = grid ? hexFormation(lines, layout, grid) : lineFormation(lines, layout);
  return formed.map((p) => {
    const placed = layout.start?.[p.ship];
    return placed ? { ship: p.ship, ...placed } : p;
  });
}

/** The formation on a table without a grid: each line straight east or west, ships SHIP_GAP apart. */
function lineFormation(lines: readonly (readonly string[])[], layout: TableLayout): Placed[] {
  const { width, height } = layout;
  return lines.flatMap((line, i) => {
    const gap = Math.min(SHIP_GAP, (width - 100) / Math.max(1, line.length));
    // lines alternate south and north of the middle, each further side a line further out
    const out = Math.floor(i / 2) + 0.5;
    const y = Math.min(height - 50, Math.max(50, height / 2 + (i % 2 === 0 ? -out : out) * LINE_GAP));
    const heading = i % 2 === 0 ? 90 : 270;
    const x0 = width / 2 - ((line.length - 1) * gap) / 2;
    // the second side sails the other way: its first ship faces the first side's first ship
    return line.map((ship, k) => ({ ship, x: Math.round(x0 + k * gap), y: Math.round(y), heading }));
  });
}
