/**
 * The faces a physical die of each kind shows, whatever its maker: the tracker checks every reading against them,
 * and each family's decoder maps its own face indices onto them.
 */
import type { PhysicalDieKind } from "../readings.ts";

/** Highest valid face index for a kind (d00 has 10 faces, M20 uses the d20 numbering). */
export function faceCount(kind: PhysicalDieKind): number {
  const n: Record<PhysicalDieKind, number> = { d4: 4, d6: 6, d8: 8, d10: 10, d00: 10, d12: 12, d20: 20 };
  return n[kind];
}

/** Whether `face` is a value a die of `kind` shows (d10: 0–9, d00: 0–90 in tens, others 1–N). */
export function isFaceOf(kind: PhysicalDieKind, face: number): boolean {
  if (!Number.isInteger(face)) return false;
  if (kind === "d10") return face >= 0 && face <= 9;
  if (kind === "d00") return face >= 0 && face <= 90 && face % 10 === 0;
  return face >= 1 && face <= faceCount(kind);
}
