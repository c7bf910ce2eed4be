/**
 * What the table measured is decided (issue 37 items 2 and 3): for an action set up at the table, a shot the
 * geometry forbids is refused before any other question of the draft and before any dice, with the measured figure
 * in words, and a value a person chose on the pad or /control for a measured field overrides the measured value
 * (shown as such) but never lifts the geometry's refusal: the positions are the table, as dice are the dice.
 */
import { withFigure } from "../../src/game/measured-refusal.ts";
import type { Action, ActionDef, ActionField, RuleSet, TableState } from "../../src/game/types.ts";
import type { RulesError } from "../../src/result.ts";
import type { TableLayout } from "../config/table-layout.ts";
import { choiceValues } from "./choices.ts";
import { type DraftMeasure, measuredDraft } from "./measured-draft.ts";
import type { Positions } from "./positions.ts";

/** Where and when the draft is measured. */
export interface MeasuringAt {
  readonly positions?: Positions;
  readonly now: number;
  readonly layout?: TableLayout;
}

/**
 * The geometry's refusal of a draft, decided from the ships' positions alone: the action measured again without the
 * values a person gave for fields the rule set measures (their value would make the rule set's check stand aside),
 * else the refusal of the action as given (a side fired at that the target is not on). Null when nothing refuses.
 */
export function decidedRefusal(
  rs: RuleSet,
  state: TableState,
  def: ActionDef,
  values: Readonly<Record<string, unknown>>,
  at: MeasuringAt,
  measure: DraftMeasure,
): RulesError | null {
  if (measure.asked) return null;
  const measurable = Object.keys(rs.measures?.[def.type]?.fields ?? {});
  const personal = measurable.filter((f) => values[f] !== undefined);
  if (personal.length === 0) return measure.refusal;
  const positional = Object.fromEntries(Object.entries(values).filter(([k]) => !personal.includes(k)));
  const alone = measuredDraft(rs, state, def, { ...positional, type: def.type }, at).measure;
  return alone?.refusal ?? measure.refusal;
}

/** Every combination of the choice fields' values (none when a field is no choice, or there would be too many). */
function combinations(fields: readonly ActionField[], limit = 64): Record<string, unknown>[] | null {
  let out: Record<string, unknown>[] = [{}];
  for (const f of fields) {
    const values = choiceValues(f);
    if (!values || out.length * values.length > limit) return null;
    out = out.flatMap((o) => values.map((v) => ({ ...o, [f.name]: v })));
  }
  return out;
}

/**
 * The refusal the measured geometry gives whatever is still to be chosen: with the ships and the measured fields in,
 * every value of the choices still open (the aim, the gunnery rating) is tried; when each is refused by the rules (its
 * parsing or its dice plan) on
 * a measured field (a distance beyond the table, a range of hexes the table does not reach), that refusal is said
 * now, with its measured figure, rather than after the questions. Null when some choice could be played, or a field
 * still open is not a choice (a number a person types).
 */
export function refusedWhateverChosen(
  rs: RuleSet,
  state: TableState,
  action: Action,
  open: readonly ActionField[],
  measure: DraftMeasure,
): RulesError | null {
  if (measure.asked || open.length === 0 || Object.keys(measure.measured).length === 0) return null;
  const tries = combinations(open);
  if (!tries) return null;
  let first: RulesError | null = null;
  for (const t of tries) {
    const parsed = rs.parseAction(state, { ...action, ...t });
    // some rules read a measured figure only when planning the dice (Quickfire's range band from the distance)
    const planned = parsed.ok ? rs.plan(state, parsed.value) : parsed;
    if (planned.ok) return null;
    const said = withFigure(planned.error, measure);
    if (!said) return null;
    first ??= said;
  }
  return first;
}
