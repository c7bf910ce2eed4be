/** What a table session is built from and what it tells its listeners. */
import type { DeviceHealth } from "../../devices/readings.ts";
import type { WindView } from "../../src/game/types.ts";
import type { TableSetup } from "../config/load.ts";
import type { GameStore, ResolvedRecord } from "../store/records.ts";
import type { Notice } from "./notices.ts";

export interface SessionDeps {
  readonly setup: TableSetup;
  readonly store: GameStore;
  readonly now: () => number;
  /** A uniformly random face 1..sides, for players on software dice. */
  readonly randomFace: (sides: number) => number;
  /** Current device health (dice colours, how many dice are at hand). */
  readonly deviceHealth: () => readonly DeviceHealth[];
}

/** What happened, for the live feed and the dial. */
export type SessionEvent =
  | { readonly type: "result"; readonly record: ResolvedRecord }
  | { readonly type: "undo"; readonly seq: number; readonly description: string }
  | { readonly type: "wind"; readonly wind: WindView | null }
  | { readonly type: "notice"; readonly notice: Notice }
  | { readonly type: "focus"; readonly ship: string };

export type SessionListener = (events: readonly SessionEvent[]) => void;
