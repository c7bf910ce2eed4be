/**
 * A record that answers no demand, within a step (a move logged, `move-watch.ts`): committed, the follow-ups it
 * prompts first in the queue; the draft is kept unless one is prompted or it was the logged move's own action.
 */
import type { TableState } from "../../src/game/types.ts";
import type { ResolvedRecord } from "../store/records.ts";
import { emptyDraft } from "./draft.ts";
import { afterResolved } from "./resolve.ts";
import type { StepRun } from "./step-run.ts";

export function commitEntry(run: StepRun, record: ResolvedRecord, state: TableState): void {
  const { rs } = run.env;
  const w = run.work;
  const before = run.game;
  const entry = { ...record, waiting: w.followUps };
  const d = w.draft;
  const own = d !== null && d.origin !== "follow-up" && d.type === record.action.type && d.rolls.length === 0;
  if (record.followUps.length > 0) {
    Object.assign(w, afterResolved(rs.actions, { draft: null, followUps: w.followUps }, record.followUps, run.taps()));
    run.unpick();
  } else if (own) {
    const type = run.taps();
    w.draft = type ? emptyDraft(type) : null;
  }
  w.lastUndo = null;
  run.played({ ...before, records: [...before.records, entry], state });
  run.effects.push({ kind: "commit-action", record: entry, state, snapshot: { ...w }, draft: null });
  run.windAfter(before.state);
}
