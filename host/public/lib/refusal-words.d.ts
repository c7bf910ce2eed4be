/** Types of the pure /control helpers in refusal-words.js (for the unit tests). */
interface FieldLike {
  name: string;
  label?: string;
}
export function fieldOf<F extends FieldLike>(path: string | undefined, fields: readonly F[]): F | null;
export function refusalWords(error: { message?: string } | null | undefined, fields?: readonly FieldLike[]): string;
export function typedDice(text: string, needed: number | null | undefined): { values: number[] } | { error: string };
