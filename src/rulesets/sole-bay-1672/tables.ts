/**
 * The rule tables of "Fast Play Naval Rules for the Battle of Sole Bay 1672", as data. Each constant names
 * the section of the text it is copied from.
 */
import type { DieKind } from "../../dice/kinds.ts";

/** The four damage levels, in order (combat table and speed table columns; "Hull Strength"). */
export const CONDITIONS = ["fresh", "worn", "damaged", "heavily-damaged"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  fresh: "Fresh",
  worn: "Worn",
  damaged: "Damaged",
  "heavily-damaged": "Heavily Damaged",
};

export type Hull = "stout" | "average" | "weak";
export type Crew = "elite" | "regular" | "poor";
export type SpeedClass = "medium" | "slow";
export type Rating = 1 | 2 | 3 | 4;

/** "Hull Strength": Stout ships have 5 boxes, Average ships have 4 boxes, and Weak ships have 3 boxes (per level). */
export const BOXES_PER_LEVEL: Readonly<Record<Hull, number>> = { stout: 5, average: 4, weak: 3 };

/** "Definitions": Crew: Elite (+1), Regular (+/-0) or Poor (-1). Used for every crew-modified roll. */
export const CREW_MODIFIER: Readonly<Record<Crew, number>> = { elite: 1, regular: 0, poor: -1 };

/** "Broadsides" combat table: dice by rating (1st–4th) and current condition. */
export const BROADSIDE_DICE: Readonly<Record<Rating, Readonly<Record<Condition, number>>>> = {
  1: { fresh: 9, worn: 8, damaged: 5, "heavily-damaged": 3 },
  2: { fresh: 8, worn: 6, damaged: 4, "heavily-damaged": 2 },
  3: { fresh: 7, worn: 6, damaged: 4, "heavily-damaged": 2 },
  4: { fresh: 6, worn: 4, damaged: 3, "heavily-damaged": 2 },
};

/** "Broadsides": Close Range (4''): 4+, Medium Range (8''): 5+, Long Range (12''): 6+. */
export const RANGE_BANDS = [
  { band: "close", maxInches: 4, needed: 4 },
  { band: "medium", maxInches: 8, needed: 5 },
  { band: "long", maxInches: 12, needed: 6 },
] as const;

/** "Broadsides — Modifiers": raking +3D6, first broadside +1D6 once per ship per game, target at full sail +1D6. */
export const BROADSIDE_MODIFIERS = { rake: 3, firstBroadside: 1, targetAtFullSail: 1 } as const;

/** "Movement" speed table, inches by speed class and condition (tactical; doubled for strategic moves). */
export const SPEED_TABLE: Readonly<Record<SpeedClass, Readonly<Record<Condition, number>>>> = {
  medium: { fresh: 6, worn: 6, damaged: 4, "heavily-damaged": 2 },
  slow: { fresh: 4, worn: 4, damaged: 2, "heavily-damaged": 2 },
};

/** "Movement": at least 2" Tactical or 4" Strategic; strategic is beyond 12"; distances doubled when strategic. */
export const MINIMUM_MOVE = { tactical: 2, strategic: 4 } as const;
export const GUNNERY_RANGE_INCHES = 12;
export const STRATEGIC_MULTIPLIER = 2;

/** "Turning": Slow ships only 1 turn a move; Medium up to 2; 2" (4" strategic) between turns. */
export const TURNS_PER_MOVE: Readonly<Record<SpeedClass, number>> = { slow: 1, medium: 2 };

/** "Backing Sail" / "Tacking": success on a roll of 4+ modified by crew quality. */
export const SAILING_SUCCESS = 4;

/** "Collisions": moving player rolls 1D6 + crew: 0-1 Disastrous (full), 2-4 Impact (half), 5-7 Come about! (none). */
export const COLLISION_TABLE = [
  { max: 1, result: "disastrous-impact", damage: "full" },
  { max: 4, result: "impact", damage: "half" },
  { max: Number.POSITIVE_INFINITY, result: "come-about", damage: "none" },
] as const;

/** "Collision Damage" by hull class of the moving ship: Stout 2D6, Average 1D6, Weak 1D3. */
export const COLLISION_DAMAGE_DICE: Readonly<Record<Hull, { die: DieKind; count: number }>> = {
  stout: { die: "d6", count: 2 },
  average: { die: "d6", count: 1 },
  weak: { die: "d3", count: 1 },
};

/** "Boarding": 1D6 + crew: 0-2 Failed Boarding, 3-7 Grappled. Fireships' ensnare roll uses the same table. */
export const GRAPPLE_SUCCESS = 3;

/** "Fighting the Boarding Action": Stout ships 2D6; Average ships and Fireships 1D6 (weak: a setting). */
export const BOARDING_DICE = {
  stout: { die: "d6", count: 2 },
  average: { die: "d6", count: 1 },
  fireship: { die: "d6", count: 1 },
} as const satisfies Record<string, { die: DieKind; count: number }>;

/** "Boarding — Modifiers": relative damage +1 per level less than opponent; flagship +1 with flag officer present. */
export const BOARDING_MODIFIERS = { perLevelLessDamaged: 1, flagship: 1 } as const;

/** "Fire Fighting": 4+ on 1D6, modified by crew quality; -1 per each turn of Fire. */
export const FIRE_FIGHTING_SUCCESS = 4;
export const FIRE_FIGHTING_PER_TURN = -1;

/** "Fireships": the fire inflicts 1D3 of damage on the target vessel per move. */
export const FIRE_DAMAGE_DICE = { die: "d3", count: 1 } as const;

/** "Ship Destruction": 2D6, explodes on 11 or 12 (10, 11 or 12 if Fire); radius 1D6", 1D6 hits to each ship within. */
export const EXPLOSION_MIN = { broadside: 11, fire: 10 } as const;

/** "Risk to Flag Officer": 2d6, killed or mortally wounded on '2'. */
export const FLAG_OFFICER_KILLED_ON = 2;

/** "Flagships": the Flag Officer may retire to another ship of his Division within 6". */
export const RETIRE_WITHIN_INCHES = 6;

/** "Squadron Breakpoint": breaks off on a modified 1D6 roll of 1 or 2. */
export const BREAKPOINT_BREAKS_ON = 2;
export const BREAKPOINT_MODIFIERS = { flagOfficerLost: -1, mostFresh: 1, mostElite: 1, mostPoor: -1 } as const;
