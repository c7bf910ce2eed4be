/**
 * The club's data file for wsim-battle-v3: the base game's tables. These are NOT in our text and we do not ship
 * them; a club loads its own copy (`--data FILE`). Two fire formats: `hitTables`, the base game's model (Hit
 * Determination Table → Hit Table number → hull/guns/crew/rigging hits, see base-tables.ts), or the older `fire`
 * (one hit count per guns × range column and die). With no file, every table result is asked of the person (a
 * `choose` follow-up) and every v3 rule still applies.
 */
import { type Static, Type } from "@sinclair/typebox";
import { parseWith } from "../../game/schema.ts";
import type { DataFileDef } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { checkHitTables, HitTablesSchema, MeleeTableSchema } from "./base-tables.ts";
import { CREWS } from "./crews.ts";

const Range = Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]);
const CrewNumbers = Type.Partial(
  Type.Object(Object.fromEntries(CREWS.map((c) => [c, Type.Number()])) as Record<(typeof CREWS)[number], ReturnType<typeof Type.Number>>, {
    additionalProperties: false,
  }),
);
const Entries = Type.Record(Type.String({ pattern: "^[0-9]+$" }), Type.String());

export const WsimDataSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    source: Type.Optional(Type.String()),
    /** The licence or copyright notice of the source the numbers came from (e.g. BSD sail(6)'s). */
    notice: Type.Optional(Type.String()),
    /**
     * Illustrative numbers standing in for the base game's (the demo's house file): every result read from them
     * says so, with the file's name, as Quickfire's house chart does.
     */
    standIn: Type.Optional(Type.Boolean()),
    /** The base game's model (preferred): Hit Determination Table, modifiers by gun band, Hit Tables. */
    hitTables: Type.Optional(HitTablesSchema),
    /** The base game's melee result table. */
    melee: Type.Optional(MeleeTableSchema),
    /** The older one-column format: hits by guns × range column and modified die. */
    fire: Type.Optional(
      Type.Object(
        {
          /** One column per guns-firing and range band: the hits for each modified die value from `firstDie` up. */
          columns: Type.Array(
            Type.Object(
              {
                guns: Range,
                range: Range,
                aim: Type.Union([Type.Literal("hull"), Type.Literal("rigging"), Type.Literal("any")], { default: "any" }),
                firstDie: Type.Integer({ default: 1 }),
                hits: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1 }),
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
          /** Die modifiers of the base crew qualities (seasoned is v3's own +1). */
          crewModifiers: Type.Optional(CrewNumbers),
          /** Die modifier for a rake (IX tells only who qualifies). */
          rakeModifier: Type.Integer({ default: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    critical: Type.Optional(
      Type.Object(
        {
          /** d6 rolled for the entry number. */
          dice: Type.Integer({ minimum: 1, maximum: 3, default: 1 }),
          /** The base game's critical roll: the dice plus the Hit Table number of the fire (needs `hitTables`). */
          addHitTableNumber: Type.Boolean({ default: false }),
          hull: Entries,
          rigging: Entries,
        },
        { additionalProperties: false },
      ),
    ),
    /** Melee multipliers of the base crew qualities (seasoned is v3's 3.5). */
    meleeMultipliers: Type.Optional(CrewNumbers),
  },
  { additionalProperties: false },
);
export type WsimData = Static<typeof WsimDataSchema>;
export type FireColumn = NonNullable<WsimData["fire"]>["columns"][number];

/** Parses and cross-checks a data file; errors carry the JSON path inside the file. */
export function parseWsimData(raw: unknown): Result<WsimData> {
  const parsed = parseWith(WsimDataSchema, raw, "");
  if (!parsed.ok) return parsed;
  if (parsed.value.hitTables && parsed.value.fire) {
    return fail("input.invalid", "Give either hitTables (the base game's model) or fire (one hit count per cell), not both.", "fire");
  }
  if (parsed.value.critical?.addHitTableNumber && !parsed.value.hitTables) {
    return fail("input.invalid", "addHitTableNumber needs the base game's hitTables.", "critical.addHitTableNumber");
  }
  if (parsed.value.hitTables) {
    const t = checkHitTables(parsed.value.hitTables, "hitTables");
    if (!t.ok) return t;
  }
  const cols = parsed.value.fire?.columns ?? [];
  for (const [i, c] of cols.entries()) {
    if (c.guns[0] > c.guns[1]) return fail("input.invalid", "guns must be [lowest, highest].", `fire.columns[${i}].guns`);
    if (c.range[0] > c.range[1]) return fail("input.invalid", "range must be [nearest, farthest].", `fire.columns[${i}].range`);
  }
  return ok(parsed.value);
}

export const WSIM_DATA_FILE: DataFileDef = {
  description: "The club's copy of the base game's Fire and Critical Hit tables and crew factors (YAML or JSON).",
  parse: parseWsimData,
};

/** The fire column for guns firing, range and aim, or null when the file has none. */
export function fireColumn(data: WsimData | null, guns: number, range: number, aim: string): FireColumn | null {
  const cols = data?.fire?.columns ?? [];
  return (
    cols.find(
      (c) => guns >= c.guns[0] && guns <= c.guns[1] && range >= c.range[0] && range <= c.range[1] && (c.aim === "any" || c.aim === aim),
    ) ?? null
  );
}

/** Hits of a column for a modified die, clamped to the column's first and last rows. */
export function hitsFor(col: FireColumn, die: number): number {
  const i = Math.min(col.hits.length - 1, Math.max(0, die - col.firstDie));
  return col.hits[i] ?? 0;
}

/** " (tables: House stand-in …)" after a result read from a stand-in file; "" for a club's own copy or none. */
export function standInNote(data: WsimData | null | undefined): string {
  return data?.standIn ? ` (tables: ${data.name})` : "";
}
