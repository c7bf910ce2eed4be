/**
 * A Quickfire ship log (text 1.3 "Ship Log", docs/reference/rulesets.md) and the game state around it, as TypeBox schemas,
 * plus the values read off a log: current ROF, available speed, the speed box in use.
 */
import { type Static, Type } from "@sinclair/typebox";
import { shipFieldsOf } from "../../game/fields.ts";
import { shipSchema } from "../../game/ship-schema.ts";
import type { TableState } from "../../game/types.ts";
import type { Chart } from "./chart.ts";

const Count = Type.Integer({ minimum: 0, default: 0 });

/** Damage marked as a slash during a gunnery phase, fully crossed out at the phase's end (4.0, 1.4 phase 2). */
export const PendingSchema = Type.Object(
  { speedLost: Count, heavyRofLost: Count, lightRofLost: Count, torpedoLost: Count, repairUsed: Count },
  { additionalProperties: false, default: {} },
);

export const ShipSchema = shipSchema({
  size: Type.Integer({ minimum: 1, maximum: 99, label: "Size" }),
  heavyGun: Type.Number({ minimum: 0, label: "Heavy gun" }),
  heavyArmor: Type.Number({ minimum: 0, label: "Heavy armour" }),
  lightGun: Type.Number({ minimum: 0, label: "Light gun" }),
  lightArmor: Type.Number({ minimum: 0, label: "Light armour" }),
  heavyRof: Type.Integer({ minimum: 0, maximum: 6, label: "Heavy ROF" }),
  lightRof: Type.Integer({ minimum: 0, maximum: 6, label: "Light ROF" }),
  blastCap: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 3 })], { default: null }),
  torpedo: Type.Integer({ minimum: 0, default: 0, label: "Torpedo" }),
  /** The eight speed boxes, fastest first, in the table's measure unit (mm metric, inches imperial). */
  speedBoxes: Type.Array(Type.Number({ minimum: 0 }), {
    minItems: 8,
    maxItems: 8,
    label: "Speed boxes (eight speeds, fastest first: 60, 52, 45 …)",
  }),
  repair: Type.Integer({ minimum: 0, default: 0, label: "Repair" }),
  /** S hits taken; beyond 8 they are the "extra S written in the margin" (4.3). */
  speedLost: Count,
  heavyRofLost: Count,
  lightRofLost: Count,
  torpedoLost: Count,
  repairUsed: Count,
  fires: Count,
  pending: PendingSchema,
  /** D hits not yet repaired: each the 1D6 of the direction table (1 = 135° left … 6 = 135° right). */
  directionHits: Type.Array(Type.Integer({ minimum: 1, maximum: 6 }), { default: [] }),
  /** Torpedo rating crossed out after a torpedo hit (3.2). */
  torpedoSpent: Type.Boolean({ default: false }),
  /** Distance moved this turn (measure units). */
  moved: Type.Number({ minimum: 0, default: 0 }),
  /** Actual speed of the previous turn (2.2), null before the first move. */
  lastSpeed: Type.Union([Type.Null(), Type.Number({ minimum: 0 })], { default: null }),
  sunk: Type.Boolean({ default: false }),
});

/** A ship's set-up for forms and rosters (the ship log's ratings). */
export const SHIP_FIELDS = shipFieldsOf(ShipSchema);
export type Ship = Omit<Static<typeof ShipSchema>, "name"> & { readonly name: string };

export const PHASES = ["movement", "first-gunnery", "second-gunnery", "repair"] as const;
export type Phase = (typeof PHASES)[number];

const ShotSchema = Type.Object(
  {
    firer: Type.String(),
    kind: Type.Union([Type.Literal("gun"), Type.Literal("torpedo")]),
    battery: Type.Union([Type.Literal("heavy"), Type.Literal("light"), Type.Null()]),
    targets: Type.Array(Type.String()),
    range: Type.Union([Type.Literal("point-blank"), Type.Literal("short"), Type.Literal("long"), Type.Null()]),
    quickfire: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type Shot = Static<typeof ShotSchema>;

/** Turn, phase (null = not tracked: phase rules are not checked) and this phase's shots. */
export const GameSchema = Type.Object(
  {
    turn: Type.Integer({ minimum: 1, default: 1 }),
    phase: Type.Union([Type.Null(), ...PHASES.map((p) => Type.Literal(p))], { default: null }),
    shots: Type.Array(ShotSchema, { default: [] }),
  },
  { additionalProperties: false, default: {} },
);
export type Game = Static<typeof GameSchema>;

/** The effective settings, typed (validated against SETTINGS in settings.ts). */
export type QuickfireSettings = {
  readonly scale: "small" | "large";
  readonly units: "metric" | "imperial";
  readonly halfRofRounding: "down" | "up";
};

/** The quickfire table state. */
export interface QuickfireState extends TableState<Ship, null> {
  readonly game: Game;
  readonly settings: QuickfireSettings;
  readonly data: Chart;
}

export type Battery = "heavy" | "light";
export type LostField = "speedLost" | "heavyRofLost" | "lightRofLost" | "torpedoLost" | "repairUsed";

/** Current (effective) ROF: slashes of this phase do not count yet. */
export function currentRof(ship: Ship, battery: Battery): number {
  return battery === "heavy" ? Math.max(0, ship.heavyRof - ship.heavyRofLost) : Math.max(0, ship.lightRof - ship.lightRofLost);
}

/** ROF in the arc: halved fore and aft (3.1 "all ROF ratings are halved"), rounded by the setting. */
export function arcRof(rof: number, arc: "broadside" | "fore-aft", rounding: "down" | "up"): number {
  if (arc === "broadside") return rof;
  return rounding === "down" ? Math.floor(rof / 2) : Math.ceil(rof / 2);
}

/** Current torpedo rating: 0 once crossed out after a hit (3.2). */
export function currentTorpedo(ship: Ship): number {
  return ship.torpedoSpent ? 0 : Math.max(0, ship.torpedo - ship.torpedoLost);
}

/** What a damage chain may still take: counting this phase's slashes as gone. */
export function remaining(ship: Ship, field: LostField): number {
  if (field === "torpedoLost" && ship.torpedoSpent) return 0;
  const base = {
    speedLost: 8,
    heavyRofLost: ship.heavyRof,
    lightRofLost: ship.lightRof,
    torpedoLost: ship.torpedo,
    repairUsed: ship.repair,
  };
  return Math.max(0, base[field] - ship[field] - ship.pending[field]);
}

/** Available speed: the topmost unmarked speed box (2.0), 0 when all are crossed out. */
export function availableSpeed(ship: Ship): number {
  return ship.speedLost >= 8 ? 0 : (ship.speedBoxes[ship.speedLost] ?? 0);
}

/**
 * The speed box (0–7) a move of `distance` uses: the slowest box whose speed covers the distance (2.1 example:
 * moving on the 38mm box is "using her fourth speed box"). A distance above every box has none (-1).
 */
export function boxInUse(ship: Ship, distance: number): number {
  for (let i = 7; i >= 0; i--) if ((ship.speedBoxes[i] ?? 0) >= distance) return i;
  return -1;
}

/** Speed boxes used by a move: from the slowest box up to the box in use; 0 for no move (3.2 moving/static). */
export function boxesUsed(ship: Ship, distance: number): number {
  if (distance <= 0) return 0;
  const box = boxInUse(ship, distance);
  return box < 0 ? 8 : 8 - box;
}

/** Zero speed: every speed box crossed out (4.3). */
export const immobile = (ship: Ship): boolean => ship.speedLost >= 8;
