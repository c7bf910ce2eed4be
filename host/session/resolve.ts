/**
 * Resolving the action being set up: the rules core's `transition` over the gathered dice, and the record the
 * store keeps (action, plan, dice with provenance and the rules' hit/miss marks, outcome, events, follow-ups, the sentence for the display).
 */
import { transition } from "../../src/game/engine.ts";
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { RuleSet, TableState } from "../../src/game/types.ts";
import type { ResolvedRecord } from "../store/records.ts";
import { markPlaced, planValues } from "./dice-gather.ts";
import type { DraftStatus } from "./draft-status.ts";

export function resolveDraft(
  rs: RuleSet,
  state: TableState,
  st: DraftStatus,
  seq: number,
  at: number,
): Result<{ record: ResolvedRecord; state: TableState }> {
  if (!st.plan || !st.gathered) return fail("action.none", st.instruction, "");
  const t = transition(rs, state, st.action, planValues(st.plan, st.gathered.placed));
  if (!t.ok) return t;
  const { plan, outcome, events, followUps, marks, state: after } = t.value;
  const description = rs.describe(after, st.action, outcome);
  return ok({
    record: { seq, at, action: st.action, plan, dice: markPlaced(st.gathered.placed, marks), outcome, events, followUps, description },
    state: after,
  });
}
