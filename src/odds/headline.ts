/**
 * The odds headline (docs/reference/request-result.md): what a player is shown before a roll — a title, bars in display order, chances of
 * named events and the most likely result — chosen by each rule set in its own words. Always computed over the whole
 * distribution (the outcomes before any shortening, or the exact summary), never over a shortened list.
 */
import type { FlagOf } from "./figures.ts";

/** One bar or fact: a label in the rule set's words and its exact probability. */
export interface HeadlineItem {
  readonly label: string;
  readonly p: number;
}

/**
 * How the most likely result stands: alone, shared with others at the same chance (a tie: "even"), or the only
 * result the dice can give ("certain").
 */
export type Standing = "likeliest" | "even" | "certain";

/** What a player is shown before a roll (docs/reference/request-result.md `headline`). */
export interface Headline {
  readonly title: string;
  /** In display order (e.g. hits 0, 1, 2 …; sides in roll order, then the draw). */
  readonly bars: readonly HeadlineItem[];
  /** Chances of named events ("Gouda loses a condition"). */
  readonly facts: readonly HeadlineItem[];
  /**
   * The likeliest bar in words ("3 hits"); in a tie, the tied bars ("Allied has initiative or Dutch has
   * initiative"); empty when there are no bars.
   */
  readonly mostLikely: string;
  /** Whether {@link mostLikely} is the likeliest alone, a tie, or certain. */
  readonly standing: Standing;
}

/** One listed outcome with its probability; `O` is the action's outcome type, so labels and tests read it typed. */
type Listed<O> = { readonly outcome: O; readonly p: number };

/**
 * Bars by a label of each outcome, merged by label, in the order `order` gives (default: first seen). Every outcome
 * counts, so the bars sum to the whole distribution.
 */
export function barsBy<O>(outcomes: readonly Listed<O>[], labelOf: (o: O) => string, order?: readonly string[]): HeadlineItem[] {
  const sums = new Map<string, number>();
  for (const label of order ?? []) sums.set(label, 0);
  for (const { outcome, p } of outcomes) {
    const label = labelOf(outcome);
    sums.set(label, (sums.get(label) ?? 0) + p);
  }
  return [...sums].map(([label, p]) => ({ label, p }));
}

/** The chance of outcomes for which `holds` is true. */
export function chanceOf<O>(outcomes: readonly Listed<O>[], holds: (o: O) => boolean): number {
  return outcomes.reduce((s, { outcome, p }) => s + (holds(outcome) ? p : 0), 0);
}

/** Bars this close in chance are a tie (sums of exact fractions in floating point). */
const TIE = 1e-12;

/** "A", "A or B", "A, B or C". */
const orList = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;

/** Ties of more bars than this are told as a count ("6 results alike"), not listed. */
const LISTED_TIES = 3;

/**
 * The most likely bar in words and how it stands: certain (its chance is 1), even (bars tied at the top: all named,
 * or counted when more than {@link LISTED_TIES}), else the likeliest alone. `words` turns a bar's label into what a
 * player reads ("3" → "3 hits").
 */
export function mostLikelyOf(
  bars: readonly HeadlineItem[],
  words: (label: string) => string = (label) => label,
): { readonly mostLikely: string; readonly standing: Standing } {
  if (bars.length === 0) return { mostLikely: "", standing: "likeliest" };
  const max = Math.max(...bars.map((b) => b.p));
  const top = bars.filter((b) => b.p >= max - TIE);
  const first = words(top[0]?.label ?? "");
  if (max >= 1 - TIE) return { mostLikely: first, standing: "certain" };
  if (top.length === 1) return { mostLikely: first, standing: "likeliest" };
  const mostLikely = top.length > LISTED_TIES ? `${top.length} results alike` : orList(top.map((b) => words(b.label)));
  return { mostLikely, standing: "even" };
}

/** A headline from its parts, naming the likeliest bar (or the tied ones) in `words`. */
export function headline(
  title: string,
  bars: readonly HeadlineItem[],
  facts: readonly HeadlineItem[] = [],
  words?: (label: string) => string,
): Headline {
  return { title, bars, facts, ...mostLikelyOf(bars, words) };
}

/** Bars drawn at most for a headline made of whole outcomes; the rest are one "Other results" bar. */
const MAX_BARS = 8;

/**
 * A headline for an action with no headline of its own: one bar per distinct outcome, labelled by the rule set's own
 * sentence for it (outcomes with the same sentence together), likeliest first; past {@link MAX_BARS} (or when the list was shortened), the rest together as
 * "Other results" (exact: one minus the bars shown, each listed probability being exact).
 */
export function outcomeHeadline<O>(title: string, outcomes: readonly Listed<O>[], sentence: (o: O) => string): Headline {
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
export function eventBars<O>(outcomes: readonly Listed<O>[], holds: (o: O) => boolean, yes: string, no: string): HeadlineItem[] {
  const p = chanceOf(outcomes, holds);
  return [
    { label: yes, p },
    { label: no, p: 1 - p },
  ];
}

/**
 * The headline of a yes-or-no roll: `title`, and two bars, the chance that the outcome's `flag` holds (`yes`:
 * "Grappled") and that it does not (`no`: "Fails").
 */
export const flagHeadline = <O extends object>(
  title: string,
  odds: { readonly outcomes: readonly Listed<O>[] },
  flag: FlagOf<O>,
  yes: string,
  no: string,
): Headline =>
  headline(
    title,
    eventBars(odds.outcomes, (x) => x[flag] === true, yes, no),
  );

/** Labels `lo`…`hi` as strings, for bars in counting order. */
export function countLabels(lo: number, hi: number): string[] {
  return Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => String(lo + i));
}

/** "1 hit", "2 hits". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
