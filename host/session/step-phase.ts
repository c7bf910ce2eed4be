/**
 * The turn, within a step: next-phase walks the rule set's declared turn (`RuleSet.turn`, read through `turn.ts`).
 * What the text plays when a phase or the turn ends is queued like the rolls the rules demand (one needing no dice is
 * played at once, its rolls prompted after it); entering a phase asks for the rolls it makes due (Age of Sail's fire
 * removal), then sets up the roll it opens with. The table follows
 * the turn and the phase the rule set's state counts (`turnOf`, `phaseOf`), so a turn's end played by hand, or
 * undone, keeps turn and phase in step. What a move puts away unresolved is always said.
 */
import { fail, type Result } from "../../src/result.ts";
import { actionTitle, type Draft, emptyDraft, nextDraft } from "./draft.ts";
import type { StepRun } from "./step-run.ts";
import { endsAsFollowUps, endsLeaving, phaseDraft, phaseDue, phaseOpening, statePhase, stateTurn, tapAction } from "./turn.ts";

/** An action someone has started to set up: a field chosen (a ship tapped, a value given) or a die in. */
const begun = (d: Draft): boolean => d.rolls.length > 0 || Object.keys(d.values).length > 0;

/**
 * Moves to the next phase. Refused, with nothing changed, while a roll or choice the rules demand waits or dice are
 * in for an action not yet resolved (the dice rolled are kept). Leaving the last phase, a rule set whose state
 * counts turns moves to the next turn when its turn's end has been played (at once, if it needs no dice).
 */
export function nextPhase(run: StepRun): Result<null> {
  const { rs } = run.env;
  const w = run.work;
  const count = rs.turn.phases.length;
  if (count === 0) return fail("rules.illegal", `${rs.id} has no phases.`, "");
  const held = w.draft;
  if (held && held.rolls.length > 0) {
    const needed = run.status(held)?.plan?.reduce((n, e) => n + e.count, 0);
    const rolled = needed ? `${held.rolls.length} of ${needed}` : `${held.rolls.length}`;
    return fail(
      "dice.rolling",
      `${actionTitle(rs, held.type)} is half rolled (${rolled} dice in, kept): roll the rest, or Cancel it, before the next phase.`,
      "",
    );
  }
  const head = w.followUps[0];
  if (head) return fail("action.follow-up", `First: ${head.purpose}. (Cancel skips it.)`, "");
  const from = w.phase;
  const ends = endsLeaving(rs, from);
  // what the move puts away is said, never dropped silently: an action set up, the phase's own roll not rolled, a
  // roll set aside (an end about to be played is not put away: it is the same roll, asked for now)
  const opening = phaseOpening(rs, from);
  const unplayed = (d: Draft) => (begun(d) || d.type === opening) && !ends.some((e) => e.action === d.type);
  const left = [...(held && unplayed(held) ? [held] : []), ...(w.aside ? [w.aside] : [])];
  if (left.length > 0) {
    const what = left.map((d) => actionTitle(rs, d.type)).join(" and ");
    run.notice(
      "warn",
      `Next phase: ${what} put away unresolved. ${left.length > 1 ? "Set them up again if they are" : "Set it up again if it is"} still to be played.`,
    );
  }
  w.aside = null;
  const wraps = from === count - 1;
  // a rule set that counts turns moves on when its turn's end is played (see `followState`); the table counts the rest
  const waitsForTurnEnd = wraps && stateTurn(rs, run.game.state) !== null && ends.some((e) => e === rs.turn.ends);
  if (!waitsForTurnEnd) {
    w.phase = (from + 1) % count;
    if (wraps) w.turn = (w.turn ?? 1) + 1;
  }
  w.followUps = endsAsFollowUps(ends);
  if (ends.length === 0) return enterPhase(run);
  const [first] = w.followUps;
  w.draft = first?.kind === "roll" ? { type: first.action.type, values: {}, origin: "follow-up", purpose: first.purpose, rolls: [] } : null;
  if (!waitsForTurnEnd) setOpening(run);
  return run.afterDraftChange();
}

/**
 * Sets up the phase the table has entered: the rolls it makes due are queued (after an end still owed) and the
 * first is asked for; its opening roll is set up, or set aside while rolls the rules demand wait.
 */
function setOpening(run: StepRun): void {
  const w = run.work;
  const { rs } = run.env;
  const due = phaseDue(rs, run.game.state, w.phase);
  if (due.length > 0) {
    if (w.followUps.length === 0) w.draft = nextDraft(rs.actions, due);
    w.followUps = [...w.followUps, ...due];
  }
  if (w.followUps.length > 0) {
    w.aside = phaseOpening(rs, w.phase) ? phaseDraft(rs, w.phase) : null;
    return;
  }
  w.draft = phaseDraft(rs, w.phase);
}

/** The phase entered with nothing owed: its opening roll set up (one needing no dice played at once), or its tap action. */
function enterPhase(run: StepRun): Result<null> {
  setOpening(run);
  return phaseOpening(run.env.rs, run.work.phase) ? run.afterDraftChange(true) : run.changed();
}

/**
 * After an action resolved or was undone: the table follows the turn and phase the rule set's state counts. A new
 * turn (its end played, from next-phase or by hand) starts at its first phase — said when phases were left unplayed;
 * an undone turn's end takes the table back to the last phase. Returns whether the table moved.
 */
export function followState(run: StepRun, forward: boolean): boolean {
  const { rs } = run.env;
  const w = run.work;
  const state = run.game.state;
  const turn = stateTurn(rs, state);
  const phase = statePhase(rs, state);
  const last = rs.turn.phases.length - 1;
  const was = { turn: w.turn ?? 1, phase: w.phase };
  if (turn !== null && turn !== was.turn) {
    w.turn = turn;
    w.phase = phase ?? (turn > was.turn ? 0 : last);
    if (turn > was.turn && was.phase !== last) {
      const names = rs.phaseNames?.(state) ?? rs.phases;
      run.notice(
        "info",
        `Turn ${turn} begins: the turn's end was played in ${names[was.phase] ?? "a phase"}, before turn ${was.turn} was over.`,
      );
    }
  } else if (phase !== null && phase !== w.phase) {
    w.phase = phase;
  } else return false;
  if (forward) {
    if (w.followUps.length === 0 && w.draft && !begun(w.draft)) w.draft = null;
    if (w.draft === null || w.followUps.length > 0) setOpening(run);
  } else if (w.followUps.length === 0 && (!w.draft || !begun(w.draft))) {
    const type = tapAction(rs, w.phase);
    w.draft = type ? emptyDraft(type) : null;
  }
  return true;
}
