/**
 * An action's outcome declared as a TypeBox schema whose every field says what it is for a player: its label, its
 * kind (a count of hits, a condition before → after, a die, a table entry with its meaning …), its unit and the
 * words of its values. The schema is written next to the action (`outcomeSchema` of {@link defineAction}); the pages
 * are sent the typed facts {@link factsOf} reads off it (outcome-facts.ts) and render them without knowing the rule
 * set. Nothing is guessed from a key's spelling: a field the players do not read is declared `hidden`.
 */
import { type TObject, type TProperties, type TSchema, type TUnsafe, Type } from "@sinclair/typebox";
import type { TableState } from "./table-state.ts";

/** What a fact is, so a page knows how to write its value. */
export type FactKind =
  /** A whole number of things, with its noun: "3 hits", "2 boxes". */
  | "count"
  /** A measure or a number with an optional unit: "6 inches", "Column 100". */
  | "number"
  /** A die's face or a total of dice as rolled (or modified): "Roll 5". */
  | "die"
  /** The score a roll needs: "4+". */
  | "target"
  /** The highest score that succeeds, for rolls that must come in low: "7 or less". */
  | "limit"
  /** A signed number added to a roll: "+2", "−1". */
  | "modifier"
  /** A yes that holds ("First broadside"); a no is left out unless the field gives its own words. */
  | "flag"
  /** A value in words (a status, a band, a side, a direction). */
  | "word"
  /** A ship, by name. */
  | "ship"
  /** A value before and after the action, in words: "Fresh → Worn". */
  | "change"
  /** A table entry and what it means: "2H — …". */
  | "entry"
  /** Several values in words (ships by name). */
  | "list"
  /** Several table entries, each with its meaning (a damage roll's codes). */
  | "entries"
  /** One row of facts per item (each ship a collision damaged): "Royal James: 6 boxes · now Worn". */
  | "rows";

/** A count's or a measure's noun: singular and plural ("hit", "hits"). */
export type Unit = readonly [one: string, other: string];

/** How one outcome field reads (its schema's `fact` option). */
export interface FactAnnotation {
  readonly kind: FactKind | "hidden";
  readonly label: string;
  readonly unit?: Unit;
  /** The words of the field's values (a word, a change, a list, a flag's no). */
  readonly words?: Readonly<Record<string, string>>;
  /** A change: the outcome field that holds the value after (this field holds the one before). */
  readonly after?: string;
  /** An entry: what the entry means, in the text's or the loaded table's words. */
  readonly meaning?: (value: never, state: TableState) => string;
  /** A row's name: the item field naming it (a ship id). */
  readonly rowLabel?: string;
  /** What a null value reads, a phrase standing alone ("Drawn round"); absent: a null is left out. */
  readonly none?: string;
  /** A flag's words when it does not hold (absent: a no is left out). */
  readonly no?: string;
  /** A count or number of 0 is left out (hits wasted, when none were). */
  readonly omitZero?: true;
  /** A record of named modifiers ({ crew: 1, rake: 2 }), read as "word +n" each. */
  readonly record?: true;
  /** A list of ship ids, read as their names. */
  readonly ships?: true;
}

type Opts = Omit<FactAnnotation, "kind" | "label">;
const note = (kind: FactKind | "hidden", label: string, opts: Opts = {}) => ({ fact: { kind, label, ...opts } });
/** The value or null, when the field says what a null reads (or leaves it out). */
const orNull = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
/**
 * A field's schema as it validates, typed as the values the action gives (`V`: a hexside number, a status word): the
 * outcome's type (`Static` of its schema) then says what the field holds, so the action's functions never cast it.
 */
const typed = <V>(schema: TSchema): TUnsafe<V> => schema as TUnsafe<V>;
/** What a word, change or entry field holds by default: a word or a number. */
type Value = string | number;

/**
 * The builders of outcome fields. Each gives the TypeBox schema of the value with the `fact` it reads as;
 * `…OrNull` variants take a null (left out, or read as `none`).
 */
export const fact = {
  count: (label: string, unit?: Unit, opts: Opts = {}) => Type.Integer(note("count", label, { ...(unit ? { unit } : {}), ...opts })),
  number: (label: string, unit?: Unit, opts: Opts = {}) => Type.Number(note("number", label, { ...(unit ? { unit } : {}), ...opts })),
  numberOrNull: (label: string, unit?: Unit, opts: Opts = {}) =>
    orNull(Type.Number(note("number", label, { ...(unit ? { unit } : {}), ...opts }))),
  die: (label: string) => Type.Integer(note("die", label)),
  /** Several dice as rolled ("Rolls 6 5"). */
  dice: (label: string) => Type.Array(Type.Integer(), note("die", label)),
  /** The score a roll needs ("4+"); `below`: the highest that succeeds ("7 or less"). */
  target: (label: string, opts: { below?: boolean } = {}) => Type.Integer(note(opts.below ? "limit" : "target", label)),
  modifier: (label: string) => Type.Number(note("modifier", label)),
  flag: (label: string, opts: Opts = {}) => Type.Boolean(note("flag", label, opts)),
  /** A value (a word or a number, such as a hexside) read by its words; a value whose word is "" is left out. */
  word: <V extends Value = Value>(label: string, words: Readonly<Record<string, string>>, opts: Opts = {}) =>
    typed<V>(Type.Union([Type.String(), Type.Number()], note("word", label, { words, ...opts }))),
  wordOrNull: <V extends Value = Value>(label: string, words: Readonly<Record<string, string>>, opts: Opts = {}) =>
    typed<V | null>(Type.Union([Type.String(), Type.Number(), Type.Null()], note("word", label, { words, ...opts }))),
  /** Words the rule set already writes for players (a sentence of the text, a chart's name). */
  text: <V extends string = string>(label: string) => typed<V>(Type.String(note("word", label))),
  textOrNull: (label: string, opts: Opts = {}) => orNull(Type.String(note("word", label, opts))),
  ship: (label: string) => Type.String(note("ship", label)),
  shipOrNull: (label: string, opts: Opts = {}) => orNull(Type.String(note("ship", label, opts))),
  ships: (label: string) => Type.Array(Type.String(), note("list", label, { ships: true })),
  /** The value before; `after` names the field with the value after (declared `hidden`). */
  change: <V extends Value = Value>(label: string, after: string, words: Readonly<Record<string, string>>) =>
    typed<V>(Type.Union([Type.String(), Type.Number()], note("change", label, { after, words }))),
  entry: <V extends Value = Value>(label: string, meaning: (value: V, state: TableState) => string) =>
    typed<V>(Type.Union([Type.String(), Type.Integer()], note("entry", label, { meaning: meaning as FactAnnotation["meaning"] }))),
  entryOrNull: <V extends Value = Value>(label: string, meaning: (value: V, state: TableState) => string, opts: Opts = {}) =>
    typed<V | null>(
      orNull(Type.Union([Type.String(), Type.Integer()], note("entry", label, { meaning: meaning as FactAnnotation["meaning"], ...opts }))),
    ),
  entries: <V extends Value = Value>(label: string, meaning: (value: V, state: TableState) => string, opts: Opts = {}) =>
    typed<V[]>(
      Type.Array(
        Type.Union([Type.String(), Type.Integer()]),
        note("entries", label, { meaning: meaning as FactAnnotation["meaning"], ...opts }),
      ),
    ),
  words: <V extends Value = Value>(label: string, words: Readonly<Record<string, string>>, opts: Opts = {}) =>
    typed<V[]>(Type.Array(Type.Union([Type.String(), Type.Number()]), note("list", label, { words, ...opts }))),
  rows: <P extends TProperties>(label: string, item: P, rowLabel: string) =>
    Type.Array(Type.Object(item, { additionalProperties: false }), note("rows", label, { rowLabel })),
  /** One item as a row of its own facts (a boarding side's roll and losses). */
  row: <P extends TProperties>(label: string, item: P, rowLabel?: string) =>
    Type.Object(item, { additionalProperties: false, ...note("rows", label, rowLabel === undefined ? {} : { rowLabel }) }),
  /** Named modifiers ({ crew: 1, rake: 2 }) as a list of "word +n", each name by its words. */
  modifiers: (label: string, words: Readonly<Record<string, string>>) =>
    Type.Record(Type.String(), Type.Number(), note("list", label, { words, record: true })),
  /** Any field that may be null (a null is left out, or read as the field's `none`). */
  nullable: <T extends TSchema>(schema: T) => orNull(schema),
  /** A field the players do not read (kept for the record and the odds: an id, a code the sentence says). */
  hidden: <T extends TSchema>(schema: T): T => ({ ...schema, fact: { kind: "hidden", label: "" } }) as T,
} as const;

/** An outcome's schema: its fields, each one built with {@link fact}; unknown fields are errors. */
export const outcomeOf = <P extends TProperties>(properties: P): TObject<P> => Type.Object(properties, { additionalProperties: false });

/** The `fact` annotation of a field's schema (through a null union), or undefined when it has none. */
export function annotationOf(schema: TSchema): FactAnnotation | undefined {
  const own = (schema as { fact?: FactAnnotation }).fact;
  if (own) return own;
  const options = (schema as { anyOf?: TSchema[] }).anyOf;
  return options?.map((s) => (s as { fact?: FactAnnotation }).fact).find((a) => a !== undefined);
}
