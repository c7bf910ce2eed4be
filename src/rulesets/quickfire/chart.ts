/**
 * The Quickfire combat chart as data (text 1.3 "Combat Chart", 3.0 Gunnery Table, Blast Damage Table, 3.2
 * Torpedoes table, 4.1 Damage table, 4.2 repairs, 4.3 Sinking). The official one-page chart is not in our text;
 * `house-chart.json` is the house default, replaceable by a club's file through the rule set's data file.
 */
import { type Static, Type } from "@sinclair/typebox";
import { literals, parseWith } from "../../game/schema.ts";
import { fail, ok, type Result } from "../../result.ts";
import house from "./house-chart.json" with { type: "json" };

/** The label the house default carries in its file and on every result it produces. */
export const HOUSE_LABEL = "house default — not the official chart";

const CODES = ["B", "D", "E", "F", "G", "R", "S", "T", "out"] as const;
/** A damage code of the glossary (4.1); `fix` is what a repair roll gives, never a chart cell here. */
export type DamageCode = (typeof CODES)[number];

const Code = literals(CODES);
const Codes = Type.Array(Code, { maxItems: 12 });
const totalKeys = (from: number, to: number) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), Codes]));
/** A 2D6 line: every total 2–12 has a cell ([] = no effect). */
const Line2d6 = Type.Object(totalKeys(2, 12), { additionalProperties: false });
/** A blast line: 3D6 totals 3–18; a missing total is no blast damage. */
const BlastLine = Type.Partial(Type.Object(totalKeys(3, 18), { additionalProperties: false }));
const Roll2d6 = Type.Integer({ minimum: 2, maximum: 12 });
const HitNumber = Type.Integer({ minimum: 0, maximum: 18 });

/** The chart file's schema: every table the text names. */
export const ChartSchema = Type.Object(
  {
    label: Type.String({ minLength: 1 }),
    provenance: Type.Optional(Type.String()),
    /** Gun/Armor columns: percent (ascending) and the highest white-dice total that hits. */
    gunnery: Type.Array(
      Type.Object(
        { percent: Type.Number({ minimum: 0 }), hits: Type.Integer({ minimum: 0, maximum: 12 }) },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    blast: Type.Object({ short: BlastLine, long: BlastLine }, { additionalProperties: false }),
    /** Hit numbers by the firer's torpedo rating (index 0 = rating 1); higher ratings use the last entry. */
    torpedo: Type.Object(
      { moving: Type.Array(HitNumber, { minItems: 1 }), static: Type.Array(HitNumber, { minItems: 1 }) },
      { additionalProperties: false },
    ),
    damage: Type.Object({ blast: Line2d6, explosion: Line2d6, fire: Line2d6 }, { additionalProperties: false }),
    /** 2D6 repair totals that fix one hit of each kind. */
    repair: Type.Object(
      { speed: Type.Array(Roll2d6), direction: Type.Array(Roll2d6), gun: Type.Array(Roll2d6) },
      { additionalProperties: false },
    ),
    sinking: Type.Object(
      {
        /** Die Roll column by ship size: sinks when the modified 2D6 is this or less. */
        sizes: Type.Record(Type.String({ pattern: "^[1-9][0-9]?$" }), Type.Integer({ minimum: 0, maximum: 12 })),
        /** Subtracted from the roll for each fire burning (4.3 example). */
        perFire: Type.Integer({ minimum: 0, maximum: 12 }),
        /** Subtracted for each S hit beyond the last speed box (4.3 example: "an extra S in the margin"). */
        perExtraSpeedHit: Type.Integer({ minimum: 0, maximum: 12 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export type Chart = Static<typeof ChartSchema>;

/** Validates a chart file's parsed content; errors carry the JSON path inside the file. */
export function parseChart(raw: unknown): Result<Chart> {
  const parsed = parseWith(ChartSchema, raw, "");
  if (!parsed.ok) return parsed;
  const chart = parsed.value;
  for (let i = 1; i < chart.gunnery.length; i++) {
    const [a, b] = [chart.gunnery[i - 1], chart.gunnery[i]];
    if (a && b && b.percent <= a.percent) {
      return fail(
        "input.invalid",
        `gunnery columns must be in ascending percent order (${b.percent}% follows ${a.percent}%).`,
        `gunnery[${i}].percent`,
      );
    }
  }
  if (Object.keys(chart.sinking.sizes).length === 0)
    return fail("input.invalid", "sinking.sizes needs at least one size.", "sinking.sizes");
  return ok(chart);
}

let builtIn: Chart | null = null;
/**
 * The shipped house default chart, checked on first use (not when the rules core is imported: its check is a third of
 * the rule sets' import at every start of the host, most of which play another rule set).
 */
export function houseChart(): Chart {
  if (builtIn === null) {
    const parsed = parseChart(house);
    if (!parsed.ok) throw new Error(`house-chart.json is invalid: ${parsed.error.path} ${parsed.error.message}`);
    builtIn = parsed.value;
  }
  return builtIn;
}

/** The Gunnery table column for a gun/armor percentage: the largest column not above it (3.0, "98% … 50% column"). */
export function gunneryColumn(chart: Chart, percent: number): { percent: number; hits: number } | null {
  let found: { percent: number; hits: number } | null = null;
  for (const c of chart.gunnery) if (c.percent <= percent) found = c;
  return found;
}

/** The Blast Damage table cell for a 3-dice total on the short or long line ([] = none). */
export function blastCodes(chart: Chart, line: "short" | "long", total: number): DamageCode[] {
  return [...((chart.blast[line] as Record<string, DamageCode[] | undefined>)[String(total)] ?? [])];
}

/** A Damage table line cell for a 2D6 total. */
export function damageCodes(chart: Chart, line: "blast" | "explosion" | "fire", total: number): DamageCode[] {
  return [...((chart.damage[line] as Record<string, DamageCode[] | undefined>)[String(total)] ?? [])];
}

/** The torpedo hit number for a rating against a moving or static target. */
export function torpedoHitNumber(chart: Chart, moving: boolean, rating: number): number {
  const row = moving ? chart.torpedo.moving : chart.torpedo.static;
  return row[Math.min(rating, row.length) - 1] ?? 0;
}

/** The sinking Die Roll number of a size, or null when the chart has no row for it. */
export function sinkingNumber(chart: Chart, size: number): number | null {
  return chart.sinking.sizes[String(size)] ?? null;
}
