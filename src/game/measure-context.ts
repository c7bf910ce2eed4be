/**
 * What a measurer is given (measure.ts): the state, the action so far, the positions, each ship's base and the
 * positions' slack; and the shapes of a measurer's answer. A leaf of the measuring code, read by measure.ts, the
 * measuring kit and the moves' judge alike (src/game/moves/), so none of them imports another in a loop.
 */
import { type Base, type BaseSize, baseOf } from "../geometry/base.ts";
import type { Point } from "../geometry/vec.ts";
import type { RulesError } from "../result.ts";
import { baseSizeOf } from "./ship-base.ts";
import type { TablePositions } from "./table-positions.ts";
import type { Action, TableState } from "./table-state.ts";

/**
 * The action as it is measured, before its schema parses it: its type, and whichever of its fields `K` (the keys of
 * the action's schema) are given or measured so far, each of unknown value until parsed.
 */
export type ActionSoFar<K extends string = string> = { readonly type: string } & { readonly [F in K]?: unknown };

/**
 * What a measurer is given: the state, the action so far (given and already measured fields) and the positions.
 * `K` is the action's field names (of its schema): a measurer reads `ctx.action.rangeInches`, never a string key.
 */
export interface MeasureContext<S extends TableState = TableState, K extends string = string> {
  readonly state: S;
  readonly action: ActionSoFar<K>;
  readonly table: TablePositions;
  /** A ship's base from its position and `base` size (else the rule set's default); null without a position. */
  base(id: unknown): Base | null;
  /**
   * mm a measurement between these ships may be off by: each position's uncertainty, plus each heading's
   * uncertainty swinging a point `reach` mm from its centre (default: the base's half diagonal).
   */
  slack(ids: readonly unknown[], reach?: number): number;
  /** mm the heading uncertainty moves a point `reach` mm from a ship's centre. */
  swing(reach: number): number;
  /** Whether the request gave this field (a person's value, which wins over any measurement). */
  given(field: K): boolean;
}

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

/** The measuring context over a state and positions (exported for rule sets' tests and the bench). */
export function measureContext<S extends TableState>(
  rs: { readonly defaultBase?: BaseSize },
  state: S,
  action: Action,
  table: TablePositions,
  current: () => Action = () => action,
): MeasureContext<S> {
  const bases = new Map<string, Base | null>();
  const rad = (table.uncertainty.degrees * Math.PI) / 180;
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
