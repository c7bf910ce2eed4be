/** Types of the map's label placement in map-labels.js (for the unit tests). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export function initials(name: string): string;
export function placeLabels(
  ships: readonly { id: string; name: string; sx: number; sy: number; r: number }[],
  options: { unit: number; fontPx: number; bounds: Box; first?: readonly string[]; obstacles?: readonly Box[] },
): { id: string; text: string; x: number; y: number; anchor: "start" | "middle" | "end"; short: boolean }[];
