/**
 * Measured fields (docs/reference/request-result.md "Positions"): each rule set declares, next to an action's schema, how its geometric
 * fields are measured from the table's positions (`measure` on the action spec). {@link measureAction} fills the
 * fields a request left out, says which it measured, which a person's value overrode, which readings lie within the
 * positions' uncertainty of a threshold (borderline: both readings are given), and refuses an action the geometry
 * forbids with the measured figure in the sentence. Pure: the table comes in like dice, as a reading.
 */
import { type Base, type BaseSize, baseOf } from "../geometry/base.ts";
import { type Point, radians } from "../geometry/vec.ts";
import type { RulesError } from "../result.ts";
import type { MeasureContext } from "./measure-context.ts";
import type { MoveMeasure } from "./move-types.ts";
import { baseSizeOf } from "./ship-base.ts";
import type { TablePositions } from "./table-positions.ts";
import type { Action, TableState } from "./table-state.ts";

export type { ActionSoFar, MeasureContext } from "./measure-context.ts";

/** A threshold a reading lies within the uncertainty of, and what it would read on the other side. */
export interface Near {
  /** The threshold in players' words: "the 4″ band edge", "the target's bow corner". */
  readonly edge: string;
  readonly other: unknown;
}

/** One field measured. */
export interface Reading {
  readonly value: unknown;
  /** How it was measured, for the result and the display: "3.9″ base to base". */
  readonly figure: string;
  readonly borderline?: Near;
}

/** Measures one field; null when it cannot be measured now (a ship without a position, no hex grid …). */
export type FieldMeasure<S extends TableState = TableState, K extends string = string> = (ctx: MeasureContext<S, K>) => Reading | null;

/** Geometry that may forbid the action: the refusal (with the measured figure) and/or a borderline note. */
export interface GeometryCheck<S extends TableState = TableState, K extends string = string> {
  /** What is checked, in players' words ("the firing line"). */
  readonly name: string;
  /** When a person gave every one of these fields, the check stands aside (their reading wins). */
  readonly givenBy?: readonly K[];
  check(ctx: MeasureContext<S, K>): { readonly refusal?: RulesError; readonly borderline?: Near & { readonly value: unknown } } | null;
}

/** A line on the table, in table mm: the map's line of fire. */
export interface TableLine {
  readonly from: Point;
  readonly to: Point;
}

/**
 * What the map draws of a measured action, declared by the action so the host reads no field of it: the field whose
 * figure captions the line of fire, and the line itself (from the action as measured so far).
 */
export interface MeasureMap<S extends TableState = TableState, K extends string = string> {
  /** The field whose figure is the line's caption ("6.69″ base to base"). */
  readonly caption?: K;
  /** The line of fire as the text draws it (the beam at 90°, funnel to funnel …); null when it cannot be drawn. */
  readonly line?: (ctx: MeasureContext<S, K>) => TableLine | null;
}

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

/** The measuring context over a state and positions (exported for rule sets' tests and the bench). */
export function measureContext<S extends TableState>(
  rs: MeasuringRuleSet,
  state: S,
  action: Action,
  table: TablePositions,
  current: () => Action = () => action,
): MeasureContext<S> {
  const bases = new Map<string, Base | null>();
  const rad = radians(table.uncertainty.degrees);
  const swing = (reach: number) => Math.abs(reach * Math.sin(rad));
  const base = (id: unknown): Base | null => {
    if (typeof id !== "string") return null;
    const known = bases.get(id);
    if (known !== undefined) return known;
    const pose = table.ships[id];
    const ship = state.ships.find((s) => s.id === id);
    const b = pose && ship ? baseOf(pose, baseSizeOf(ship, rs.defaultBase)) : null;
    bases.set(id, b);
    return b;
  };
  return {
    state,
    get action() {
      return current();
    },
    table,
    base,
    swing,
    given: (field) => action[field] !== undefined,
    slack(ids, reach) {
      return ids.reduce<number>((sum, id) => {
        const b = base(id);
        const own = typeof id === "string" ? (table.ships[id]?.uncertainty ?? table.uncertainty.mm) : table.uncertainty.mm;
        return sum + own + swing(reach ?? (b ? Math.hypot(b.length, b.width) / 2 : 0));
      }, 0);
    },
  };
}

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
