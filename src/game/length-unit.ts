/**
 * A unit of length (measure-kit.ts has the units and their arithmetic). A file of its own so that a move's rules
 * (move-types.ts) can name it without importing the measurers.
 */

/** A unit of length as a text measures: mm per unit, its mark, and the decimals a reading keeps. */
export interface LengthUnit {
  readonly mm: number;
  readonly mark: string;
  /** The mark after exactly 1 where it differs (" hex" against " hexes"). */
  readonly markOne?: string;
  readonly decimals: number;
}
