/**
 * The opposed roll several rule texts use to decide who goes first: each side rolls, the single highest roll wins,
 * and the sides tied on the highest roll roll again. Age of Sail's initiative ("the higher moves first"), Quickfire's
 * optional move-order roll (1.4: "the high roller deciding who moves first") and Sole Bay's Initiative ("highest has
 * the initiative; draws are re-rolled") all read it; what the winner gains stays with each rule set.
 */

/** One side's roll in an opposed roll. */
export interface SideRoll<T> {
  readonly side: T;
  readonly roll: number;
}

/** Who won an opposed roll: the single highest side, or `null` with the sides tied on the highest roll. */
export interface HighestRoll<T> {
  readonly winner: T | null;
  /** The sides tied on the highest roll (they roll again); empty when there is a winner. */
  readonly tied: T[];
}

/** The single highest roll wins; a tie on the highest roll names the tied sides, who roll again. */
export function highestRoll<T>(rolls: readonly SideRoll<T>[]): HighestRoll<T> {
  const top = Math.max(...rolls.map((r) => r.roll));
  const best = rolls.filter((r) => r.roll === top).map((r) => r.side);
  return { winner: best.length === 1 ? (best[0] ?? null) : null, tied: best.length > 1 ? best : [] };
}
