/**
 * The pad's and /control's answers, within a step: the next option of a choice, a choice of the rules answered,
 * Confirm (keep the option shown, resolve when the dice are in, or roll for software players), Cancel (skip the
 * roll or choice the rules demand, or drop the action set up).
 */
import type { FollowUp } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import { measuredTicks, tickedAnswer, tickedNow, ticksMany, toggled } from "./choice-ticks.ts";
import { pickedAnswer } from "./choices.ts";
import { nextDraft } from "./draft.ts";
import { pressedChoice } from "./draft-edits.ts";
import { answerChoice } from "./follow-ups.ts";
import type { StepRun } from "./step-run.ts";
import { tapAction } from "./turn.ts";

/** The pad's `next-choice` (`back`: `prev-choice`). */
export function nextChoice(run: StepRun, back: boolean): Result<null> {
  const w = run.work;
  const next = pressedChoice(run.env.rs, w, run.status(w.draft), back);
  if (!next.ok) return next;
  Object.assign(w, next.value);
  return run.afterDraftChange();
}

/** A choice the rules demand, answered. */
export function choose(run: StepRun, value: unknown): Result<null> {
  const w = run.work;
  const answer = answerChoice(w.followUps, value);
  if (!answer.ok) return answer;
  w.followUps = answer.value.followUps;
  run.unpick();
  return run.setDraft(ok(answer.value.draft));
}

/**
 * Confirm on a choice of several options (issue 37 item 4): on an option, ticks or unticks it; on "done", or before
 * Next choice was pressed when the table measured which options stand (the ships within the explosion), answers
 * with the ones ticked.
 */
function confirmTicks(run: StepRun, head: Extract<FollowUp, { kind: "choose" }>): Result<null> {
  const w = run.work;
  const { env } = run;
  const at = { positions: w.positions, now: env.now(), ...(env.layout ? { layout: env.layout } : {}) };
  const measured = measuredTicks(env.rs, run.game.state, head, at);
  const ticks = tickedNow(w.ticked, () => measured ?? []);
  const n = head.choice.options.length;
  if (typeof w.picking === "number" && w.picking < n) {
    w.ticked = toggled(ticks, w.picking);
    return run.changed();
  }
  if (w.picking === undefined || w.picking === null) {
    if (!w.ticked && measured === null)
      return fail("action.follow-up", `Press Next choice to go through the options, Confirm to tick one: ${head.purpose}`, "");
  }
  return choose(run, tickedAnswer(head.choice, ticks));
}

export function confirm(run: StepRun): Result<null> {
  const w = run.work;
  const head = w.followUps[0];
  if (head?.kind === "choose" && ticksMany(head.choice)) return confirmTicks(run, head);
  // the option of the rules' choice the pad shows: Confirm answers with it
  if (head?.kind === "choose" && typeof w.picking === "number") return choose(run, pickedAnswer(head.choice, w.picking));
  // a choice the pad was cycling: Confirm keeps it, and the pad moves on to the next choice wanted
  if (w.draft?.choosing !== undefined) {
    const { choosing: _kept, ...draft } = w.draft;
    return run.setDraft(ok(draft));
  }
  const st = run.status(w.draft);
  if (!st?.plan || !st.gathered) return fail("action.none", st?.instruction ?? "Nothing to confirm.", "");
  if (st.ready) return run.resolve(st);
  if (st.mode === "software") return run.raise({ type: "software-roll" }, "answer");
  return fail("dice.count", st.instruction, "");
}

export function cancel(run: StepRun): Result<null> {
  const w = run.work;
  const head = w.followUps[0];
  if (head) run.notice("warn", `Skipped: ${head.purpose}.`);
  w.followUps = w.followUps.slice(1);
  run.unpick();
  w.draft = nextDraft(run.env.rs.actions, w.followUps, tapAction(run.env.rs, w.phase));
  run.restoreAside();
  return run.changed();
}
