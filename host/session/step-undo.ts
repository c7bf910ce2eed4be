/**
 * Undo, within a step: the last result taken back (the game folded again without it), the draft and the queue it
 * found put back, the turn and phase the state counts followed, and the dial turned if the wind changes back.
 */
import { fail, ok, type Result } from "../../src/result.ts";
import { afterUndone, foldRecords } from "./resolve.ts";
import { followState } from "./step-phase.ts";
import type { StepRun } from "./step-run.ts";

/** Takes back the last result; refused when there is none. */
export function undo(run: StepRun): Result<null> {
  const before = run.game;
  const last = before.records.at(-1);
  if (!last) return fail("undo.nothing", "There is nothing to undo.", "");
  const { rs, now } = run.env;
  const records = before.records.slice(0, -1);
  const state = foldRecords(rs, before.initial, records);
  run.played({ ...before, records, state });
  Object.assign(run.work, afterUndone(rs.actions, run.work.draft, last.waiting, run.taps()));
  run.unpick();
  if (rs.turnOf || rs.phaseOf) followState(run, false);
  // the next result takes the undone one's number: no gap that looks like a missing roll
  run.work.lastUndo = { seq: last.seq, number: before.records.length, description: last.description, at: now() };
  const snapshot = { ...run.work };
  run.effects.push({ kind: "commit-undo", seq: last.seq, at: now(), description: last.description, state, snapshot });
  run.windAfter(before.state);
  run.effects.push({ kind: "push" });
  return ok(null);
}
