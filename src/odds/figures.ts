/**
 * An odds summary as typed figures. Each action's `summary` gives, under each key, an entry built here: a chance, a
 * mean or a count with its label in the rule set's words (and its unit where one applies), one chance per entry of a
 * map (each labelled), or detail that is no figure for players (a distribution the headline draws already). A bare
 * number is not an entry, so a figure without a label is a type error where the summary is written.
 *
 * The odds answer keeps each key's value (`summary`, docs/reference/request-result.md: what the CLI's `odds` prints)
 * and adds the figures in the summary's order (`figures`), which the pages show as they are: a percentage, "0.67
 * hits", "12 dice" — never guessed from a number or a key's name.
 */

/** What a figure is: a chance (0–1), an expected value, or a count. */
export type FigureKind = "probability" | "mean" | "count";

/** One figure of an odds summary, in the rule set's words. */
export interface SummaryFigure {
  readonly label: string;
  readonly kind: FigureKind;
  readonly value: number;
  /** What a mean or a count counts ("hits", "dice", "turns"), when it is not in the label. */
  readonly unit?: string;
}

/** One key of a summary: its value as the odds answer gives it, and the figures players read of it (none for detail). */
export interface SummaryEntry {
  readonly value: unknown;
  readonly figures: readonly SummaryFigure[];
}

/** A summary as an action writes it: every key an entry built by {@link chance}, {@link mean}, {@link count}, {@link chances} or {@link detail}. */
export type Summary = Readonly<Record<string, SummaryEntry>>;

const figure = (kind: FigureKind, label: string, value: number, unit?: string): SummaryFigure => ({
  label,
  kind,
  value,
  ...(unit !== undefined ? { unit } : {}),
});

/** The chance of an event: "The target loses a condition" 0.31. */
export const chance = (label: string, p: number): SummaryEntry => ({ value: p, figures: [figure("probability", label, p)] });

/** An expected value: "Hits to expect" 0.67 hits. */
export const mean = (label: string, value: number, unit?: string): SummaryEntry => ({
  value,
  figures: [figure("mean", label, value, unit)],
});

/** A whole number: "Dice rolled" 12. */
export const count = (label: string, value: number, unit?: string): SummaryEntry => ({
  value,
  figures: [figure("count", label, value, unit)],
});

/** A map of chances (each side's, each code's), one figure per entry labelled by its key ("Dutch has initiative"). */
export const chances = (map: Readonly<Record<string, number>>, label: (key: string) => string): SummaryEntry => ({
  value: map,
  figures: Object.entries(map).map(([k, p]) => figure("probability", label(k), p)),
});

/** Detail of the summary that is no figure for players (a distribution the headline draws, a table's name). */
export const detail = (value: unknown): SummaryEntry => ({ value, figures: [] });

/** The outcome fields that are flags (a yes or a no). */
export type FlagOf<O> = { [K in keyof O]-?: NonNullable<O[K]> extends boolean ? K : never }[keyof O];

/** An exact distribution of outcomes `O`, as the summary helpers below read it. */
interface OutcomeDist<O> {
  probability(pred: (o: O) => boolean): number;
  expected(f: (o: O) => number): number;
}

/** The chance a flag of the outcome holds ("Grappled": `grappled` is true), from the exact distribution. */
export const flagChance = <O extends object>(label: string, dist: Pick<OutcomeDist<O>, "probability">, flag: FlagOf<O>): SummaryEntry =>
  chance(
    label,
    dist.probability((o) => o[flag] === true),
  );

/** The outcome fields that are numbers (hits, turns …). */
export type NumberOf<O> = { [K in keyof O]-?: NonNullable<O[K]> extends number ? K : never }[keyof O];

const numberIn = <O extends object>(result: O, field: NumberOf<O>): number => {
  const n: unknown = result[field];
  return typeof n === "number" ? n : 0;
};

/** The expectation of a number of the outcome ("Hits to expect": `hits`, in hits), from the exact distribution. */
export const expectedOf = <O extends object>(label: string, dist: Pick<OutcomeDist<O>, "expected">, field: NumberOf<O>, unit?: string) =>
  mean(
    label,
    dist.expected((result) => numberIn(result, field)),
    unit,
  );

/** The chance a number of the outcome is above zero ("At least one hit": `hits`), from the exact distribution. */
export const anyChance = <O extends object>(label: string, dist: Pick<OutcomeDist<O>, "probability">, field: NumberOf<O>): SummaryEntry =>
  chance(
    label,
    dist.probability((result) => numberIn(result, field) > 0),
  );

/**
 * One chance per value a field of the outcome may take, keyed by the value and labelled in the text's words
 * (`labels`: "explodes" → "The ship explodes"), from the exact distribution.
 */
export const chanceOfEach = <O extends object>(
  labels: Readonly<Record<string, string>>,
  dist: Pick<OutcomeDist<O>, "probability">,
  field: keyof O,
): Summary =>
  Object.fromEntries(
    Object.entries(labels).map(([value, label]) => [
      value,
      chance(
        label,
        dist.probability((result) => result[field] === value),
      ),
    ]),
  );

/** The summary's values by key, as the odds answer gives them. */
export const summaryValues = (summary: Summary): Record<string, unknown> =>
  Object.fromEntries(Object.entries(summary).map(([k, e]) => [k, e.value]));

/** The summary's figures, in its order. */
export const summaryFigures = (summary: Summary): SummaryFigure[] => Object.values(summary).flatMap((e) => e.figures);
