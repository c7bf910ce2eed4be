/**
 * Follow-ups the rules demand, as the session works through them: the head of the queue is the next thing
 * to do — a roll becomes the action being set up, a choice waits for a person's answer.
 */
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { ActionDef, FollowUp, TableState } from "../../src/game/types.ts";
import type { TableSetup } from "../config/load.ts";
import type { SessionSnapshot } from "../store/records.ts";
import { type Draft, defaultActionType, emptyDraft, phaseActionType } from "./draft.ts";

/** The draft that follows: the next demanded roll, nothing while a choice waits, else a fresh table action. */
export function nextDraft(actions: readonly ActionDef[], followUps: readonly FollowUp[], lastType?: string): Draft | null {
  const head = followUps[0];
  if (head?.kind === "roll") {
    const { type, ...values } = head.action;
    return { type, values, origin: "follow-up", purpose: head.purpose, rolls: [] };
  }
  if (head?.kind === "choose") return null;
  // after a shot, the same kind of shot is the likeliest next; otherwise the table's firing action
  const keep =
    lastType && actions.some((a) => a.type === lastType && a.fields.some((f) => f.type === "ship")) ? lastType : defaultActionType(actions);
  return keep ? emptyDraft(keep) : null;
}

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
  const actions = setup.ruleset.actions;
  const type = phaseActionType(actions, setup.ruleset.phases[0]) ?? defaultActionType(actions);
  return { draft: type ? emptyDraft(type) : null, followUps: [], phase: 0, players, bindings: setup.bindings, focus: null };
}

/**
 * The queue and draft after an action resolved: the follow-ups it demands come first, ahead of those still waiting
 * (less the one it answered, if it was a demanded roll).
 */
export function afterResolved(
  actions: readonly ActionDef[],
  work: Pick<SessionSnapshot, "draft" | "followUps">,
  demanded: readonly FollowUp[],
  type: string,
): { followUps: FollowUp[]; draft: Draft | null } {
  const rest = work.draft?.origin === "follow-up" ? work.followUps.slice(1) : work.followUps;
  const followUps = [...demanded, ...rest];
  return { followUps, draft: nextDraft(actions, followUps, type) };
}

/**
 * The queue and draft after an undo: the follow-ups waiting when the undone action was resolved come back (its own
 * demand first, if it was one); a draft is replaced only when it was a demanded roll or a demand is back.
 */
export function afterUndone(
  actions: readonly ActionDef[],
  draft: Draft | null,
  waiting: readonly FollowUp[] | undefined,
): { followUps: FollowUp[]; draft: Draft | null } {
  const followUps = [...(waiting ?? [])];
  if (followUps.length > 0 || draft?.origin === "follow-up") return { followUps, draft: nextDraft(actions, followUps, draft?.type) };
  return { followUps, draft };
}
