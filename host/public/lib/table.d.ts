/** Types of the pure table-state helpers in table.js (for the unit tests). */
import type { TableView } from "../../session/view.ts";

export function diceTrouble(state: TableView): { title: string; remedy: string } | null;
export function phaseView(state: TableView): { order: string[]; index: number; name: string | null; count: number };
export function onlyShown(state: TableView): boolean;
export function colorFits(colors: readonly string[], entry: { color: string | null }, plan: readonly { color: string | null }[]): boolean;
