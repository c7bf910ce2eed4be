/**
 * Die kinds the rule texts use. Every kind is read from a physical die: a d3 and an average die are
 * read from a d6 face; a d8 is its own die.
 */

export type DieKind = "d6" | "d3" | "d8" | "dave";

export const DIE_KINDS: readonly DieKind[] = ["d6", "d3", "d8", "dave"];

/**
 * The faces of each kind, one entry per equally likely physical face. The average die is a d6
 * marked 2,3,3,4,4,5; a d3 is a d6 read as 1–2 → 1, 3–4 → 2, 5–6 → 3.
 */
export const DIE_FACES: Readonly<Record<DieKind, readonly number[]>> = {
  d6: [1, 2, 3, 4, 5, 6],
  d3: [1, 1, 2, 2, 3, 3],
  dave: [2, 3, 3, 4, 4, 5],
  d8: [1, 2, 3, 4, 5, 6, 7, 8],
};

/** Lowest and highest value a die of this kind can show. */
export function valueRange(kind: DieKind): { min: number; max: number } {
  const faces = DIE_FACES[kind];
  return { min: Math.min(...faces), max: Math.max(...faces) };
}

/** Whether `value` is a value a die of this kind can show. */
export function isValidValue(kind: DieKind, value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && DIE_FACES[kind].includes(value);
}

/** The distinct values of a kind with their probabilities. */
export function valueDistribution(kind: DieKind): ReadonlyArray<{ value: number; p: number }> {
  const faces = DIE_FACES[kind];
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([value, n]) => ({ value, p: n / faces.length }));
}

/**
 * Converts the face a physical die shows into the value of the plan's kind: a d6 face read as a d3 or an
 * average die, or a d8 face as it is. Returns null when the physical die cannot stand for that kind
 * (a d8 cannot be read as a d6, a d6 cannot be a d8).
 */
export function readFace(physical: "d6" | "d8", face: number, kind: DieKind): number | null {
  if (physical === "d8") return kind === "d8" && face >= 1 && face <= 8 ? face : null;
  if (!Number.isInteger(face) || face < 1 || face > 6) return null;
  if (kind === "d8") return null;
  return DIE_FACES[kind][face - 1] ?? null;
}
