/**
 * TypeBox schemas of the anglo-dutch-1666 table state: ships (docs/reference/rulesets.md fields plus what the rules need to
 * remember), the hex wind and the game record. Unknown keys are errors; defaults are filled.
 */
import { type Static, Type } from "@sinclair/typebox";
import { shipFieldsOf } from "../../game/fields.ts";
import { literals, safeName } from "../../game/schema.ts";
import { shipSchema } from "../../game/ship-schema.ts";
import type { TableState } from "../../game/types.ts";

export const HANDLING = ["normal", "fast", "handy", "fast-handy", "unhandy"] as const;
export type Handling = (typeof HANDLING)[number];

export const STRENGTHS = ["still", "light", "normal", "strong", "gale"] as const;
export type Strength = (typeof STRENGTHS)[number];

export const GRAPPLE_KINDS = ["boarding", "collision", "fire-ship"] as const;
export type GrappleKind = (typeof GRAPPLE_KINDS)[number];

/** Axial hex coordinates of a flat-topped grid (hexside 0 faces north). */
export const HexSchema = Type.Object({ q: Type.Integer(), r: Type.Integer() }, { additionalProperties: false });
export type Hex = Static<typeof HexSchema>;

const side = Type.Integer({ minimum: 0, maximum: 5 });

export const ShipSchema = shipSchema({
  nation: Type.String({ minLength: 1, label: "Nation" }),
  guns: Type.Integer({ minimum: 1, maximum: 200, label: "Guns" }),
  hullPoints: Type.Integer({ minimum: 1, maximum: 200, label: "Hull points" }),
  /** Fire points at full strength; ½ steps allowed. */
  firePoints: Type.Number({ minimum: 0.5, maximum: 20, multipleOf: 0.5, label: "Fire points" }),
  handling: literals(HANDLING, { default: "normal", label: "Handling" }),
  squadron: safeName({ emptyAllowed: true, default: "", label: "Squadron" }),
  flagship: Type.Boolean({ default: false, label: "Flagship" }),
  /** Hull points lost. */
  damage: Type.Integer({ minimum: 0, default: 0 }),
  onFire: Type.Boolean({ default: false }),
  /** A ship card's own fire points per step lost (index 0 = undamaged); when absent they are computed. */
  fireByStep: Type.Optional(Type.Array(Type.Number({ minimum: 0, maximum: 20, multipleOf: 0.5 }), { minItems: 1, maxItems: 4 })),
  /** Hexside the bow faces (0 = north, clockwise). */
  heading: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
  /** Position on the hex cloth, when the table tracks it (axial q, r); null when only players know it. */
  hex: Type.Union([Type.Null(), HexSchema], { default: null }),
  /** The squadron's flag officer aboard a flagship; a non-flagship has `none`. Default: present on a flagship. */
  flagOfficer: Type.Optional(literals(["present", "killed", "none"])),
  /** Scenario rule: "some flag officers may increase or reduce the initiative of the squadron". */
  flagOfficerInitiative: Type.Integer({ minimum: -3, maximum: 3, default: 0 }),
  /** Critical "gun deck swept": turns left of the extra gunnery step lost. */
  gunDeckSweptTurns: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
  /**
   * The move in which the swept gun deck was rolled (step 5, after all ships fired): the step is lost in the moves
   * after it. Null (a log written by hand): lost from this move on.
   */
  gunDeckSweptSince: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })], { default: null }),
  /** Critical "helm hit": what the next move must do (null = no helm damage pending). */
  helm: Type.Union([Type.Null(), literals(["port", "none", "starboard"])], { default: null }),
  grappledWith: Type.Union([Type.Null(), Type.String({ minLength: 1 })], { default: null }),
  grappleKind: Type.Union([Type.Null(), literals(GRAPPLE_KINDS)], { default: null }),
  /** Has lost a round of boarding combat in the present action (−1 to separate). */
  lostBoardingRound: Type.Boolean({ default: false }),
  /** Won the latest round of boarding combat: "The winner of a round of combat may attempt to separate". */
  wonBoardingRound: Type.Boolean({ default: false }),
  fireship: Type.Boolean({ default: false, label: "Fireship" }),
  /** A fire ship that has been fired (lit): moves first, straight, −1 hull point a turn. */
  fireshipLit: Type.Boolean({ default: false }),
  /** A captured ship (a prize: −1 on the gale survival roll). */
  prize: Type.Boolean({ default: false }),
  captured: Type.Boolean({ default: false }),
  exploded: Type.Boolean({ default: false }),
  /**
   * The broadsides fired in move `broadsidesMove` ("Ships fire at the end of their movement, may fire both
   * broadsides"): each once a move; a later move starts with both.
   */
  broadsidesFired: Type.Array(literals(["port", "starboard"]), { default: [], maxItems: 2 }),
  broadsidesMove: Type.Integer({ minimum: 0, default: 0 }),
  /** The turn in which this ship last rolled for its fire (so a fire is rolled once a move). */
  fireRolledTurn: Type.Integer({ minimum: 0, default: 0 }),
  /** Derived (recomputed from damage on every request): steps lost and sinking. */
  stepsLost: Type.Optional(Type.Integer({ minimum: 0 })),
  sinking: Type.Optional(Type.Boolean()),
});

/** A ship's set-up for forms and rosters (the ship card's fields). */
export const SHIP_FIELDS = shipFieldsOf(ShipSchema);
export type ShipIn = Static<typeof ShipSchema>;

/** A ship after parsing: derived fields filled. */
export type Ship = Omit<ShipIn, "name"> & {
  readonly name: string;
  readonly flagOfficer: "present" | "killed" | "none";
  readonly stepsLost: number;
  readonly sinking: boolean;
};

/**
 * The wind. `direction` is the hexside the wind blows FROM (a vane's reading; docs/reference/rulesets.md: 0 = north, clockwise).
 * `previous` is the direction before the last change by the doubles rule (null until the first change), so the
 * wind can fluke back; `justChanged` marks a direction change this move (ships caught in irons get a free turn).
 */
export const WindSchema = Type.Object(
  {
    direction: Type.Integer({ minimum: 0, maximum: 5, default: 0 }),
    strength: literals(STRENGTHS, { default: "normal" }),
    previous: Type.Union([Type.Null(), side], { default: null }),
    justChanged: Type.Boolean({ default: false }),
  },
  { additionalProperties: false, default: {} },
);
export type Wind = Static<typeof WindSchema>;

export const GameSchema = Type.Object(
  {
    turn: Type.Integer({ minimum: 1, default: 1 }),
    ended: Type.Boolean({ default: false }),
    endReason: Type.Union([Type.Null(), Type.String()], { default: null }),
  },
  { additionalProperties: false, default: {} },
);
export type Game = Static<typeof GameSchema>;

/** The anglo-dutch-1666 table state. */
export type AdState = TableState<Ship, Wind> & { readonly game: Game };
