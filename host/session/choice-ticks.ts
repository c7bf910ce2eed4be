/**
 * A choice of several options the rules ask (Sole Bay's "all ships within 1D6 inches" of an explosion, Age of Sail's
 * ships within 12 cm), answered from what the table measured (issue 37 item 4): the options its positions put inside
 * come ticked, on /control and on the display; the pad walks the options and a "done" place after them — Confirm on
 * an option ticks or unticks it, Confirm on "done" (or before Next choice was pressed) answers with the ones ticked.
 */
import type { Choice, FollowUp, RuleSet, TableState } from "../../src/game/types.ts";
import { measuredDraft } from "./measured-draft.ts";
import type { MeasuringAt } from "./refusal-first.ts";

/** A choice the pad ticks several options of (rather than giving the one shown). */
export const ticksMany = (choice: Choice): boolean => choice.max > 1;

/** The numbers of a value that may stand for a ship's distance: `{ship, rangeCm}` → [rangeCm]. */
const numbersOf = (v: Record<string, unknown>): number[] => Object.values(v).filter((x): x is number => typeof x === "number");

/**
 * The option a measured value stands for: the same value, else (a value with a ship and a figure, such as Age of
 * Sail's `{ship, rangeCm}`) the option of the same ship whose figures lie nearest (its band). -1 when none.
 */
function optionOf(choice: Choice, v: unknown): number {
  const key = JSON.stringify(v);
  const same = choice.options.findIndex((o) => JSON.stringify(o.value) === key);
  if (same >= 0 || typeof v !== "object" || v === null || !("ship" in v)) return same;
  const m = v as Record<string, unknown>;
  let best = -1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const [i, o] of choice.options.entries()) {
    const ov = o.value as Record<string, unknown> | null;
    if (typeof ov !== "object" || ov === null || ov.ship !== m.ship) continue;
    const a = numbersOf(m);
    const b = numbersOf(ov);
    const gap = a.reduce((sum, x, k) => sum + Math.abs(x - (b[k] ?? x)), 0);
    if (gap < bestGap) [best, bestGap] = [i, gap];
  }
  return best;
}

/**
 * The options of the choice at the head that the table's positions tick: the choice's field measured as the rule set
 * measures it (its own value left out), each measured value matched to its option. Null when the choice is not
 * about the table or a ship of it has no usable position (nothing was measured).
 */
export function measuredTicks(rs: RuleSet, state: TableState, head: FollowUp | undefined, at: MeasuringAt): number[] | null {
  if (head?.kind !== "choose" || !ticksMany(head.choice)) return null;
  const def = rs.actions.find((a) => a.type === head.action.type);
  if (!def || !rs.measures?.[def.type]?.fields[head.choice.field]) return null;
  const { [head.choice.field]: _asked, ...rest } = head.action;
  const m = measuredDraft(rs, state, def, { ...rest, type: head.action.type }, at);
  const v = m.measure && !m.measure.asked ? m.action[head.choice.field] : undefined;
  if (!Array.isArray(v)) return null;
  return [...new Set(v.map((x) => optionOf(head.choice, x)).filter((i) => i >= 0))].sort((a, b) => a - b);
}

/** The options ticked now: the pad's or /control's ticks once any was changed, else the measured ones. */
export const tickedNow = (ticked: readonly number[] | null | undefined, measured: () => number[]): number[] =>
  ticked ? [...ticked] : measured();

/** The ticks after Confirm on option `i`: ticked if it was not, unticked if it was. */
export const toggled = (ticks: readonly number[], i: number): number[] =>
  ticks.includes(i) ? ticks.filter((x) => x !== i) : [...ticks, i].sort((a, b) => a - b);

/** The answer the ticked options give. */
export const tickedAnswer = (choice: Choice, ticks: readonly number[]): unknown[] =>
  ticks.flatMap((i) => (choice.options[i] ? [choice.options[i].value] : []));
