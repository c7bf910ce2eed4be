/**
 * What the report writes of an action besides its result (whose typed facts host/public/lib/facts.js writes): an
 * action field's value, ship ids by name, and the dice the rules marked.
 */
/** A field's key in words ("rangeInches" → "range inches"), where the rule set gives no label. */
export const words = (key: string): string =>
  key
    .replace(/^p(?=[A-Z])/, "")
    .replace(/([A-Z])/g, " $1")
    .toLowerCase()
    .trim();

/** A value as a reader reads it: numbers, words, ship ids by name, lists of them; null for anything else. */
export const show = (v: unknown, names: ReadonlyMap<string, string>): string | null => {
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return names.get(v) ?? v;
  if (Array.isArray(v) && v.every((x) => typeof x === "number" || typeof x === "string"))
    return v.map((x) => (typeof x === "string" ? (names.get(x) ?? x) : String(x))).join(", ") || "none";
  return null;
};

/** "5 hit, 5 missed" when the rules marked the dice, else null. */
export function markTally(dice: readonly { readonly mark?: string }[]): string | null {
  const hits = dice.filter((d) => d.mark === "hit").length;
  const misses = dice.filter((d) => d.mark === "miss").length;
  return hits + misses === 0 ? null : `${hits} hit, ${misses} missed`;
}
