/**
 * The table's geometry as a request carries it (docs/reference/request-result.md "Positions"): each ship's position and heading in mm
 * and degrees, an optional hex grid, and two additions the contract leaves open: the table's `size` (for lines to its
 * edges) and the positions' stated `uncertainty` (for borderline readings). Ship base sizes are ship fields (`base`).
 */
import { type Static, Type } from "@sinclair/typebox";
import type { BaseSize } from "../geometry/base.ts";
import type { HexGrid } from "../geometry/hex.ts";
import type { TableSize } from "../geometry/windward.ts";
import { fail, type Result, type RulesError } from "../result.ts";
import { parseWith } from "./schema.ts";
import { BASE_MM } from "./ship-base.ts";

/** A model placed by hand is good to about 2 mm and 1°, unless the source of positions says otherwise. */
export const DEFAULT_UNCERTAINTY = { mm: 2, degrees: 1 } as const;

/** Farther than any club table, so a typo cannot make a range of kilometres. */
const MAX_MM = 100_000;
const mm = (options: { minimum?: number; maximum?: number } = {}) =>
  Type.Number({ minimum: options.minimum ?? -MAX_MM, maximum: options.maximum ?? MAX_MM });

const PoseSchema = Type.Object(
  {
    x: mm(),
    y: mm(),
    heading: Type.Number({ minimum: -360, maximum: 720 }),
    /** This ship's own position uncertainty in mm (a camera's figure), over the table's. */
    uncertainty: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);

/** Where a ship stood when her move began (docs/reference/request-result.md "Moves"): position and heading only. */
const BeforeSchema = Type.Object(
  { x: mm(), y: mm(), heading: Type.Number({ minimum: -360, maximum: 720 }) },
  { additionalProperties: false },
);

export const TableSchema = Type.Object(
  {
    ships: Type.Record(Type.String({ minLength: 1, maxLength: 200 }), PoseSchema, { maxProperties: 500 }),
    before: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 200 }), BeforeSchema, { maxProperties: 500 })),
    hexGrid: Type.Optional(
      Type.Object(
        {
          size: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
          origin: Type.Object({ x: mm(), y: mm() }, { additionalProperties: false, default: { x: 0, y: 0 } }),
          orientation: Type.Union([Type.Literal("flat"), Type.Literal("pointy")], { default: "flat" }),
        },
        { additionalProperties: false },
      ),
    ),
    size: Type.Optional(Type.Object({ width: mm({ minimum: 1 }), length: mm({ minimum: 1 }) }, { additionalProperties: false })),
    uncertainty: Type.Object(
      {
        mm: Type.Number({ minimum: 0, maximum: 1000, default: DEFAULT_UNCERTAINTY.mm }),
        degrees: Type.Number({ minimum: 0, maximum: 90, default: DEFAULT_UNCERTAINTY.degrees }),
      },
      { additionalProperties: false, default: {} },
    ),
  },
  { additionalProperties: false },
);

/** The positions of a request, parsed and with defaults filled. */
export interface TablePositions {
  readonly ships: Readonly<Record<string, Static<typeof PoseSchema>>>;
  /** Where ships stood when their move began (a move is judged from here to `ships`). */
  readonly before?: Readonly<Record<string, Static<typeof BeforeSchema>>>;
  readonly hexGrid?: HexGrid;
  readonly size?: TableSize;
  readonly uncertainty: { readonly mm: number; readonly degrees: number };
}

/** Parses a request's `table` (errors name `table.ships.x.heading` …). */
export function parseTable(raw: unknown, path = "table"): Result<TablePositions> {
  return parseWith(TableSchema, raw, path) as Result<TablePositions>;
}

/**
 * A ship the positions put off the table (her centre outside `size`, when the request gives one), as a refusal naming
 * her (`table.ships.<id>`), or null. A position off the table is a typo or a lost camera reference: nothing is measured.
 */
export function offTable(table: TablePositions, nameOf: (id: string) => string): RulesError | null {
  const size = table.size;
  if (!size) return null;
  for (const [id, p] of Object.entries(table.ships)) {
    if (p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.length) continue;
    return fail(
      "input.invalid",
      `${nameOf(id)} stands at (${p.x}, ${p.y}) mm, off the ${size.width} × ${size.length} mm table.`,
      `table.ships.${id}`,
    ).error;
  }
  return null;
}

const BASE_BOUNDS = { minimum: BASE_MM.min, maximum: BASE_MM.max } as const;

/**
 * The ship field `base` (docs/reference/request-result.md): the base's size in mm, optional in every rule set's ship.
 * Each rule set checks it first with `baseProblem` (src/game/ship-base.ts), whose refusal names the ship.
 */
export const BaseSizeSchema = Type.Optional(
  Type.Object({ width: Type.Number(BASE_BOUNDS), length: Type.Number(BASE_BOUNDS) }, { additionalProperties: false }),
);

export type { BaseSize };
