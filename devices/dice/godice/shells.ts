/**
 * GoDice shells: the accelerometer vector tables and transforms that turn a stable x,y,z into a face
 * (dice-ble §2.4; identical in the JS, Python and C SDKs). The die never reports its shell, so the shell is
 * configuration. Nearest vector by squared distance; ties go to the lowest key (strict `<`).
 */
import type { PhysicalDieKind } from "../../readings.ts";

export const GODICE_SHELLS = ["d6", "d20", "d10", "d10x", "d4", "d8", "d12"] as const;
export type GoDiceShell = (typeof GODICE_SHELLS)[number];

type Vec = readonly [number, number, number];

/** D6 table, face 1..6. */
export const D6_VECTORS: readonly Vec[] = [
  [-64, 0, 0],
  [0, 0, 64],
  [0, 64, 0],
  [0, -64, 0],
  [0, 0, -64],
  [64, 0, 0],
];

/** D20 table, index 1..20. */
export const D20_VECTORS: readonly Vec[] = [
  [-64, 0, -22],
  [42, -42, 40],
  [0, 22, -64],
  [0, 22, 64],
  [-42, -42, 42],
  [22, 64, 0],
  [-42, -42, -42],
  [64, 0, -22],
  [-22, 64, 0],
  [42, -42, -42],
  [-42, 42, 42],
  [22, -64, 0],
  [-64, 0, 22],
  [42, 42, 42],
  [-22, -64, 0],
  [42, 42, -42],
  [0, -22, -64],
  [0, -22, 64],
  [-42, 42, -42],
  [64, 0, 22],
];

/** D24 table (d4, d8, d12 shells), index 1..24. */
export const D24_VECTORS: readonly Vec[] = [
  [20, -60, -20],
  [20, 0, 60],
  [-40, -40, 40],
  [-60, 0, 20],
  [40, 20, 40],
  [-20, -60, -20],
  [20, 60, 20],
  [-40, 20, -40],
  [-40, 40, 40],
  [-20, 0, 60],
  [-20, -60, 20],
  [60, 0, 20],
  [-60, 0, -20],
  [20, 60, -20],
  [20, 0, -60],
  [40, -20, -40],
  [-20, 60, -20],
  [-40, -40, -40],
  [40, -20, 40],
  [20, -60, 20],
  [60, 0, -20],
  [40, 20, -40],
  [-20, 0, -60],
  [-20, 60, 20],
];

/** Table index (1-based) → value, for the transforms of §2.4. */
const D10_FROM_D20 = [8, 2, 6, 1, 4, 3, 9, 0, 7, 5, 5, 7, 0, 9, 3, 4, 1, 6, 2, 8];
const D4_FROM_D24 = [3, 1, 4, 1, 4, 4, 1, 4, 2, 3, 1, 1, 1, 4, 2, 3, 3, 2, 2, 2, 4, 1, 3, 2];
const D8_FROM_D24 = [3, 3, 6, 1, 2, 8, 1, 1, 4, 7, 5, 5, 4, 4, 2, 5, 7, 7, 8, 2, 8, 3, 6, 6];

/** 1-based index of the nearest vector (ties: lowest index). */
export function nearestVector(table: readonly Vec[], x: number, y: number, z: number): number {
  let best = 1;
  let bestDist = Number.POSITIVE_INFINITY;
  table.forEach(([vx, vy, vz], i) => {
    const d = (x - vx) ** 2 + (y - vy) ** 2 + (z - vz) ** 2;
    if (d < bestDist) {
      bestDist = d;
      best = i + 1;
    }
  });
  return best;
}

const at = (values: readonly number[], index: number): number => values[index - 1] ?? 0;

/** The face a shell shows for a stable vector. d10 gives 0–9, d10x (percentile) 0–90. */
export function goDiceFace(shell: GoDiceShell, x: number, y: number, z: number): number {
  switch (shell) {
    case "d6":
      return nearestVector(D6_VECTORS, x, y, z);
    case "d20":
      return nearestVector(D20_VECTORS, x, y, z);
    case "d10":
      return at(D10_FROM_D20, nearestVector(D20_VECTORS, x, y, z));
    case "d10x":
      return at(D10_FROM_D20, nearestVector(D20_VECTORS, x, y, z)) * 10;
    case "d4":
      return at(D4_FROM_D24, nearestVector(D24_VECTORS, x, y, z));
    case "d8":
      return at(D8_FROM_D24, nearestVector(D24_VECTORS, x, y, z));
    case "d12": {
      const n = nearestVector(D24_VECTORS, x, y, z);
      return n > 12 ? n - 12 : n;
    }
  }
}

/** A vector that the shell reads as `face` (the first table entry giving it); null when no entry does. */
export function vectorForFace(shell: GoDiceShell, face: number): Vec | null {
  const tables: Record<GoDiceShell, readonly Vec[]> = {
    d6: D6_VECTORS,
    d20: D20_VECTORS,
    d10: D20_VECTORS,
    d10x: D20_VECTORS,
    d4: D24_VECTORS,
    d8: D24_VECTORS,
    d12: D24_VECTORS,
  };
  const table = tables[shell];
  for (const v of table) if (goDiceFace(shell, v[0], v[1], v[2]) === face) return v;
  return null;
}

/** The physical kind a shell makes the die. */
export function shellKind(shell: GoDiceShell): PhysicalDieKind {
  return shell === "d10x" ? "d00" : shell;
}
