/** Types of the pure view helpers in format.js (for the unit and browser tests). */
export interface Bar {
  label: string;
  p: number;
}
/** The rule set's headline, as the pages draw it. */
export interface OddsView {
  title: string;
  bars: Bar[];
  facts: Bar[];
  mostLikely: string | null;
  lead: string;
}
export function words(key: string): string;
export function pct(p: number): string;
export function columnPct(p: number, bars: number): string;
export function oddsView(odds: unknown): OddsView | null;
export function oddsLine(odds: unknown): string;
export function summaryFigures(odds: unknown, kinds?: readonly string[]): { label: string; kind: string; text: string }[];
export function severityLevel(severity: string): number;
export function isGone(view: { severity?: readonly string[] }): boolean;
export function shipName(state: { ships: readonly { id: string; name: string }[] }, id: string): string;
export function actionName(state: { ruleset: { actions: readonly { type: string; title?: string }[] } }, type: string): string;
