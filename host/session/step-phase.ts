/**
 * The next phase, within a step: the phase order moves on (wrapping round starts a new turn), what the move puts
 * away unresolved is said, and the rolls the phase left ends with are set up.
 */
import { fail, type Result } from "../../src/result.ts";
import { actionTitle, type Draft } from "./draft.ts";
import { phaseAdvanced } from "./draft-edits.ts";
import type { StepRun } from "./step-run.ts";

/** An action someone has started to set up: a field chosen (a ship tapped, a value given) or a die in. */
const begun = (d: Draft): boolean => d.rolls.length > 0 || Object.keys(d.values).length > 0;

/** Moves to the next phase; the phase being left may end with rolls (Sole Bay: fires after movement), set up as an action. */
export function nextPhase(run: StepRun): Result<null> {
  const { rs } = run.env;
  const w = run.work;
  const endAction = rs.phaseEndActions?.[w.phase] ?? null;
  if (endAction && w.followUps.length > 0) return fail("action.follow-up", `First: ${w.followUps[0]?.purpose}.`, "");
  const next = phaseAdvanced(rs, w);
  if (!next.ok) return next;
  // the phase order wrapping round starts a new turn; a phase's own roll set aside belongs to the phase left
  if (next.value.phase <= w.phase) w.turn = (w.turn ?? 1) + 1;
  // what the move puts away is said, never dropped silently: an action set up (ships chosen, dice in), a roll set aside
  const replaced = endAction !== null || next.value.draft !== w.draft;
  const left = [...(replaced && w.draft && begun(w.draft) ? [w.draft] : []), ...(w.aside ? [w.aside] : [])];
  if (left.length > 0) {
    const what = left.map((d) => actionTitle(rs, d.type)).join(" and ");
    run.notice(
      "warn",
      `Next phase: ${what} put away unresolved. ${left.length > 1 ? "Set them up again if they are" : "Set it up again if it is"} still to be played.`,
    );
  }
  w.phase = next.value.phase;
  w.draft = next.value.draft;
  w.aside = null;
  if (!endAction) return run.changed();
  const started = run.input({ type: "start", action: { type: endAction } });
  if (started.ok) return started;
  // the phase has moved all the same: show it, then say why its rolls could not be set up
  run.changed();
  return started;
}
