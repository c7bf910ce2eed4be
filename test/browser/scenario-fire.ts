/**
 * Each bundled scenario's firing action, with its geometric fields given (so no ship positions are needed): what the
 * browser tests set up to reach an action with its odds, its dice and a result (words.ts).
 */
export const FIRE = {
  // 9 dice for a first rate, 3 for raking: twelve and more
  "sole-bay-1672": { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 1, rake: true },
  quickfire: { type: "gunnery", firer: "mikasa", target: "knyaz-suvorov", battery: "heavy", range: "short", arc: "broadside" },
  "anglo-dutch-1666": { type: "fire", firer: "royal-charles", target: "zeven-provincien", range: "short" },
  "wsim-battle-v3": { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 2, gunsFiring: 10 },
  "age-of-sail": { type: "fire", firer: "victory", target: "redoutable", aim: "hull", rangeCm: 8, side: "port" },
} as const satisfies Record<string, Record<string, unknown>>;

/** A bundled scenario's name. */
export type Scenario = keyof typeof FIRE;

/** The bundled scenarios. */
export const SCENARIOS = Object.keys(FIRE) as Scenario[];
