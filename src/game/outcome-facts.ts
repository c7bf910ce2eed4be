/**
 * The typed facts of one outcome, read off its action's outcome schema (outcome.ts): what the view sends the pages
 * and the report writes, each with its label, kind, value in the players' words and unit. Ship ids become names,
 * a value becomes its declared words, a before/after pair one change, a table entry its meaning.
 */
import type { TObject, TSchema } from "@sinclair/typebox";
import { annotationOf, type FactAnnotation } from "./outcome.ts";
import type { FactRow, OutcomeFact } from "./outcome-fact-schema.ts";
import type { TableState } from "./table-state.ts";

export type { EntryValue, FactRow, OutcomeFact } from "./outcome-fact-schema.ts";

const nameIn = (state: TableState, id: string): string => state.ships.find((s) => s.id === id)?.name ?? id;
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
const wordOf = (a: FactAnnotation, v: unknown): string => a.words?.[String(v)] ?? String(v);

/** The facts of one field's value, or none (a hidden field, a no, a null without words). */
function factOf(a: FactAnnotation, v: unknown, outcome: Readonly<Record<string, unknown>>, state: TableState): OutcomeFact[] {
  const { label } = a;
  if (a.kind === "hidden" || v === undefined) return [];
  // a null with words reads as those words alone ("Drawn round"), like a flag
  if (v === null) return a.none ? [{ label: a.none, kind: "flag", value: false }] : [];
  const meaning = (x: unknown) => ({ entry: String(x), meaning: a.meaning?.(x as never, state) ?? "" });
  switch (a.kind) {
    case "count":
    case "number": {
      const value = Number(v);
      if (value === 0 && a.omitZero) return [];
      return [{ label, kind: a.kind, value, ...(a.unit ? { unit: value === 1 ? a.unit[0] : a.unit[1] } : {}) }];
    }
    case "die":
      return [{ label, kind: "die", value: Array.isArray(v) ? v.map(Number) : Number(v) }];
    case "target":
    case "limit":
    case "modifier":
      return [{ label, kind: a.kind, value: Number(v) }];
    case "flag":
      if (v === true) return [{ label, kind: "flag", value: true }];
      return a.no ? [{ label: a.no, kind: "flag", value: false }] : [];
    case "word": {
      const value = wordOf(a, v);
      return value ? [{ label, kind: "word", value }] : [];
    }
    case "ship":
      return [{ label, kind: "ship", value: nameIn(state, String(v)) }];
    case "change":
      return [{ label, kind: "change", value: { before: wordOf(a, v), after: wordOf(a, outcome[a.after ?? ""] ?? v) } }];
    case "entry":
      return [{ label, kind: "entry", value: meaning(v) }];
    case "list": {
      if (a.record) {
        const named = Object.entries(v as Record<string, number>).map(([k, n]) => `${wordOf(a, k)} ${signed(n)}`);
        return named.length ? [{ label, kind: "list", value: named }] : [];
      }
      const items = (v as unknown[]).map((x) => (a.ships ? nameIn(state, String(x)) : wordOf(a, x)));
      return items.length || a.none ? [{ label, kind: "list", value: items.length ? items : [a.none ?? ""] }] : [];
    }
    case "entries": {
      const items = (v as unknown[]).map(meaning);
      return items.length || a.none
        ? [{ label, kind: "entries", value: items.length ? items : [{ entry: a.none ?? "", meaning: "" }] }]
        : [];
    }
    case "rows": {
      const rows = (Array.isArray(v) ? v : [v]) as Readonly<Record<string, unknown>>[];
      if (rows.length === 0) return [];
      return [{ label, kind: "rows", value: rows.map((r) => rowOf(a, r, state)) }];
    }
  }
}

function rowOf(a: FactAnnotation, item: Readonly<Record<string, unknown>>, state: TableState): FactRow {
  // no row label: the fact's own label names its one row
  const key = a.rowLabel === undefined ? "" : item[a.rowLabel];
  return { label: typeof key === "string" ? nameIn(state, key) : String(key ?? ""), facts: [] };
}

/**
 * The facts of `outcome` by its schema, in the schema's field order. A field the schema does not declare is left
 * out (the corpus test holds every outcome to its schema).
 */
export function factsOf(schema: TObject, outcome: Readonly<Record<string, unknown>>, state: TableState): OutcomeFact[] {
  return Object.entries(schema.properties).flatMap(([key, s]) => {
    const a = annotationOf(s as TSchema);
    if (!a) return [];
    const facts = factOf(a, outcome[key], outcome, state);
    if (a.kind !== "rows") return facts;
    // a row's facts are its item's own fields, read by the item's schema
    const item = ((s as { items?: TObject }).items ?? s) as TObject;
    const values = (Array.isArray(outcome[key]) ? outcome[key] : [outcome[key]]) as Readonly<Record<string, unknown>>[];
    return facts.map((f) =>
      f.kind === "rows" ? { ...f, value: f.value.map((r, i) => ({ ...r, facts: factsOf(item, values[i] ?? {}, state) })) } : f,
    );
  });
}
