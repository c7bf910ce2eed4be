/**
 * An outcome as figures a reader follows, from the rule set's outcome fields alone (the same reading as the
 * display's `outcomeFacts` in host/public/live.js): "hits 5 · condition fresh → worn · first broadside".
 * Numbers are shown, yes-fields only when they hold, ship ids by name, and a `…Before`/`…After` pair as a change.
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

/** The outcome's figures joined with " · "; anything that is not a number, word, list or yes/no is left to the JSON. */
export function outcomeText(outcome: Readonly<Record<string, unknown>>, names: ReadonlyMap<string, string>): string {
  const out: string[] = [];
  const done = new Set<string>();
  for (const [k, v] of Object.entries(outcome)) {
    if (done.has(k)) continue;
    const pair = /^(.*)Before$/.exec(k)?.[1];
    const after = pair === undefined ? undefined : outcome[`${pair}After`];
    if (pair !== undefined && typeof v === "string" && typeof after === "string") {
      done.add(`${pair}After`);
      out.push(`${words(pair)} ${v === after ? v : `${v} → ${after}`}`);
    } else if (typeof v === "boolean") {
      if (v) out.push(words(k));
    } else {
      const shown = show(v, names);
      if (shown !== null) out.push(`${words(k)} ${shown}`);
    }
  }
  return out.join(" · ");
}

/** "5 hit, 5 missed" when the rules marked the dice, else null. */
export function markTally(dice: readonly { readonly mark?: string }[]): string | null {
  const hits = dice.filter((d) => d.mark === "hit").length;
  const misses = dice.filter((d) => d.mark === "miss").length;
  return hits + misses === 0 ? null : `${hits} hit, ${misses} missed`;
}
