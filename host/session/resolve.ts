/**
 * Resolving the action being set up: the rules core's `transition` over the gathered dice, and the record the
 * store keeps (action, plan, dice with provenance, outcome, events, follow-ups, the sentence for the display).
 */
import { transition } from "../../src/game/engine.ts";
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { RuleSet, TableState } from "../../src/game/types.ts";
import type { ResolvedRecord } from "../store/records.ts";
import { planValues } from "./dice-gather.ts";
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
  const { plan, outcome, events, followUps, state: after } = t.value;
  const description = rs.describe(after, st.action, outcome);
  return ok({
    record: { seq, at, action: st.action, plan, dice: st.gathered.placed, outcome, events, followUps, description },
    state: after,
  });
}
