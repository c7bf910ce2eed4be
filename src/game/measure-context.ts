/**
 * What a measurer is given (measure.ts): the state, the action so far and the table's positions. A file of its own
 * so that what measures declare beside them (a move's rules, move-types.ts) can name it without importing the
 * measuring itself, which imports them.
 */
import type { Base } from "../geometry/base.ts";
import type { TablePositions } from "./table-positions.ts";
import type { TableState } from "./table-state.ts";

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
