/**
 * The playing area of a table file or scenario (`table:`): its size in mm and where the ships start (docs/reference/request-result.md
 * table coordinates: origin at a corner, `x` east, `y` north, heading clockwise from north). A ship the section does
 * not place gets a place in the table's formation: each side in line ahead, the sides' lines facing each other across
 * the middle of the table, so every ship starts with an enemy on its beam.
 */
import { type Static, Type } from "@sinclair/typebox";

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

/**
 * Where every ship starts: its place in `start`, else in the formation. Side by side order: the first side's line runs
 * east just south of the middle, the second's west just north of it, any further side further out.
 */
export function startingFormation(
  ships: readonly { readonly id: string; readonly side: string }[],
  layout: TableLayout,
): { ship: string; x: number; y: number; heading: number }[] {
  const sides = [...new Set(ships.map((s) => s.side))];
  const { width, height } = layout;
  return sides.flatMap((side, i) => {
    const line = ships.filter((s) => s.side === side);
    const gap = Math.min(SHIP_GAP, (width - 100) / Math.max(1, line.length));
    // lines alternate south and north of the middle, each further side a line further out
    const out = Math.floor(i / 2) + 0.5;
    const y = Math.min(height - 50, Math.max(50, height / 2 + (i % 2 === 0 ? -out : out) * LINE_GAP));
    const heading = i % 2 === 0 ? 90 : 270;
    const x0 = width / 2 - ((line.length - 1) * gap) / 2;
    return line.map((s, k) => {
      const placed = layout.start?.[s.id];
      // the second side sails the other way: its first ship faces the first side's first ship
      return placed ? { ship: s.id, ...placed } : { ship: s.id, x: Math.round(x0 + k * gap), y: Math.round(y), heading };
    });
  });
}
