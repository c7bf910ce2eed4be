/** Quickfire 2.1's turn angles, apart from the Move action so the move's judge (move.ts) reads them too. */

/**
 * Maximum turn by the speed box in use (2.1 figure, box 1 first). The figure lost its layout in our copy
 * ("45° 90° / 45° 45° / 90° / 90°"); the example fixes box 1 = 45°, box 4 = 90°, box 8 = 0°, and the figure shows
 * three 45° boxes, so boxes 1–3 turn 45°, 4–7 turn 90°, box 8 cannot turn.
 */
export const TURN_ANGLES: readonly number[] = [45, 45, 45, 90, 90, 90, 90, 0];
