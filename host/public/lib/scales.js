// The display's text scales /control offers (Smaller / Larger step through them): from 80 % to 175 % of the size
// the screen's width gives (175 % on a 1920-wide screen is 42 px type, for players reading from the table's edge; on
// a 1024×600 kiosk 31.5 px). The display fits its content at each of them (test/browser/display-fit-*.test.ts); at
// 200 % a 1024×600 screen cannot hold the instruction, the dice so far and the odds headline together (measured).
export const SCALES = [0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75];

/** The offered scale one step from `now` (`by` −1 or +1); a scale between two steps goes to the nearer one that way. */
export function stepScale(now, by) {
  if (by > 0) return SCALES.find((s) => s > now + 0.001) ?? SCALES[SCALES.length - 1];
  return [...SCALES].reverse().find((s) => s < now - 0.001) ?? SCALES[0];
}
