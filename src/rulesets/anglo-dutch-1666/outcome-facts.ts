/**
 * The words the anglo-dutch-1666 outcomes share (src/game/outcome.ts): hexsides as compass points, the wind's
 * strengths, points of sail, hexes as a unit.
 */
import type { Unit } from "../../game/outcome.ts";
import { HEXSIDE_NAMES } from "./hexes.ts";

export const HEXES: Unit = ["hex", "hexes"];
export const HULL_POINTS: Unit = ["hull point", "hull points"];

/** Hexside 0–5 as the compass point it faces (N, NE, SE, S, SW, NW). */
export const HEXSIDE_WORDS: Readonly<Record<string, string>> = Object.fromEntries(HEXSIDE_NAMES.map((n, i) => [String(i), n]));

export const STRENGTH_WORDS: Readonly<Record<string, string>> = {
  still: "still",
  light: "light",
  normal: "normal",
  strong: "strong",
  gale: "gale",
};

export const POINT_OF_SAIL_WORDS: Readonly<Record<string, string>> = {
  "in-irons": "in irons",
  "close-hauled": "close hauled",
  reach: "reaching",
  run: "running",
};

export const SIDE_WORDS: Readonly<Record<string, string>> = { port: "port", starboard: "starboard", none: "none" };
