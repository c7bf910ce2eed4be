/** Types of the map's hex grid in map-hexes.js (for the unit tests). */
import type { Box } from "./map-labels.js";
export function hexPath(
  grid: { size: number; origin: { x: number; y: number }; orientation: "flat" | "pointy" },
  win: Box,
  height: number,
): string;
