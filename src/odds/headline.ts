/**
 * The odds headline (docs/reference/request-result.md): what a player is shown before a roll — a title, bars in display order, chances of
 * named events and the most likely result — chosen by each rule set in its own words. Always computed over the whole
 * distribution (the outcomes before any shortening, or the exact summary), never over a shortened list.
 */

/** One bar or fact: a label in the rule set's words and its exact probability. */
export interface HeadlineItem {
  readonly label: string;
  readonly p: number;
}

/** What a player is shown before a roll (docs/reference/request-result.md `headline`). */
export interface Headline {
  readonly title: string;
  /** In display order (e.g. hits 0, 1, 2 …; sides in roll order, then the draw). */
  readonly bars: readonly HeadlineItem[];
  /** Chances of named events ("Gouda loses a condition"). */
  readonly facts: readonly HeadlineItem[];
  /** The label of the likeliest bar (the first of equals), or a sentence when there are no bars. */
  readonly mostLikely: string;
}

type Outcome = Readonly<Record<string, unknown>>;
type Listed = { readonly outcome: Outcome; readonly p: number };

/**
 * Bars by a label of each outcome, merged by label, in the order `order` gives (default: first seen). Every outcome
 * counts, so the bars sum to the whole distribution.
 */
export function barsBy(outcomes: readonly Listed[], labelOf: (o: Outcome) => string, order?: readonly string[]): HeadlineItem[] {
  const sums = new Map<string, number>();
  for (const label of order ?? []) sums.set(label, 0);
  for (const { outcome, p } of outcomes) {
    const label = labelOf(outcome);
    sums.set(label, (sums.get(label) ?? 0) + p);
  }
  return [...sums].map(([label, p]) => ({ label, p }));
}

/** The chance of outcomes for which `holds` is true. */
export function chanceOf(outcomes: readonly Listed[], holds: (o: Outcome) => boolean): number {
  return outcomes.reduce((s, { outcome, p }) => s + (holds(outcome) ? p : 0), 0);
}

/** The label of the likeliest bar (the first of equals within 1e-12). */
export function likeliest(bars: readonly HeadlineItem[], otherwise = ""): string {
  let best: HeadlineItem | undefined;
  for (const b of bars) if (!best || b.p > best.p + 1e-12) best = b;
  return best?.label ?? otherwise;
}

/** A headline from its parts, naming the likeliest bar. */
export function headline(title: string, bars: readonly HeadlineItem[], facts: readonly HeadlineItem[] = []): Headline {
  return { title, bars, facts, mostLikely: likeliest(bars) };
}

/** Bars drawn at most for a headline made of whole outcomes; the rest are one "Other results" bar. */
const MAX_BARS = 8;

/**
 * A headline for an action with no headline of its own: one bar per distinct outcome, labelled by the rule set's own
 * sentence for it (outcomes with the same sentence together), likeliest first; past {@link MAX_BARS} (or when the list was shortened), the rest together as
 * "Other results" (exact: one minus the bars shown, each listed probability being exact).
 */
export function outcomeHeadline(title: string, outcomes: readonly Listed[], sentence: (o: Outcome) => string): Headline {
  // outcomes that read the same (they differ only in detail a player is not told) are one bar
  const merged = new Map<string, { label: string; p: number }>();
  for (const { outcome, p } of outcomes) {
    const label = sentence(outcome);
    const seen = merged.get(label);
    if (seen) seen.p += p;
    else merged.set(label, { label, p });
  }
  const sorted = [...merged.values()].sort((a, b) => b.p - a.p);
  const shown = sorted.slice(0, MAX_BARS);
  // The rest of the whole distribution, whether the list had more outcomes or was already shortened (truncated).
  const rest = 1 - shown.reduce((s, x) => s + x.p, 0);
  const bars = rest > 1e-12 ? [...shown, { label: "Other results", p: rest }] : shown;
  return headline(title, bars);
}

/** Two bars: the event and its opposite, in that order. */
export function eventBars(outcomes: readonly Listed[], holds: (o: Outcome) => boolean, yes: string, no: string): HeadlineItem[] {
  const p = chanceOf(outcomes, holds);
  return [
    { label: yes, p },
    { label: no, p: 1 - p },
  ];
}

/** Labels `lo`…`hi` as strings, for bars in counting order. */
export function countLabels(lo: number, hi: number): string[] {
  return Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => String(lo + i));
}

/** "1 hit", "2 hits". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
