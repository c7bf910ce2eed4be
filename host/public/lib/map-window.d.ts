/** Types of the map's window in map-window.js (for the unit tests). */
import type { Box } from "./map-labels.js";
export function viewWindow(boxes: readonly Box[], table: { width: number; height: number }, aspect: number): Box;
