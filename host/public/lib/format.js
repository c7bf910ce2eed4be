// Pure view helpers shared by the pages: words, percentages, the odds as the server states them (a result's facts
// are written by lib/facts.js). No DOM access here (also on import): the unit tests run them in Node (test/host/public/).

/** A camelCase key as words for players: "levelsLost" → "levels lost", "pDestroyed" → "destroyed". */
export const words = (key) =>
  String(key)
    .replace(/^p(?=[A-Z])/, "")
    .replace(/([A-Z])/g, " $1")
    .replace(/[-_]/g, " ")
    .toLowerCase()
    .trim();

/** Chances this close to 1 or 0 are certain or impossible (exact fractions summed in floating point). */
const SURE = 1e-12;

/**
 * A probability in players' words: 1 → "certain", 0 → "impossible", 0.1234 → "12%", 0.0123 → "1.2%",
 * 0.0004 → "<0.1%", 0.9995 → "99.95%", 0.99999 → "almost certain".
 */
export function pct(p) {
  if (p >= 1 - SURE) return "certain";
  if (p <= SURE) return "impossible";
  if (p < 0.001) return "<0.1%";
  if (p > 0.9999) return "almost certain";
  if (p > 0.999) return `${(p * 100).toFixed(2)}%`;
  return `${(p * 100).toFixed(p < 0.1 || p > 0.9 ? 1 : 0).replace(/\.0$/, "")}%`;
}

/**
 * The percentage a column of the odds chart carries: past ten bars only those of 5% or more (every one is in the
 * chart's accessible label), and none on an impossible bar (an empty column says it; "impossible" would not fit).
 */
export const columnPct = (p, bars) => (p > SURE && (bars <= 10 || p >= 0.05) ? pct(p) : "");

/** How the headline's most likely result is introduced, by its standing (a tie is "even"). */
const LEADS = { likeliest: "Most likely", even: "Even", certain: "Certain" };

const isNumber = (v) => typeof v === "number" && Number.isFinite(v);

/**
 * What to draw for the odds before a roll: the rule set's `headline` (docs/reference/request-result.md; every rule set states one for
 * every action). Null when there are none: the page never guesses from the summary or the list of outcomes.
 * `lead` introduces the most likely result in words: "Most likely", "Even" (a tie) or "Certain".
 * @returns {{title: string, bars: {label: string, p: number}[], facts: {label: string, p: number}[], mostLikely: string | null, lead: string} | null}
 */
export function oddsView(odds) {
  const h = odds?.headline;
  if (!h || typeof h !== "object") return null;
  return {
    title: typeof h.title === "string" ? h.title : "Odds before the roll",
    bars: Array.isArray(h.bars) ? h.bars.filter((b) => isNumber(b?.p)).map((b) => ({ label: String(b.label), p: b.p })) : [],
    facts: Array.isArray(h.facts) ? h.facts.filter((f) => isNumber(f?.p)).map((f) => ({ label: String(f.label), p: f.p })) : [],
    mostLikely: typeof h.mostLikely === "string" && h.mostLikely !== "" ? h.mostLikely : null,
    lead: LEADS[h.standing] ?? LEADS.likeliest,
  };
}

/**
 * The typed figures of the odds summary (`{label, kind, value, unit?}`) a page shows beside the headline, each as what
 * the rule set says it is: a mean with two decimals ("Hits to expect 0.67 hits", never "67%"), a count whole, a
 * probability as a percentage; the unit after the number. `kinds` picks which (the headline already draws the chances).
 * @returns {{label: string, kind: string, text: string}[]}
 */
export function summaryFigures(odds, kinds = ["mean", "count"]) {
  const list = Array.isArray(odds?.summary) ? odds.summary : [];
  return list
    .filter((f) => typeof f?.label === "string" && isNumber(f.value) && kinds.includes(f.kind))
    .map((f) => ({
      label: f.label,
      kind: f.kind,
      text:
        (f.kind === "probability" ? pct(f.value) : f.kind === "count" ? String(Math.round(f.value)) : f.value.toFixed(2)) +
        (f.unit && f.kind !== "probability" ? ` ${f.unit}` : ""),
    }));
}

/** The same odds as one line of text (for /control and the spoken summary). */
export function oddsLine(odds) {
  const v = oddsView(odds);
  if (!v) return "";
  const parts = [...v.bars.map((b) => `${b.label} ${pct(b.p)}`), ...v.facts.map((f) => `${f.label} ${pct(f.p)}`)];
  const title = /[?!]$/.test(v.title) ? v.title : `${v.title}:`;
  return `${title} ${parts.join(" · ")}${v.mostLikely ? ` · ${v.lead.toLowerCase()}: ${v.mostLikely}` : ""}`;
}

/** The rule set's severities, mildest first: a badge's class is `sev-<index>`. */
const SEVERITIES = ["fine", "worn", "damaged", "danger", "out"];

/** 0 (fine) … 4 (out of the fight) for a severity the rule set states. */
export const severityLevel = (severity) => Math.max(0, SEVERITIES.indexOf(severity));

/** Whether the rule set says the ship is out of the fight (sunk, struck, taken …). */
export const isGone = (view) => (view.severity ?? []).includes("out");

/** A name for a ship id from the state. */
export const shipName = (state, id) => state.ships.find((s) => s.id === id)?.name ?? id;

/** An action's name for players: its rule set's title ("Broadside", "Wind change"); the type as words if unknown. */
export const actionName = (state, type) => state.ruleset.actions.find((a) => a.type === type)?.title ?? words(type);

/** A field's value as players read it: yes/no, or the rule set's word for it (`field.valueLabels`), else as given. */
export const valueWords = (field, v) => (v === true ? "yes" : v === false ? "no" : (field?.valueLabels?.[String(v)] ?? String(v)));
