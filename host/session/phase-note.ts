/**
 * The note for an action started outside the phases its rule text plays it in (issue 11 item 4: "an action outside
 * the phase is allowed with a visible note"). The action stays allowed; the note only says where the rules put it.
 */
import type { RuleSet, TableState } from "../../src/game/types.ts";
import type { Draft } from "../store/records.ts";

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "A", "A or B", "A, B or C". */
function either(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * "Broadside is played in Broadsides / Boarding; now: Initiative. Allowed — check with your opponent." when the
 * draft's action belongs to some phase (`RuleSet.phaseActions`) but not to the phase the table is in; null for an
 * action of this phase or of none, for a roll the rules demand (`origin` follow-up) and for a rule set without
 * `phaseActions`. Phases are named as players read them now (`phaseNames`).
 */
export function outsidePhaseNote(rs: RuleSet, state: TableState, phase: number, draft: Draft | null): string | null {
  const lists = rs.phaseActions;
  if (!draft || draft.origin === "follow-up" || !lists) return null;
  const playedIn = lists.flatMap((types, i) => (types.includes(draft.type) ? [i] : []));
  if (playedIn.length === 0 || playedIn.includes(phase)) return null;
  const names = (rs.phaseNames?.(state) ?? rs.phases).map(capitalised);
  const title = rs.actions.find((a) => a.type === draft.type)?.title ?? draft.type;
  const now = names[phase];
  const where = either([...new Set(playedIn.map((i) => names[i] ?? ""))]);
  return `${title} is played in ${where}${now ? `; now: ${now}` : ""}. Allowed — check with your opponent.`;
}
