/**
 * The rule tables of "1666 – Naval Rules for fleet actions of the Anglo-Dutch Wars" (Tim Kohler 2014) as data.
 */

/**
 * "Fire Table": rows by the firing ship's fire points (½ … 9–11), columns by the modified 1D6 roll
 * ("0 or less", 1–7, "8+"); values are hits. The copied text lost its layout: the first two rows carry one stray
 * trailing "-" (ten cells for nine columns), dropped here; "-" is 0 hits.
 */
export const FIRE_TABLE: ReadonlyArray<{ readonly label: string; readonly min: number; readonly hits: readonly number[] }> = [
  //                          ≤0 1  2  3  4  5  6  7  8+
  { label: "½", min: 0.5, hits: [1, 1, 0, 0, 0, 0, 0, 0, 0] },
  { label: "1", min: 1, hits: [1, 1, 1, 0, 0, 0, 0, 0, 0] },
  { label: "1½", min: 1.5, hits: [2, 1, 1, 1, 0, 0, 0, 0, 0] },
  { label: "2", min: 2, hits: [2, 1, 1, 1, 1, 0, 0, 0, 0] },
  { label: "3", min: 3, hits: [3, 2, 1, 1, 1, 0, 0, 0, 0] },
  { label: "4", min: 4, hits: [3, 2, 2, 1, 1, 1, 0, 0, 0] },
  { label: "5", min: 5, hits: [4, 3, 2, 1, 1, 1, 0, 0, 0] },
  { label: "6", min: 6, hits: [4, 3, 3, 2, 1, 1, 1, 0, 0] },
  { label: "7-8", min: 7, hits: [4, 3, 3, 2, 2, 1, 1, 1, 0] },
  { label: "9-11", min: 9, hits: [5, 4, 3, 3, 2, 2, 1, 1, 0] },
];

/**
 * The row for a ship's current fire points. The table has no rows for 2½, 3½ … (Appendix 1 gives such values):
 * a value between rows reads the row below it (2½ → "2"); above 11 reads "9-11". Null below ½ (cannot fire).
 */
export function fireRow(firePoints: number): (typeof FIRE_TABLE)[number] | null {
  let row: (typeof FIRE_TABLE)[number] | null = null;
  for (const r of FIRE_TABLE) if (firePoints >= r.min) row = r;
  return row;
}

/** The table's column index for a modified roll: "0 or less" → 0, 1–7 → 1–7, "8+" → 8. */
export function fireColumn(modifiedRoll: number): number {
  return Math.max(0, Math.min(8, modifiedRoll));
}

/**
 * "Roll 1D6, and add or subtract the following modifiers: +2 Long range, shooter on fire; +1 Small target (20
 * gunner or less), strong winds; -1 Short range; -2 Stern rake (short range only, get SR modifier as well)".
 */
export const FIRE_MODIFIERS = { long: 2, shooterOnFire: 2, smallTarget: 1, short: -1, sternRake: -2 } as const;

/** "Small target (20 gunner or less)". */
export const SMALL_TARGET_GUNS = 20;

/** "Critical hits — Roll 2 D Ave": the effect by score (4–10). */
export type CriticalEffect = "fire" | "none" | "gun-deck-swept" | "helm" | "flag-officer";
export function criticalEffect(score: number): CriticalEffect {
  if (score <= 5) return "fire"; // 4-5 Fire
  if (score <= 7) return "none"; // 6-7 No special effect
  if (score === 8) return "gun-deck-swept"; // 8 Gun deck swept by fire: lose additional gunnery step for 1D Ave turns
  if (score === 9) return "helm"; // 9 Helm hit
  return "flag-officer"; // 10 Flag officer hit
}

/** Fire: "roll 1D ave each move (inc move inflicted): 2 = ship explodes, 3-4 fire burns on, lose 1 hull point, 5 = fire extinguished". */
export type FireResult = "explodes" | "burns" | "extinguished";
export function fireResult(dave: number): FireResult {
  return dave <= 2 ? "explodes" : dave >= 5 ? "extinguished" : "burns";
}

/** Helm hit: "Roll 1D Ave 2 = next move turn to port, 3-4 no turn next turn, 5 = next move turn to starboard". */
export function helmResult(dave: number): "port" | "none" | "starboard" {
  return dave <= 2 ? "port" : dave >= 5 ? "starboard" : "none";
}

/** Wind strength ladder (Appendix 2): Still, Light, Normal, Strong, Gale. */
export const STRENGTH_LADDER = ["still", "light", "normal", "strong", "gale"] as const;

/** Appendix 2: "Roll 1D6 – 1-3 wind decreases by one level, 4-6 wind strengthens by 1 level"; Still: "Any change in wind strength increases to Light". */
export function nextStrength(from: (typeof STRENGTH_LADDER)[number], d6: number): (typeof STRENGTH_LADDER)[number] {
  if (from === "still") return "light";
  const i = STRENGTH_LADDER.indexOf(from);
  const j = d6 <= 3 ? i - 1 : i + 1;
  return STRENGTH_LADDER[Math.max(0, Math.min(STRENGTH_LADDER.length - 1, j))] ?? from;
}

/**
 * Initial deployment (Appendix 2): "1-2 is yes, and the ship stays where it is, 3-4 displace by 1 hex, 5-6
 * displace by 2 hexes"; "1= down wind, the 2-6 follows round clockwise".
 */
export function displacementHexes(die: number): number {
  return die <= 2 ? 0 : die <= 4 ? 1 : 2;
}
