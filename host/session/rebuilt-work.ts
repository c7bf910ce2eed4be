/**
 * The session's working state when its stored snapshot could not be read: the game itself is rebuilt from the
 * log as always; the working state starts afresh from the table file, with the follow-ups the last action in
 * effect demanded, so a demanded roll is still asked for. What only the snapshot knew (the action half set up,
 * the phase, dice modes and bindings changed at the table) is reset, and the notice says so.
 */
import type { TableState } from "../../src/game/types.ts";
import type { TableSetup } from "../config/load.ts";
import type { ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { restoreWork } from "./follow-ups.ts";
import { afterResolved } from "./resolve.ts";
import { tapAction } from "./turn.ts";

export function rebuiltWork(setup: TableSetup, initial: TableState, records: readonly ResolvedRecord[]): SessionSnapshot {
  const fresh = restoreWork(setup, initial, null);
  const last = records.at(-1);
  if (!last || last.followUps.length === 0) return fresh;
  const next = afterResolved(setup.ruleset.actions, { draft: null, followUps: [] }, last.followUps, tapAction(setup.ruleset, 0));
  return { ...fresh, ...next };
}

/** The display's notice for a rebuilt working state. */
export function rebuiltNotice(problem: string, actions: number): string {
  return (
    `${problem}. The game was rebuilt from its log (${actions} action${actions === 1 ? "" : "s"} in effect); ` +
    "the action being set up, the phase and bindings changed at the table were reset — check them."
  );
}
