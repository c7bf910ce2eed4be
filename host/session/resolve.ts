/**
 * Resolving the action being set up, and undoing it: the rules core's `transition` over the gathered dice, the
 * record the store keeps (action, plan, dice with provenance and the rules' hit/miss marks, outcome, events,
 * follow-ups, the sentence for the display), the state folded again without the undone record, and the queue of
 * follow-ups and the draft after either; and, within a step, the resolution with what follows it.
 */

import type { DicePlan } from "../../src/dice/plan.ts";
import { applyEvents, transition } from "../../src/game/engine.ts";
import type { ActionDef, DieMark, FollowUp, RuleSet, TableState } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { Draft, PlacedDie, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { type DraftStatus, nextDraft } from "./draft.ts";
import { movedRecord } from "./move-watch.ts";
import { followState } from "./step-phase.ts";
import type { StepRun } from "./step-run.ts";

/** The dice values in plan order (entry by entry, in the order they were rolled), for `transition`. */
export function planValues(plan: DicePlan, placed: readonly PlacedDie[]): number[] {
  return plan.flatMap((_, i) => placed.filter((p) => p.entry === i).map((p) => p.value));
}

/**
 * The placed dice with the rules' marks (`transition`'s `marks`: per plan entry, per die in the order
 * `planValues` gives them); a die the rules did not mark (null, or no marks at all) is left as it is.
 */
export function markPlaced(placed: readonly PlacedDie[], marks: readonly (readonly DieMark[])[] | null): PlacedDie[] {
  if (!marks) return [...placed];
  const seen = new Map<number, number>();
  return placed.map((p) => {
    const k = seen.get(p.entry) ?? 0;
    seen.set(p.entry, k + 1);
    const mark = marks[p.entry]?.[k];
    return mark ? { ...p, mark } : p;
  });
}

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

/** The game as resolved records over the starting state: their events folded (an undo folds again from the start). */
export function foldRecords(rs: RuleSet, initial: TableState, records: readonly ResolvedRecord[]): TableState {
  return records.reduce((s, r) => applyEvents(rs, s, r.events), initial);
}

/**
 * The queue and draft after an action resolved: the follow-ups it demands come first, ahead of those still waiting
 * (less the one it answered, if it was a demanded roll); with none, a fresh action of `tableType` (the phase's).
 */
export function afterResolved(
  actions: readonly ActionDef[],
  work: Pick<SessionSnapshot, "draft" | "followUps">,
  demanded: readonly FollowUp[],
  tableType?: string | null,
): { followUps: FollowUp[]; draft: Draft | null } {
  const rest = work.draft?.origin === "follow-up" ? work.followUps.slice(1) : work.followUps;
  const followUps = [...demanded, ...rest];
  return { followUps, draft: nextDraft(actions, followUps, tableType) };
}

/**
 * The queue and draft after an undo: the follow-ups waiting when the undone action was resolved come back (its own
 * demand first, if it was one); a draft is replaced only when it was a demanded roll or a demand is back.
 */
export function afterUndone(
  actions: readonly ActionDef[],
  draft: Draft | null,
  waiting: readonly FollowUp[] | undefined,
  tableType?: string | null,
): { followUps: FollowUp[]; draft: Draft | null } {
  const followUps = [...(waiting ?? [])];
  if (followUps.length > 0 || draft?.origin === "follow-up") return { followUps, draft: nextDraft(actions, followUps, tableType) };
  return { followUps, draft };
}

/**
 * Resolves the draft whose dice are in, within a step: the record committed with the queue it found (`waiting`, for
 * undo), the follow-ups it demands next, the turn and phase the state counts followed, a phase's roll set aside
 * brought back when nothing is owed, the dial turned if the wind changed; then what the turn plays on its own.
 */
export function resolveInStep(run: StepRun, st: DraftStatus): Result<null> {
  const { rs } = run.env;
  const before = run.game;
  const r = resolveDraft(rs, before.state, st, run.env.nextSeq(), run.env.now());
  if (!r.ok) {
    run.notice("warn", r.error.message);
    run.effects.push({ kind: "push" });
    return r;
  }
  const w = run.work;
  // her movement action resolved after she moved is her move's entry (move-watch.ts)
  const record = { ...(w.moves ? movedRecord(run, r.value.record) : r.value.record), waiting: w.followUps };
  const resolved = w.draft;
  Object.assign(w, afterResolved(rs.actions, w, record.followUps, run.taps()), { lastUndo: null });
  run.unpick();
  run.played({ ...before, records: [...before.records, record], state: r.value.state });
  if (rs.turnOf || rs.phaseOf) followState(run, true);
  if (w.aside) run.restoreAside();
  run.effects.push({ kind: "commit-action", record, state: r.value.state, snapshot: { ...w }, draft: resolved });
  run.windAfter(before.state);
  run.effects.push({ kind: "push" });
  return playOn(run);
}

/**
 * What the turn plays on its own after a resolution: the end of a phase or turn at the head of the queue, or the
 * opening of the phase now set up, when it needs no dice and nothing more from anyone.
 */
function playOn(run: StepRun): Result<null> {
  const { turn } = run.env;
  const w = run.work;
  const d = w.draft;
  if (!d || d.rolls.length > 0 || run.playedOn > 8) return ok(null);
  const turnStep = d.origin === "follow-up" && turn.steps.has(d.type);
  const opening = d.origin !== "follow-up" && w.followUps.length === 0 && d.type === (turn.opens[w.phase] ?? null);
  if (!turnStep && !opening) return ok(null);
  const st = run.status(d);
  if (!st?.ready || st.plan?.length !== 0) return ok(null);
  run.playedOn += 1;
  return resolveInStep(run, st);
}
