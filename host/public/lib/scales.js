// The display's text scales /control offers (Smaller / Larger step through them): from 80 % to 150 % of the size
// the screen's width gives (150 % on a 1920-wide screen is 36 px type; on a 1024×600 kiosk 27 px). The display fits
// its content at each of them (test/browser/display-fit.test.ts).
export const SCALES = [0.8, 0.9, 1, 1.1, 1.25, 1.5];

/** The offered scale one step from `now` (`by` −1 or +1); a scale between two steps goes to the nearer one that way. */
export function stepScale(now, by) {
  if (by > 0) return SCALES.find((s) => s > now + 0.001) ?? SCALES[SCALES.length - 1];
  return [...SCALES].reverse().find((s) => s < now - 0.001) ?? SCALES[0];
}
