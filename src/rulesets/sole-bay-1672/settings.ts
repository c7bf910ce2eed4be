/**
 * Named settings of sole-bay-1672: the optional "Death Dice" rule and every value the text leaves unstated.
 * Each description quotes the sentence it reads.
 */
import type { SettingLimits } from "../../game/action-kit.ts";
import type { SettingDef } from "../../game/types.ts";

export const SETTING_DEFS: readonly SettingDef[] = [
  {
    name: "deathDice",
    label: "Death dice",
    default: false,
    description:
      "Risk to Flag Officer rolled with a pair of 'Death Dice': killed on a double skull instead of a total of 2. Reads: \"Flag Officer killed or mortally wounded on '2' (Or Double Skull if using a pair of 'Death Dice'.)\"",
  },
  {
    name: "deathDiceSkullFace",
    label: "Death dice: the skull's face",
    default: 1,
    description:
      "The d6 value a Death Die's skull stands for (the skull replaces the one-pip face on common skull dice, so a double skull is the same 1-in-36 as a '2'). Reads: \"Or Double Skull if using a pair of 'Death Dice'.\"",
  },
  {
    name: "flagRiskPerLevel",
    label: "Flag officer's risk per level",
    default: true,
    description:
      'One Risk to Flag Officer roll for each damage level lost (false: one roll per action that lowers the level). Reads: "Whenever the Flagship\'s Damage rating is reduced (eg. Fresh to Worn; Worn to Damaged etc), there is a Risk the Flag Officer is killed."',
  },
  {
    name: "explosionFlagRisk",
    label: "Flag officer's risk in an explosion",
    default: true,
    description:
      'Every flagship caught in an explosion rolls one Risk to Flag Officer even without a level lost (plus any for levels lost). Reads: "All ships within 1D6 inches take 1D6 hits and there is a Risk to Flag Officer".',
  },
  {
    name: "explosionHitsRoll",
    label: "Explosion hits rolled",
    default: "each",
    values: ["each", "one"],
    description:
      'Explosion hits: "each" = one 1D6 per ship within, "one" = a single 1D6 for all of them. Reads: "All ships within 1D6 inches take 1D6 hits".',
  },
  {
    name: "chainExplosionAs",
    label: "A chain explosion counts as",
    default: "broadside",
    values: ["broadside", "fire", "none"],
    description:
      'A ship destroyed by explosion hits rolls to explode as if destroyed by broadside (11-12), by fire (10-12), or not at all. Reads: "If destroyed by Broadships or Fire, Roll 2D6 and on a roll of 11 or 12 (10, 11 or 12 if Fire) the ship explodes."',
  },
  {
    name: "weakBoardingDice",
    label: "Boarding dice of a weak ship",
    default: "1d3",
    values: ["1d3", "1d6"],
    description:
      'Boarding dice of a Weak ship (the text lists only Stout 2D6 and Average/Fireships 1D6); 1D3 follows the Stout/Average/Weak pattern of Collision Damage. Reads: "Stout ships: 2D6 — Average ships and Fireships: 1D6".',
  },
  {
    name: "fireshipExplosionMin",
    label: "Fireship explosion at least",
    default: 10,
    description:
      'A fired fireship explodes on a 2D6 roll of at least this each move (13 = never); the default uses the text\'s fire number. Reads: "The ship will then sail in a straight line, rolling for a possible explosion each move until it collides with another vessel."',
  },
  {
    name: "collisionHalfRounding",
    label: "Collision's half rounded",
    default: "up",
    values: ["up", "down"],
    description:
      'How HALF Collision Damage rounds an odd total ("up" keeps an Impact from ever doing nothing, unlike Come about!). Reads: "2-4 Impact — Both ships take HALF Collision Damage".',
  },
  {
    name: "breakpointPercent",
    label: "Breakpoint (% of the squadron)",
    default: 33,
    description:
      'Share of a squadron\'s ships (fireships ignored) that must be lost before it tests. Reads: "Once a Squadron/Division has lost 33% of its ships, and each time it loses a ship thereafter".',
  },
];

/** Bounds of the numeric settings (SETTING_DEFS is public JSON, so they live here). */
export const SETTING_LIMITS: Readonly<Record<string, SettingLimits>> = {
  deathDiceSkullFace: { integer: true, minimum: 1, maximum: 6 },
  fireshipExplosionMin: { integer: true, minimum: 2, maximum: 13 },
  breakpointPercent: { exclusiveMinimum: 0, maximum: 100 },
};

/** The effective settings, typed (validated against SETTING_DEFS and SETTING_LIMITS); a type, so it is a Settings record. */
export type SoleBaySettings = {
  readonly deathDice: boolean;
  readonly deathDiceSkullFace: number;
  readonly flagRiskPerLevel: boolean;
  readonly explosionFlagRisk: boolean;
  readonly explosionHitsRoll: "each" | "one";
  readonly chainExplosionAs: "broadside" | "fire" | "none";
  readonly weakBoardingDice: "1d3" | "1d6";
  readonly fireshipExplosionMin: number;
  readonly collisionHalfRounding: "up" | "down";
  readonly breakpointPercent: number;
};
