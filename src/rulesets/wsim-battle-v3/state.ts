/**
 * WS&IM battle rules v3: ship, wind and game state (docs/reference/rulesets.md `wsim-battle-v3`), schemas and `parseState`.
 * Ship sections (hull, crew, guns, rigging) are the boxes of the base game's ship log; their sizes come from the
 * club's ship cards, so they are optional here.
 */

import { type Static, Type } from "@sinclair/typebox";
import { parseWindGameSettings, shipFieldsOf, uniqueShipIds } from "../../game/action-kit.ts";
import { literals, parseWith } from "../../game/schema.ts";
import { baseProblem } from "../../game/ship-base.ts";
import { shipSchema } from "../../game/ship-schema.ts";
import type { TableState } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { CREWS, PARTIES } from "./crews.ts";
import type { WsimData } from "./data.ts";
import { SETTINGS } from "./settings.ts";

export { CREWS, type Crew, PARTIES, type Party } from "./crews.ts";

const Track = Type.Object(
  { boxes: Type.Integer({ minimum: 0 }), marked: Type.Integer({ minimum: 0, default: 0 }) },
  { additionalProperties: false },
);
export type Track = Static<typeof Track>;

const CrewSection = Type.Object(
  {
    boxes: Type.Integer({ minimum: 0 }),
    marked: Type.Integer({ minimum: 0, default: 0 }),
    party: literals(PARTIES, { default: "none" }),
    formedTurn: Type.Union([Type.Integer(), Type.Null()], { default: null }),
  },
  { additionalProperties: false },
);
export type CrewSection = Static<typeof CrewSection>;

const nullInt = Type.Union([Type.Integer(), Type.Null()], { default: null });

export const ShipSchema = shipSchema({
  name: Type.String(),
  class: Type.Integer({ minimum: 1, maximum: 7, label: "Class" }),
  kind: literals(["sol", "frigate", "smaller"] as const, { label: "Kind" }),
  guns: Type.Integer({ minimum: 0, label: "Guns" }),
  crew: literals(CREWS, { label: "Crew" }),
  hull: Type.Optional(Track),
  crewSections: Type.Optional(Type.Array(CrewSection, { minItems: 1, maxItems: 3 })),
  gunsLeft: Type.Optional(Track),
  gunsRight: Type.Optional(Track),
  rigging: Type.Optional(Type.Array(Track, { minItems: 1, maxItems: 4 })),
  /** Turns allowed per movement phase (base game ship card); class 1 ships have 1 (v3 IV example 1). */
  turningAllowance: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Last game turn's plot and the MP it counts for acceleration (V.3); null: no record (see `lastTurnMP`). */
  lastPlot: Type.Union([Type.String(), Type.Null()], { default: null }),
  lastMP: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { default: null }),
  collidedLastTurn: Type.Boolean({ default: false }),
  collidedThisTurn: Type.Boolean({ default: false }),
  /** This turn's checked plot and the MP it counts for next turn's momentum. */
  plot: Type.Union([Type.String(), Type.Null()], { default: null }),
  plotMP: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { default: null }),
  /** V.5: a turn carried to the next game turn, executed with its first forward factor as one 1-MP move. */
  deferredTurn: Type.Union([Type.Literal("L"), Type.Literal("R"), Type.Null()], { default: null }),
  /** Turn in which this (non-SOL) ship last shot at, grappled or boarded a SOL (rule I). */
  lastEngagedSol: nullInt,
  /** Last turn the ship fired, was fired on, grappled or fought a melee (a repeater must not be engaged, VII.2). */
  lastCombatTurn: nullInt,
  grappledWith: Type.Array(Type.String(), { default: [] }),
  dbpFormedTurn: nullInt,
  convertedTurn: nullInt,
  captured: Type.Boolean({ default: false }),
  sunk: Type.Boolean({ default: false }),
  /** Broadsides fired this game: the base game's initial broadside modifier is for the first from each side. */
  broadsidesFired: Type.Array(Type.Union([Type.Literal("left"), Type.Literal("right")]), { default: [] }),
});

/** A ship's set-up for forms and rosters (the ship card's fields). */
export const SHIP_FIELDS = shipFieldsOf(ShipSchema);
export type Ship = Static<typeof ShipSchema>;

export const HEXSIDES = ["N", "NE", "SE", "S", "SW", "NW"] as const;
/** A hexside 0–5 as its compass word (a value that is not one as it is). */
export const hexsideWord = (d: number): string => HEXSIDES[d] ?? `${d}`;

export const WindSchema = Type.Object(
  {
    /** Hexside the wind blows FROM, 0 = north, clockwise. */
    direction: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
    changeNumber: Type.Integer({ minimum: 4, maximum: 6, default: 6 }),
    /** A change rolled this turn, in effect next turn; `direction` null until the base game's new direction is set. */
    pending: Type.Union([Type.Object({ direction: nullInt }, { additionalProperties: false }), Type.Null()], { default: null }),
    rolledTurn: nullInt,
  },
  { additionalProperties: false, default: {} },
);
export type Wind = Static<typeof WindSchema>;

const Leader = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    name: Type.String(),
    side: Type.String(),
    ship: Type.String(),
    rank: literals(["admiral", "captain"] as const),
    /** 1 = most senior. */
    seniority: Type.Integer({ minimum: 1 }),
    playedBy: Type.Union([Type.String(), Type.Null()], { default: null }),
    status: Type.Union([Type.Literal("active"), Type.Literal("casualty"), Type.Literal("captured")], { default: "active" }),
  },
  { additionalProperties: false },
);
export type Leader = Static<typeof Leader>;

const Signal = Type.Object(
  {
    player: Type.String(),
    from: Type.String(),
    to: Type.String(),
    size: Type.Integer(),
    leaderLoss: Type.Boolean(),
    sentTurn: Type.Integer(),
    deliverTurn: Type.Integer(),
  },
  { additionalProperties: false },
);
export type Signal = Static<typeof Signal>;

export const GameSchema = Type.Object(
  {
    turn: Type.Integer({ minimum: 1, default: 1 }),
    phase: Type.Integer({ minimum: 0, default: 0 }),
    leaders: Type.Array(Leader, { default: [] }),
    /** Command passes only when the Leader Loss signal reaches the successor (XII.1.1). */
    commandChanges: Type.Array(
      Type.Object(
        { side: Type.String(), from: Type.String(), to: Type.String(), effective: Type.Boolean() },
        { additionalProperties: false },
      ),
      { default: [] },
    ),
    signalsSent: Type.Record(Type.String(), Type.Integer(), { default: {} }),
    signals: Type.Array(Signal, { default: [] }),
    melees: Type.Array(
      Type.Object({ ships: Type.Array(Type.String()), turn: Type.Integer(), rounds: Type.Integer() }, { additionalProperties: false }),
      { default: [] },
    ),
    graceUsed: Type.Array(Type.String(), { default: [] }),
    violations: Type.Record(Type.String(), Type.Integer(), { default: {} }),
  },
  { additionalProperties: false, default: {} },
);
export type Game = Static<typeof GameSchema>;

export type WsimState = TableState<Ship, Wind> & { readonly game: Game; readonly data: WsimData | null };

/** Remaining boxes of a track. */
export const left = (t: Track | undefined): number => (t ? Math.max(0, t.boxes - t.marked) : 0);

/**
 * SOLs are class 1–2, frigates and smaller class 3 and up: VII.2 names the repeaters "(Frigates and below)" and
 * then "A class 3 ship or below"; V's table gives class 2 the SOL's acceleration of 1 and class 3–4 the 2 of "all
 * others". A `kind` that contradicts its `class` would silently pick the wrong row of rules I, V, VI.3 and VII.2.
 */
export function checkKindAndClass(ships: readonly Ship[]): Result<readonly Ship[]> {
  for (const [i, s] of ships.entries()) {
    const solClass = s.class <= 2;
    if ((s.kind === "sol") !== solClass) {
      return fail(
        "input.invalid",
        `${s.name} is kind "${s.kind}" but class ${s.class}: ships of the line are class 1–2, frigates and smaller class 3 or below (VII.2 "repeaters (Frigates and below)" … "A class 3 ship or below").`,
        `ships[${i}].class`,
      );
    }
  }
  return ok(ships);
}

/** docs/reference/request-result.md: a ship without a `name` is named by its `id`, as in every rule set. */
function namedById(ships: unknown): unknown {
  if (!Array.isArray(ships)) return ships;
  return ships.map((s: unknown) =>
    s !== null && typeof s === "object" && !("name" in s) && "id" in s && typeof s.id === "string" ? { ...s, name: s.id } : s,
  );
}

/** Validates a request's ships, wind, game and settings; `data` is the parsed club data file, if any. */
export function parseWsimState(
  raw: { ships?: unknown; wind?: unknown; game?: unknown; settings?: unknown },
  data?: unknown,
): Result<WsimState> {
  const badBase = baseProblem(raw.ships);
  if (badBase) return { ok: false, error: badBase };
  const ships = parseWith(Type.Array(ShipSchema), namedById(raw.ships ?? []), "ships");
  if (!ships.ok) return ships;
  const unique = uniqueShipIds(ships.value);
  if (!unique.ok) return unique;
  const kinds = checkKindAndClass(ships.value);
  if (!kinds.ok) return kinds;
  const rest = parseWindGameSettings(raw, { wind: WindSchema, game: GameSchema, settings: SETTINGS });
  if (!rest.ok) return rest;
  return ok({ ships: ships.value, ...rest.value, data: (data as WsimData | undefined) ?? null });
}
