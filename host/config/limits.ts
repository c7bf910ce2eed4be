/**
 * How big a game may be, on every path a game comes in (a table file, its roster, `POST /api/games`, an imported
 * table file, a roster checked in the set-up page): checked on the count before any ship is read, so a file of
 * 2,000 ships is refused at once instead of being checked ship by ship (issue 27).
 */

/** Ships one game may hold. */
export const MAX_SHIPS = 500;
/** Sides (fleets) one game may have. */
export const MAX_SIDES = 16;
/** Characters of one roster cell. */
export const CELL_CHARS = 2048;
/** Nesting of a JSON value in one roster cell (`[[1,2],[3]]` is 2 deep). */
export const CELL_DEPTH = 4;

/** The sentence refusing a game of `ships` ships on `sides` sides, or null when it is within the limits. */
export function gameSizeProblem(ships: number, sides: number): string | null {
  if (ships > MAX_SHIPS) return `a game holds at most ${MAX_SHIPS} ships; this one has ${ships}.`;
  if (sides > MAX_SIDES) return `a game has at most ${MAX_SIDES} sides; this one has ${sides}.`;
  return null;
}

/** The deepest nesting of brackets in a text (outside strings), counted without parsing; stops past `limit`. */
export function bracketDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length && max <= limit; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") max = Math.max(max, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return max;
}
