/** Types of scales.js (for the browser tests). */
export const SCALES: readonly number[];
export function stepScale(now: number, by: -1 | 1): number;
