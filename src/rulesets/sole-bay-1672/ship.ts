/**
 * A sole-bay-1672 ship (docs/reference/rulesets.md): roster fields, damage state, and the derived `condition`/`destroyed`.
 */

import { Type } from "@sinclair/typebox";
import { shipFieldsOf } from "../../game/fields.ts";
import { literals, safeName } from "../../game/schema.ts";
import { shipSchema } from "../../game/ship-schema.ts";
import type { ShipBase } from "../../game/types.ts";
import {
  BOXES_PER_LEVEL,
  CONDITIONS,
  type Condition,
  CREW_MODIFIER,
  type Crew,
  type Hull,
  type Rating,
  type SpeedClass,
} from "./tables.ts";

export type FlagOfficer = "present" | "killed" | "captured" | "none";

/** Ship JSON as a request gives it; `condition` and `destroyed` are accepted and recomputed from `damage`. */
export const ShipSchema = shipSchema({
  rating: Type.Integer({ minimum: 1, maximum: 4, label: "Rate" }),
  speed: literals(["medium", "slow"] as const, { label: "Speed" }),
  hull: literals(["stout", "average", "weak"] as const, { label: "Hull" }),
  crew: literals(["elite", "regular", "poor"] as const, { default: "regular", label: "Crew" }),
  squadron: Type.Optional(safeName({ label: "Squadron" })),
  /** Default: the first ship listed in her squadron when none is marked ("the first ship listed on its roster"). */
  flagship: Type.Optional(Type.Boolean({ label: "Flagship" })),
  fireship: Type.Boolean({ default: false, label: "Fireship" }),
  damage: Type.Integer({ minimum: 0, default: 0 }),
  firstBroadsideUsed: Type.Boolean({ default: false }),
  fullSail: Type.Boolean({ default: false }),
  fireTurns: Type.Integer({ minimum: 0, default: 0 }),
  flagOfficer: Type.Optional(literals(["present", "killed", "captured", "none"] as const)),
  condition: Type.Optional(literals(CONDITIONS)),
  destroyed: Type.Optional(Type.Boolean()),
});

/** A ship's set-up for forms and rosters (the ship card's fields). */
export const SHIP_FIELDS = shipFieldsOf(ShipSchema);

/** A ship after parsing: every field filled, `condition` and `destroyed` derived from `damage`. */
export interface SoleBayShip extends ShipBase {
  readonly rating: Rating;
  readonly speed: SpeedClass;
  readonly hull: Hull;
  readonly crew: Crew;
  readonly squadron: string;
  readonly flagship: boolean;
  readonly fireship: boolean;
  readonly damage: number;
  readonly firstBroadsideUsed: boolean;
  readonly fullSail: boolean;
  readonly fireTurns: number;
  readonly flagOfficer: FlagOfficer;
  readonly condition: Condition;
  readonly destroyed: boolean;
}

/** Boxes on the whole ship: four levels of its hull's boxes. */
export const totalBoxes = (hull: Hull): number => BOXES_PER_LEVEL[hull] * CONDITIONS.length;

/** Level index 0–3 by boxes marked, 4 once every box is marked ("When all boxes have been deleted … destroyed"). */
export function levelOf(hull: Hull, damage: number): number {
  return Math.min(CONDITIONS.length, Math.floor(damage / BOXES_PER_LEVEL[hull]));
}

/** Condition word by boxes marked; a destroyed ship keeps its last level's word. */
export function conditionOf(hull: Hull, damage: number): Condition {
  return CONDITIONS[Math.min(CONDITIONS.length - 1, levelOf(hull, damage))] as Condition;
}

/** Recomputes the derived fields (call after any change of `damage`). */
export function derive<S extends Omit<SoleBayShip, "condition" | "destroyed"> & Partial<SoleBayShip>>(ship: S): SoleBayShip {
  const damage = Math.min(ship.damage, totalBoxes(ship.hull));
  return {
    id: ship.id,
    name: ship.name,
    side: ship.side,
    // the ship's own base, measured by the rules and drawn by the map (absent: the rule set's default)
    ...(ship.base ? { base: ship.base } : {}),
    rating: ship.rating,
    speed: ship.speed,
    hull: ship.hull,
    crew: ship.crew,
    squadron: ship.squadron,
    flagship: ship.flagship,
    fireship: ship.fireship,
    damage,
    firstBroadsideUsed: ship.firstBroadsideUsed,
    fullSail: ship.fullSail,
    fireTurns: ship.fireTurns,
    flagOfficer: ship.flagOfficer,
    condition: conditionOf(ship.hull, damage),
    destroyed: damage >= totalBoxes(ship.hull),
  };
}

/** Crew modifier; a fired fireship has had "the crew removed", so it has none. */
export function crewModifier(ship: SoleBayShip, fired: readonly string[]): number {
  return fired.includes(ship.id) ? 0 : CREW_MODIFIER[ship.crew];
}

/** Whether the flag officer is aboard (the ship carries the flag). */
export const flagAboard = (ship: SoleBayShip): boolean => ship.flagOfficer === "present";
