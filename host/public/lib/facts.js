// A result's typed facts (src/game/outcome-facts.ts: label, kind, value in the players' words, unit) written out
// by their kind, the same on every page and in the report. Nothing here knows a rule set or reads a key.

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
const entryText = (e) => (e.meaning ? `${e.entry} — ${e.meaning}` : e.entry);

/** A fact's value as text ("3 boxes", "Fresh → Worn", "4+", "2H — …"); empty for a flag, whose label says it all. */
export function factValue(fact) {
  const v = fact.value;
  switch (fact.kind) {
    case "count":
    case "number":
      // a symbol (°, %) sits on the number; a noun after a space
      return `${v}${fact.unit ? (/^\p{L}/u.test(fact.unit) ? ` ${fact.unit}` : fact.unit) : ""}`;
    case "die":
      return Array.isArray(v) ? v.join(" ") : String(v);
    case "target":
      return `${v}+`;
    case "limit":
      return `${v} or less`;
    case "modifier":
      return signed(v);
    case "flag":
      return "";
    case "change":
      return v.before === v.after ? v.after : `${v.before} → ${v.after}`;
    case "entry":
      return entryText(v);
    case "list":
      return v.join(", ");
    case "entries":
      return v.map(entryText).join("; ");
    case "rows":
      return v.map((r) => `${r.label ? `${r.label}: ` : ""}${r.facts.map(factLine).join(", ")}`).join("; ");
    default:
      return String(v);
  }
}

/** A fact as one phrase: "Hits 3", "Condition Fresh → Worn", "First broadside". */
export function factLine(fact) {
  const value = factValue(fact);
  if (!fact.label) return value;
  return value ? `${fact.label} ${value}` : fact.label;
}

/** A result's facts as one line, " · " between them. */
export const factsLine = (facts) => (Array.isArray(facts) ? facts.map(factLine).join(" · ") : "");
