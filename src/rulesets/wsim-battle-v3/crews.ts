/**
 * The crew qualities and boarding parties of wsim-battle-v3, shared by the ship state and the club's data file
 * (its crew modifiers and melee multipliers are keyed by quality).
 */

/** Crew qualities, best first; `seasoned` is v3's own. */
export const CREWS = ["elite", "crack", "seasoned", "average", "green", "poor"] as const;
export type Crew = (typeof CREWS)[number];

/** A crew section's boarding party: none, defensive, offensive or transferred (VIII). */
export const PARTIES = ["none", "DBP", "OBP", "TBP"] as const;
export type Party = (typeof PARTIES)[number];
