/**
 * Measured fields (docs/reference/request-result.md "Positions"): each rule set declares, next to an action's schema, how its geometric
 * fields are measured from the table's positions (`measure` on the action spec). {@link measureAction} fills the
 * fields a request left out, says which it measured, which a person's value overrode, which readings lie within the
 * positions' uncertainty of a threshold (borderline: both readings are given), and refuses an action the geometry
 * forbids with the measured figure in the sentence. Pure: the table comes in like dice, as a reading.
 */
import type { BaseSize } from "../geometry/base.ts";
import type { RulesError } from "../result.ts";
import { type FieldMeasure, type GeometryCheck, type MeasureMap, measureContext, type Near, type TableLine } from "./measure-context.ts";
import type { MoveMeasure } from "./moves/types.ts";
import type { TablePositions } from "./table-positions.ts";
import type { Action, TableState } from "./table-state.ts";

export {
  type ActionSoFar,
  type FieldMeasure,
  type GeometryCheck,
  type MeasureContext,
  type MeasureMap,
  measureContext,
  type Near,
  type Reading,
  type TableLine,
} from "./measure-context.ts";

/**
 * How an action's geometric fields are measured (declared on the action, next to its schema). `K` is the field names
 * the measures use, every one a key of the action's schema: `defineAction` takes only measures whose `K` its schema
 * has (a misspelt or stale field name does not compile).
 */
export interface ActionMeasures<S extends TableState = TableState, K extends string = string> {
  /** The map's caption and line of fire (absent: no caption; the host draws firer to target). */
  readonly map?: MeasureMap<S, K>;
  /** Fields measured, in the order they are measured (a later one may read an earlier one from `ctx.action`). */
  readonly fields: { readonly [F in K]?: FieldMeasure<S, K> };
  readonly checks?: readonly GeometryCheck<S, K>[];
  /** Geometric fields the rule set does not measure, each with the reason (docs/rules lists them too). */
  readonly unmeasured?: { readonly [F in K]?: string };
  /** The action is a ship's move: how it is judged from `table.before` to where she stands (src/game/moves/). */
  readonly move?: MoveMeasure<S, K>;
  /** Never set: makes `K` checked against the schema's keys where the measures meet their action. */
  readonly keys?: () => K;
}

/** The field names of an action schema's static type, for its measures (`type` is not a field). */
export type FieldsOf<A> = Exclude<keyof A, "type"> & string;

/** A reading that lies within the positions' uncertainty of a threshold. */
export interface Borderline {
  /** The field (or the check's name) it concerns. */
  readonly field: string;
  /** The reading taken, then the reading on the other side of the threshold. */
  readonly readings: readonly [unknown, unknown];
  readonly edge: string;
  /** "rangeInches 4.0″ base to base is within the positions' uncertainty of the 4″ band edge: borderline — check with a ruler." */
  readonly sentence: string;
}

/** The action with its geometry measured. */
export interface MeasuredAction {
  readonly action: Action;
  /** Fields measured and filled in (docs/reference/request-result.md `measured`). */
  readonly measured: Readonly<Record<string, unknown>>;
  /** How each measured (or overridden) field was measured. */
  readonly figures: Readonly<Record<string, string>>;
  /** Fields a person gave that differ from the measurement: their value stands. */
  readonly overridden: Readonly<Record<string, { readonly given: unknown; readonly measured: unknown }>>;
  readonly borderline: readonly Borderline[];
  /** The geometry forbids the action (`rules.illegal` / `rules.out-of-range`, the figure in the message). */
  readonly refusal?: RulesError;
  /** The map's caption: the figure of the field the action names for it. */
  readonly caption?: string;
  /** The map's line of fire as the action draws it. */
  readonly line?: TableLine;
}

/** What {@link measureAction} needs of a rule set: its default base and each action type's measures. */
export interface MeasuringRuleSet {
  readonly defaultBase?: BaseSize;
  readonly measures?: Readonly<Record<string, ActionMeasures>>;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const shown = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

function borderlineOf(field: string, figure: string, value: unknown, near: Near): Borderline {
  return {
    field,
    readings: [value, near.other],
    edge: near.edge,
    sentence: `${field}${figure ? ` ${figure}` : ""} is within the positions' uncertainty of ${near.edge} (${shown(value)} or ${shown(near.other)}): borderline — check with a ruler.`,
  };
}

/**
 * Measures an action's geometric fields from the positions. A field the action gives is kept (and reported as
 * overriding the measurement when they differ); a field left out is measured when it can be. Pure; the result's
 * `action` then goes to the rule set's `parseAction` as any request's would.
 */
export function measureAction<S extends TableState>(rs: MeasuringRuleSet, state: S, action: Action, table: TablePositions): MeasuredAction {
  const spec = rs.measures?.[action.type];
  if (!spec) return { action, measured: {}, figures: {}, overridden: {}, borderline: [] };
  let current: Action = action;
  const live = measureContext(rs, state, action, table, () => current);
  const measured: Record<string, unknown> = {};
  const figures: Record<string, string> = {};
  const overridden: Record<string, { given: unknown; measured: unknown }> = {};
  const borderline: Borderline[] = [];
  for (const [field, measure] of Object.entries(spec.fields)) {
    const reading = measure?.(live);
    if (!reading) continue;
    const given = action[field];
    figures[field] = reading.figure;
    if (given !== undefined) {
      if (!same(given, reading.value)) overridden[field] = { given, measured: reading.value };
      continue;
    }
    measured[field] = reading.value;
    current = { ...current, [field]: reading.value };
    if (reading.borderline) borderline.push(borderlineOf(field, reading.figure, reading.value, reading.borderline));
  }
  let refusal: RulesError | undefined;
  for (const check of spec.checks ?? []) {
    if (check.givenBy?.length && check.givenBy.every((f) => action[f] !== undefined)) continue;
    const r = check.check(live);
    if (r?.borderline) borderline.push(borderlineOf(check.name, "", r.borderline.value, r.borderline));
    if (r?.refusal && !refusal) refusal = r.refusal;
  }
  const caption = spec.map?.caption === undefined ? undefined : figures[spec.map.caption];
  const line = spec.map?.line?.(live) ?? undefined;
  return {
    action: current,
    measured,
    figures,
    overridden,
    borderline,
    ...(refusal ? { refusal } : {}),
    ...(caption ? { caption } : {}),
    ...(line ? { line } : {}),
  };
}

/** A result's measured fields (docs/reference/request-result.md `measured`), with `figures`, `overridden` and `borderline` only when there are any. */
export function measuredFields(m: MeasuredAction): Record<string, unknown> {
  return {
    measured: m.measured,
    ...(Object.keys(m.figures).length ? { figures: m.figures } : {}),
    ...(Object.keys(m.overridden).length ? { overridden: m.overridden } : {}),
    ...(m.borderline.length ? { borderline: m.borderline } : {}),
  };
}
