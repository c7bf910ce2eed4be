/**
 * Age of Sail: ship, wind and game state (docs/reference/rulesets.md `age-of-sail`), their TypeBox schemas and `parseState`.
 */

import { type Static, Type } from "@sinclair/typebox";
import { parseWindGameSettings, shipFieldsOf, uniqueShipIds } from "../../game/action-kit.ts";
import { literals, parseWith, safeName } from "../../game/schema.ts";
import { baseProblem } from "../../game/ship-base.ts";
import { shipSchema } from "../../game/ship-schema.ts";
import type { TableState } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { COMPASS_8, COMPASS_16, type Compass8, type Compass16 } from "../../wind/compass.ts";
import { SETTINGS } from "./settings.ts";

export const CLASSES = ["ship-of-the-line", "frigate", "pirate"] as const;
export type ShipClass = (typeof CLASSES)[number];
export const BROADSIDES = ["port", "starboard"] as const;
export type Broadside = (typeof BROADSIDES)[number];

/**
 * Full-strength masts fore → aft and gun decks a side. "Each ship … has 3 gun decks on both the port and
 * starboard side (with the exception of Pirate and Frigate ships, which have only 2 gun decks), 3 masts";
 * "lower rated ships (including Pirate ships and Frigates) have a main mast which gives them 2 units".
 */
export const FULL_STRENGTH: Readonly<Record<ShipClass, { masts: readonly number[]; decks: number }>> = {
  "ship-of-the-line": { masts: [1, 1, 1], decks: 3 },
  frigate: { masts: [1, 2, 1], decks: 2 },
  pirate: { masts: [1, 2, 1], decks: 2 },
};
/** "… 3 hull integrity units." */
export const HULL_UNITS = 3;

export const ShipSchema = shipSchema({
  class: literals(CLASSES, { label: "Class" }),
  /** Units of each mast fore → aft; 0 = shot away. Default: the class's full strength. */
  masts: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 2 }), { minItems: 3, maxItems: 3 })),
  gunDecks: Type.Optional(
    Type.Object(
      { port: Type.Integer({ minimum: 0, maximum: 3 }), starboard: Type.Integer({ minimum: 0, maximum: 3 }) },
      { additionalProperties: false },
    ),
  ),
  hull: Type.Integer({ minimum: 0, maximum: HULL_UNITS, default: HULL_UNITS }),
  heading: literals(COMPASS_16, { default: "N", label: "Heading" }),
  squadron: Type.Union([safeName(), Type.Null()], { default: null, label: "Squadron" }),
  leader: Type.Boolean({ default: false, label: "Squadron leader" }),
  anchor: Type.Union([Type.Literal("none"), Type.Literal("down"), Type.Literal("raising")], { default: "none" }),
  aground: Type.Boolean({ default: false }),
  /** 0 not burning; 1 caught (5–6 puts it out); 2 the fire grew (only a 6). */
  fire: Type.Integer({ minimum: 0, maximum: 2, default: 0 }),
  fireSetBy: Type.Union([Type.String(), Type.Null()], { default: null }),
  /**
   * The round in which the fire was set or last grew: its next removal roll belongs to a later round ("In the next
   * round the ship on fire must throw a 5 or 6 … in the next round, the ship must throw a 6"). 0: a log by hand.
   */
  fireRound: Type.Integer({ minimum: 0, default: 0 }),
  lastHitBy: Type.Union([Type.String(), Type.Null()], { default: null }),
  entangledWith: Type.Array(Type.String(), { default: [] }),
  firedThisRound: Type.Array(literals(BROADSIDES), { default: [] }),
  repairingMasts: Type.Boolean({ default: false }),
  /** A captured ship waiting for its prize crew (manned on separation). */
  prizeCrewDue: Type.Boolean({ default: false }),
  sunk: Type.Boolean({ default: false }),
  captured: Type.Boolean({ default: false }),
});

/** A ship's set-up for forms and rosters. */
export const SHIP_FIELDS = shipFieldsOf(ShipSchema);

export type Ship = Omit<Static<typeof ShipSchema>, "name" | "masts" | "gunDecks" | "heading"> & {
  readonly name: string;
  readonly masts: readonly number[];
  readonly gunDecks: { readonly port: number; readonly starboard: number };
  readonly heading: Compass16;
};

export const WindSchema = Type.Object(
  {
    // "battles fought in the Atlantic … likely to get prevailing west winds": from W, blowing to E
    direction: literals(COMPASS_8, { default: "E" }),
    speed: Type.Integer({ minimum: 1, maximum: 7, default: 4 }),
  },
  { additionalProperties: false, default: {} },
);
export interface Wind {
  /** Where the wind blows TO (docs/reference/rulesets.md). */
  readonly direction: Compass8;
  readonly speed: number;
}

export const GameSchema = Type.Object(
  {
    round: Type.Integer({ minimum: 1, default: 1 }),
    /** Index into PHASES. */
    phase: Type.Integer({ minimum: 0, default: 0 }),
    /** 1 or 2: the player whose sequence it is. */
    player: Type.Integer({ minimum: 1, maximum: 2, default: 1 }),
    firstSide: Type.Union([Type.String(), Type.Null()], { default: null }),
    /** Damage inflicted by each side (boxes marked on enemy logs). */
    score: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { default: {} }),
    /** Mast losses the target's owner still has to choose. */
    pendingMastLoss: Type.Array(
      Type.Object({ ship: Type.String(), count: Type.Integer({ minimum: 1 }), by: Type.String() }, { additionalProperties: false }),
      { default: [] },
    ),
  },
  { additionalProperties: false, default: {} },
);
export type Game = Static<typeof GameSchema>;

export type AosState = TableState<Ship, Wind> & { readonly game: Game };

/** Standing mast units, gun decks and hull: everything that can still be marked on the log. */
export const standingMasts = (s: Ship): number => s.masts.filter((m) => m > 0).length;
export const totalDecks = (s: Ship): number => s.gunDecks.port + s.gunDecks.starboard;
export const remainingBoxes = (s: Ship): number => standingMasts(s) + totalDecks(s) + s.hull;
export const afloat = (s: Ship): boolean => !s.sunk;

function fillShip(raw: Static<typeof ShipSchema>, i: number): Result<Ship> {
  const full = FULL_STRENGTH[raw.class];
  const masts = raw.masts ?? [...full.masts];
  const bad = masts.findIndex((m, k) => m > (full.masts[k] ?? 0));
  if (bad >= 0) {
    return fail(
      "input.invalid",
      `A ${raw.class}'s mast ${bad + 1} gives at most ${plural(full.masts[bad] ?? 0, "unit")}.`,
      `ships[${i}].masts[${bad}]`,
    );
  }
  const gunDecks = raw.gunDecks ?? { port: full.decks, starboard: full.decks };
  for (const side of BROADSIDES) {
    if (gunDecks[side] > full.decks) {
      return fail("input.invalid", `A ${raw.class} has only ${full.decks} gun decks a side.`, `ships[${i}].gunDecks.${side}`);
    }
  }
  // "Pirates however can only sail independently of each other."
  if (raw.class === "pirate" && raw.squadron !== null) {
    return fail("rules.illegal", "Pirates sail independently: a pirate cannot be in a squadron.", `ships[${i}].squadron`);
  }
  return ok({ ...raw, name: raw.name ?? raw.id, masts, gunDecks, heading: raw.heading as Compass16 });
}

/** Validates a request's ships, wind, game and settings and fills defaults. */
export function parseAosState(raw: { ships?: unknown; wind?: unknown; game?: unknown; settings?: unknown }): Result<AosState> {
  const badBase = baseProblem(raw.ships);
  if (badBase) return { ok: false, error: badBase };
  const ships = parseWith(Type.Array(ShipSchema), raw.ships ?? [], "ships");
  if (!ships.ok) return ships;
  const unique = uniqueShipIds(ships.value);
  if (!unique.ok) return unique;
  const filled: Ship[] = [];
  for (const [i, s] of ships.value.entries()) {
    const f = fillShip(s, i);
    if (!f.ok) return f;
    filled.push(f.value);
  }
  const rest = parseWindGameSettings(raw, { wind: WindSchema, game: GameSchema, settings: SETTINGS });
  if (!rest.ok) return rest;
  return ok({ ships: filled, wind: rest.value.wind as Wind, game: rest.value.game, settings: rest.value.settings, data: null });
}
