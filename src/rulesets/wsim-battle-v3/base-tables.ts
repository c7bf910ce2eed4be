/**
 * The WS&IM base game's fire and melee model as a club's data (`hitTables`, `melee` in the data file): the Hit
 * Determination Table (gun band × range, and a rake table) gives a Hit Table number; crew quality, ammunition,
 * initial broadside, lost crew sections and a captured firer move that number by gun band; the Hit Table (number ×
 * die) gives hull, guns, crew and rigging hits; melee losses come from a table by strength and die. We ship the
 * model, never the numbers.
 */
import { type Static, Type } from "@sinclair/typebox";
import { fail, ok, type Result } from "../../result.ts";

const Int = Type.Integer();
/** One value per gun band, in the order of `gunBands`. */
const PerBand = Type.Array(Int, { minItems: 1 });
/** A Hit Table cell: [hull, guns, crew, rigging] hits. */
const Cell = Type.Tuple([
  Type.Integer({ minimum: 0 }),
  Type.Integer({ minimum: 0 }),
  Type.Integer({ minimum: 0 }),
  Type.Integer({ minimum: 0 }),
]);
/** Rows by Hit Table number 0, 1, …; six cells a row, for the die 1–6. */
const HitTable = Type.Array(Type.Array(Cell, { minItems: 6, maxItems: 6 }), { minItems: 1 });

export const AMMUNITION = ["round", "double", "chain", "grape"] as const;
export type Ammunition = (typeof AMMUNITION)[number];

const AmmunitionEntry = Type.Object(
  {
    /** Hit Table number modifier by gun band. */
    modifiers: Type.Optional(PerBand),
    /** Farthest range this shot may be fired at. */
    maxRange: Type.Optional(Type.Integer({ minimum: 1 })),
    /** `table`: read the Hit Table; `rigging`: its hull and guns hits do not count; `crew`: crew hits = the Hit Table number. */
    hits: Type.Union([Type.Literal("table"), Type.Literal("rigging"), Type.Literal("crew")], { default: "table" }),
  },
  { additionalProperties: false },
);

export const HitTablesSchema = Type.Object(
  {
    /** Guns firing [fewest, most] of each band, in order; more guns than the last band's read the last band. */
    gunBands: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]), { minItems: 1 }),
    /** Carronades add to the guns firing at this range or less (0: never). */
    carronadeRange: Type.Integer({ minimum: 0, default: 0 }),
    /** Hit Determination Table: per gun band, the Hit Table number at range 1, 2, …; beyond the last, no fire. */
    determination: Type.Array(Type.Array(Int, { minItems: 1 }), { minItems: 1 }),
    /** The same for a raking fire (a club without one reads `determination`). */
    rake: Type.Optional(Type.Array(Type.Array(Int, { minItems: 1 }), { minItems: 1 })),
    /** Added for a stern rake. */
    sternRake: Type.Integer({ default: 0 }),
    modifiers: Type.Object(
      {
        /** By the firer's crew quality (seasoned is v3's own, II.1). */
        crew: Type.Optional(
          Type.Partial(
            Type.Object(
              { elite: PerBand, crack: PerBand, average: PerBand, green: PerBand, poor: PerBand },
              { additionalProperties: false },
            ),
          ),
        ),
        /** The first broadside of the game from that side. */
        initialBroadside: Type.Optional(PerBand),
        /** For each crew section the firer has lost (not counted for a captured ship). */
        lostCrewSection: Type.Optional(PerBand),
        /** A captured ship firing. */
        captured: Type.Optional(PerBand),
      },
      { additionalProperties: false, default: {} },
    ),
    ammunition: Type.Partial(
      Type.Object(Object.fromEntries(AMMUNITION.map((a) => [a, AmmunitionEntry])) as Record<Ammunition, typeof AmmunitionEntry>, {
        additionalProperties: false,
      }),
      { default: {} },
    ),
    /** Hit Tables by aim; a Hit Table number above the last row reads the last row, below 0 is no effect. */
    hull: HitTable,
    rigging: HitTable,
  },
  { additionalProperties: false },
);
export type HitTables = Static<typeof HitTablesSchema>;

export const MeleeTableSchema = Type.Object(
  {
    /** Strength points per row: row = floor(strength / strengthPerRow), the last row for more. */
    strengthPerRow: Type.Integer({ minimum: 1 }),
    /** Crew losses inflicted on the other side, by row and by the (modified) die 1–6. */
    losses: Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 6, maxItems: 6 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type MeleeTable = Static<typeof MeleeTableSchema>;

/** Cross-checks the lengths the schema cannot: one value per gun band everywhere. */
export function checkHitTables(t: HitTables, at: string): Result<HitTables> {
  const bands = t.gunBands.length;
  for (const [i, b] of t.gunBands.entries()) {
    if (b[0] > b[1]) return fail("input.invalid", "A gun band is [fewest, most].", `${at}.gunBands[${i}]`);
    const prev = t.gunBands[i - 1];
    if (prev && b[0] <= prev[1]) return fail("input.invalid", "Gun bands must go up without overlapping.", `${at}.gunBands[${i}]`);
  }
  const perBand: [string, readonly unknown[] | undefined][] = [
    ["determination", t.determination],
    ["rake", t.rake],
    ["modifiers.initialBroadside", t.modifiers.initialBroadside],
    ["modifiers.lostCrewSection", t.modifiers.lostCrewSection],
    ["modifiers.captured", t.modifiers.captured],
    ...Object.entries(t.modifiers.crew ?? {}).map(([k, v]) => [`modifiers.crew.${k}`, v] as [string, number[]]),
    ...Object.entries(t.ammunition).map(([k, v]) => [`ammunition.${k}.modifiers`, v?.modifiers] as [string, number[] | undefined]),
  ];
  for (const [key, list] of perBand) {
    if (list && list.length !== bands) {
      return fail("input.invalid", `${key} needs one entry per gun band (${bands}); it has ${list.length}.`, `${at}.${key}`);
    }
  }
  return ok(t);
}

/** The band of `guns` firing: the last band starting at or below it (so more than the last band reads the last); null for none. */
export function gunBand(t: HitTables, guns: number): number | null {
  if (guns <= 0) return null;
  let band: number | null = null;
  for (const [i, b] of t.gunBands.entries()) if (guns >= b[0]) band = i;
  return band;
}

export interface Damage {
  readonly hull: number;
  readonly guns: number;
  readonly crew: number;
  readonly rigging: number;
}
export const NO_DAMAGE: Damage = { hull: 0, guns: 0, crew: 0, rigging: 0 };

/** The Hit Table's cell for a Hit Table number (negative: no effect; above the table: its last row) and a die. */
export function readHitTable(t: HitTables, aim: "hull" | "rigging", number: number, die: number, ammo: Ammunition): Damage {
  if (number < 0) return NO_DAMAGE;
  const effect = t.ammunition[ammo]?.hits ?? "table";
  if (effect === "crew") return { ...NO_DAMAGE, crew: number };
  const rows = t[aim];
  const row = rows[Math.min(number, rows.length - 1)] ?? [];
  const [hull, guns, crew, rigging] = row[Math.min(5, Math.max(0, die - 1))] ?? [0, 0, 0, 0];
  return effect === "rigging" ? { hull: 0, guns: 0, crew, rigging } : { hull, guns, crew, rigging };
}

/** Crew losses one side inflicts in a melee round: the row of its strength, the column of its (modified) die. */
export function meleeLosses(t: MeleeTable, strength: number, die: number): number {
  const row = t.losses[Math.min(t.losses.length - 1, Math.max(0, Math.floor(strength / t.strengthPerRow)))] ?? [];
  return row[Math.min(5, Math.max(0, die - 1))] ?? 0;
}
