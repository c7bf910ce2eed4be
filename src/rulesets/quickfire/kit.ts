/**
 * What every quickfire action shares: the definer of its actions (the kernel's one action shape over quickfire's
 * state), the chart every odds summary names, and dice sums. Quickfire parses the schema only; legality is checked
 * when planning.
 */
import { defineAction } from "../../game/define-action.ts";
import { detail, type Summary } from "../../odds/figures.ts";
import type { QuickfireState } from "./ship.ts";

/** Defines a quickfire action. */
export const quickfireAction = defineAction<QuickfireState>();

/** An odds summary with the chart it was read from (`chart`, no figure), as every quickfire summary carries. */
export const withChart = (state: QuickfireState, summary: Summary): Summary => ({
  ...summary,
  chart: detail(state.data.label),
});

/** Sum of dice. */
export const total = (dice: readonly number[] | undefined): number => (dice ?? []).reduce((a, b) => a + b, 0);

/** The ", house default — not the official chart" tail of sentences and results while the house chart is loaded. */
export function chartNote(state: QuickfireState): string {
  return ` (chart: ${state.data.label})`;
}
