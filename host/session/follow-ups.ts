/**
 * Follow-ups the rules demand, as the session works through them: the head of the queue is the next thing
 * to do — a roll becomes the action being set up, a choice waits for a person's answer (the queue after a
 * resolve or an undo: `resolve.ts`). Also the working state a session starts with.
 */

import type { FollowUp, TableState } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { TableSetup } from "../config/load.ts";
import type { SessionSnapshot } from "../store/records.ts";
import { type Draft, nextDraft } from "./draft.ts";
import { phaseDraft, phaseDue, phaseOpening } from "./turn.ts";

/**
 * Answers the `choose` follow-up at the head: checks the value(s) against the options and the count, and
 * turns the choice into the roll (or no-dice action) it leads to, which replaces it at the head.
 */
export function answerChoice(followUps: readonly FollowUp[], value: unknown): Result<{ draft: Draft; followUps: FollowUp[] }> {
  const head = followUps[0];
  if (head?.kind !== "choose") return fail("action.none", "No choice is waiting.", "value");
  const chosen = Array.isArray(value) ? value : [value];
  const allowed = head.choice.options.map((o) => JSON.stringify(o.value));
  const bad = chosen.findIndex((v) => !allowed.includes(JSON.stringify(v)));
  if (bad >= 0) return fail("input.invalid", `${JSON.stringify(chosen[bad])} is not one of the options.`, `value[${bad}]`);
  if (chosen.length < head.choice.min || chosen.length > head.choice.max) {
    return fail("input.invalid", `Choose from ${head.choice.min} to ${head.choice.max} options; got ${chosen.length}.`, "value");
  }
  const v = head.choice.max === 1 && !Array.isArray(value) ? chosen[0] : chosen;
  const action = { ...head.action, [head.choice.field]: v };
  const { type, ...values } = action;
  return ok({
    draft: { type, values, origin: "follow-up", purpose: head.purpose, rolls: [] },
    followUps: [{ kind: "roll", purpose: head.purpose, action }, ...followUps.slice(1)],
  });
}

/** The session's working state at start: the stored snapshot, or a new game's (players from the config). */
export function restoreWork(setup: TableSetup, initial: TableState, snapshot: SessionSnapshot | null): SessionSnapshot {
  const sides = [...new Set(initial.ships.map((s) => s.side))];
  const configured = Object.fromEntries(setup.players.map((p) => [p.side, p.dice]));
  const players = { ...Object.fromEntries(sides.map((s) => [s, configured[s] ?? "electronic"])), ...snapshot?.players };
  if (snapshot) return { ...snapshot, players };
  // a game set up mid-fight (a ship already burning) owes the first phase's due rolls from the start
  const due = phaseDue(setup.ruleset, initial, 0);
  const draft = due.length > 0 ? nextDraft(setup.ruleset.actions, due) : phaseDraft(setup.ruleset, 0);
  const aside = due.length > 0 && phaseOpening(setup.ruleset, 0) ? { aside: phaseDraft(setup.ruleset, 0) } : {};
  return { draft, followUps: due, phase: 0, players, bindings: setup.bindings, focus: null, ...aside };
}
