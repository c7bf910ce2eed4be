/**
 * An odds summary as typed figures — `{label, kind, value}` with `kind` a probability, a mean or a count — so a page
 * shows each as it is (a percentage, "0.67 hits", "12 dice") and never guesses from a number or a key's name. The
 * summary itself stays each rule set's own object (docs/reference/request-result.md `summary`); a rule set says how its keys read in
 * {@link SummaryTerms}, and the corpus test checks that every number any summary gives has its term.
 */

/** What a figure is: a chance (0–1), an expected value, or a count. */
export type FigureKind = "probability" | "mean" | "count";

/** One figure of an odds summary, in the rule set's words. */
export interface SummaryFigure {
  readonly label: string;
  readonly kind: FigureKind;
  readonly value: number;
}

/**
 * How one summary key reads. For a key whose value is a map of numbers (each side's chance, each code's), one figure
 * per entry, `{key}` in the label standing for the entry's key (a ship's or side's id is given as its name). `null`:
 * the key is not a figure for players (a distribution the headline draws already, detail a player is not told).
 */
export type SummaryTerm = {
  readonly label: string;
  readonly kind: FigureKind;
  /** The label of an entry whose key is empty (a squadron with no name). */
  readonly blank?: string;
} | null;

/**
 * A rule set's terms, looked up for a summary key `k` of action type `t` as `t.k`, then `k`, then `t.*` (a summary
 * whose keys are themselves the figures' names: the sides in an initiative roll, a direction's turns).
 */
export type SummaryTerms = Readonly<Record<string, SummaryTerm>>;

/** The term of a key of an action type's summary; undefined when the rule set gives none. */
export function termOf(terms: SummaryTerms, type: string, key: string): SummaryTerm | undefined {
  // a term declared null stops the look-up: the key is known and is not a figure
  const found = [`${type}.${key}`, key, `${type}.*`].find((k) => Object.hasOwn(terms, k));
  return found === undefined ? undefined : terms[found];
}

const isNumberMap = (v: unknown): v is Readonly<Record<string, number>> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "number");

/** The summary entries that are figures to type: numbers, and maps of numbers. */
export function figureEntries(summary: Readonly<Record<string, unknown>>): [string, number | Readonly<Record<string, number>>][] {
  return Object.entries(summary).filter(
    (e): e is [string, number | Record<string, number>] => typeof e[1] === "number" || isNumberMap(e[1]),
  );
}

/**
 * The typed figures of an action's odds summary, in the summary's order. `nameOf` turns an id (a ship, a side) into
 * the name players read; entries the terms leave out (or set to null) are not figures.
 */
export function summaryFigures(
  summary: Readonly<Record<string, unknown>>,
  type: string,
  terms: SummaryTerms,
  nameOf: (id: string) => string = (id) => id,
): SummaryFigure[] {
  const out: SummaryFigure[] = [];
  for (const [key, value] of figureEntries(summary)) {
    const term = termOf(terms, type, key);
    if (!term) continue;
    const label = (k: string) => (k === "" && term.blank !== undefined ? term.blank : term.label.replaceAll("{key}", nameOf(k)));
    if (typeof value === "number") out.push({ label: label(key), kind: term.kind, value });
    else for (const [k, v] of Object.entries(value)) out.push({ label: label(k), kind: term.kind, value: v });
  }
  return out;
}
