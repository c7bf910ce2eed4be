/** Types of the pure table-state helpers in table.js (for the unit tests). */
import type { TableView } from "../../session/view.ts";

export function diceTrouble(state: TableView): { title: string; remedy: string } | null;
/** A run of the turn's phases: under a shared prefix ("FR"), or one phase on its own (`label` null). */
export interface PhaseGroup {
  label: string | null;
  phases: { name: string; index: number }[];
  /** The current phase is in it. */
  now: boolean;
}
export function phaseView(state: TableView): { order: string[]; index: number; name: string | null; count: number; groups: PhaseGroup[] };
export function phaseGroups(order: readonly string[], index: number): PhaseGroup[];
export function onlyShown(state: TableView): boolean;
export function padHas(state: Pick<TableView, "devices">, command: string): boolean;
export function colorFits(colors: readonly string[], entry: { color: string | null }, plan: readonly { color: string | null }[]): boolean;
