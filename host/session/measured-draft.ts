/**
 * The action being set up, measured from the table's positions: the geometric fields it leaves out (range, rake, the
 * side fired at …) are filled by the rule set's own measures (`measureAction`, src/game/measure.ts) from each ship's
 * latest position, as soon as its ships are chosen. A person's value still wins (said as overriding the measurement);
 * geometry that forbids the action refuses it with the measured figure; a reading within the positions' uncertainty
 * of a threshold is borderline, with both readings. When a ship of the action has no usable position (never seen, or
 * its sighting no longer holds), nothing is measured and the table asks for the figures, saying why.
 */
import { type Borderline, measureAction, type TableLine } from "../../src/game/measure.ts";
import { DEFAULT_UNCERTAINTY, type TablePositions } from "../../src/game/table-positions.ts";
import type { Action, ActionDef, RuleSet, TableState } from "../../src/game/types.ts";
import type { RulesError } from "../../src/result.ts";
import { hexGridOf, type TableLayout } from "../config/table-layout.ts";
import { heldUntil, holds, type Positions, unusable } from "./positions.ts";

/** What was measured for the draft, for the display (and what could not be, and why). */
export interface DraftMeasure {
  /** Fields filled from positions, with their values. */
  readonly measured: Readonly<Record<string, unknown>>;
  /** How each measured (or overridden) field was measured: "6.7″ base to base". */
  readonly figures: Readonly<Record<string, string>>;
  /** Fields a person gave that differ from the measurement (their value stands). */
  readonly overridden: Readonly<Record<string, { readonly given: unknown; readonly measured: unknown }>>;
  readonly borderline: readonly Borderline[];
  /** The geometry forbids the action: the rule set's refusal with the measured figure. */
  readonly refusal: RulesError | null;
  /** Why nothing was measured though the rule set measures this action ("Gouda's position is not known"), or null. */
  readonly asked: string | null;
  /** The map's caption, the figure of the field the action names for it ("6.69″ base to base"), or null. */
  readonly caption?: string | null;
  /** The map's line of fire as the action draws it (table mm), or null when it declares none. */
  readonly line?: TableLine | null;
}

/** The ships an action names (ship and ships fields), in field order. */
function shipsOf(action: Action, def: ActionDef): string[] {
  return def.fields.flatMap((f) => {
    const v = action[f.name];
    if (f.type === "ship" && typeof v === "string") return [v];
    if (f.type === "ships" && Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
    return [];
  });
}

/** The positions that hold, as a request's `table` (docs/reference/request-result.md) with the table's size. */
export function tableOf(positions: Positions, now: number, layout: TableLayout | undefined): TablePositions {
  const ships: Record<string, { x: number; y: number; heading: number; uncertainty?: number }> = {};
  for (const [id, p] of Object.entries(positions)) {
    if (!holds(p, now)) continue;
    // a model placed by hand (uncertainty 0) is still good only to the table's default
    ships[id] = { x: p.x, y: p.y, heading: p.heading, ...(p.uncertainty > 0 ? { uncertainty: p.uncertainty } : {}) };
  }
  return {
    ships,
    uncertainty: { ...DEFAULT_UNCERTAINTY },
    ...(layout ? { size: { width: layout.width, length: layout.height } } : {}),
    ...(hexGridOf(layout) ? { hexGrid: hexGridOf(layout) } : {}),
  };
}

/**
 * The draft's action with its geometry measured, and what was measured; `measure` null when the rule set measures
 * nothing for this action, none of its ships is chosen yet, or no ship's position was ever seen.
 */
export function measuredDraft(
  rs: RuleSet,
  state: TableState,
  def: ActionDef,
  raw: Action,
  at: {
    readonly positions?: Positions;
    readonly now: number;
    readonly layout?: TableLayout;
    /** Where each ship's move began (a movement phase): the move made is measured from there. */
    readonly before?: Readonly<Record<string, { readonly x: number; readonly y: number; readonly heading: number }>>;
  },
): { action: Action; measure: DraftMeasure | null } {
  // a table where nothing has been seen (no camera, no emulated table) asks as it always did, with no word of positions
  if (!rs.measures?.[def.type] || Object.keys(at.positions ?? {}).length === 0) return { action: raw, measure: null };
  const ships = shipsOf(raw, def);
  if (ships.length === 0) return { action: raw, measure: null };
  const nameOf = (id: string) => state.ships.find((s) => s.id === id)?.name ?? id;
  const why = ships.map((id) => unusable(at.positions, id, nameOf(id), at.now)).filter((w): w is string => w !== null);
  const none = { measured: {}, figures: {}, overridden: {}, borderline: [], refusal: null };
  if (why.length > 0) return { action: raw, measure: { ...none, asked: why.join("; ") } };
  const m = measureAction(rs, state, raw, {
    ...tableOf(at.positions ?? {}, at.now, at.layout),
    ...(at.before ? { before: at.before } : {}),
  });
  return {
    action: m.action,
    measure: {
      measured: m.measured,
      figures: m.figures,
      overridden: m.overridden,
      borderline: m.borderline,
      refusal: m.refusal ?? null,
      asked: null,
      caption: m.caption ?? null,
      line: m.line ?? null,
    },
  };
}

/**
 * The draft's last measurement, kept while nothing it was measured from changed: the draft's status is worked out
 * again at every die reading, and a roll moves no ship (issue 41: measuring once per change, not per reading).
 */
export class MeasuredKeep {
  #from: readonly unknown[] = [];
  #until = Number.NEGATIVE_INFINITY;
  #kept: unknown = null;

  /**
   * What `measure()` gives, or gave last while `from` is the same (item by item, objects by identity) and `now` is
   * before any sighting it used lapses. A measurement that could not be made is not kept: it says how long ago a ship
   * was seen, which changes by the second.
   */
  get<T extends { readonly measure: DraftMeasure | null }>(
    from: readonly unknown[],
    positions: Positions | undefined,
    now: number,
    measure: () => T,
  ): T {
    if (now <= this.#until && from.length === this.#from.length && from.every((x, i) => x === this.#from[i])) return this.#kept as T;
    const value = measure();
    this.#from = from;
    this.#until = value.measure?.asked ? Number.NEGATIVE_INFINITY : heldUntil(positions, now);
    this.#kept = value;
    return value;
  }
}
