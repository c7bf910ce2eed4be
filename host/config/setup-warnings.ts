/**
 * What a set-up costs a side that the players may not expect, as its rule set says it (`RuleSet.setupWarnings`: a
 * 1666 squadron with no flagship marked rolls initiative at −1): said when a roster is read and a game created, never
 * refused. The display says the same when the game opens (host/session/view.ts).
 */
import type { RuleSet } from "../../src/game/types.ts";

/** The warnings' sentences for these ships (and the rest of a starting state); none when the state does not parse. */
export function setupWarningsOf(rs: RuleSet, start: { ships?: unknown; wind?: unknown; game?: unknown; settings?: unknown }): string[] {
  if (!rs.setupWarnings) return [];
  const state = rs.parseState(start);
  return state.ok ? rs.setupWarnings(state.value).map((w) => w.message) : [];
}
