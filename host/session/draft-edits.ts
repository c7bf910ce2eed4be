/**
 * How the table's inputs change the action being set up: a tap on a ship, a choice on the control page or from the pad, an
 * action given whole over the API. Each returns the new draft (or a refusal) and leaves storing it
 * to the session.
 */

import type { ActionDef, ActionField, FollowUp, RuleSet, TableState } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { SessionSnapshot } from "../store/records.ts";
import { cycledValue, pickedOption, pressedField, valueNow } from "./choices.ts";
import { actionTitle, type Draft, type DraftStatus, emptyDraft, shipFields } from "./draft.ts";

/**
 * A tap on a ship base: fills the next empty ship field; when all are filled (or the ship is the one just
 * tapped), starts over with this ship first. A draft with rolls already gathered is left alone (null).
 */
export function tapShip(draft: Draft, def: ActionDef, shipId: string): Draft | null {
  if (draft.rolls.length > 0 || draft.origin === "follow-up") return null;
  const fields = shipFields(def);
  const first = fields[0];
  if (!first) return null;
  const next = fields.find((f) => draft.values[f.name] === undefined);
  const filled = fields.map((f) => draft.values[f.name]).filter((v) => v !== undefined);
  if (!next || filled[filled.length - 1] === shipId) {
    if (filled.length === 1 && filled[0] === shipId) return draft;
    return { ...draft, origin: "table", values: { ...withoutShips(draft.values, fields), [first.name]: shipId } };
  }
  return { ...draft, origin: "table", values: { ...draft.values, [next.name]: shipId } };
}

function withoutShips(values: Readonly<Record<string, unknown>>, fields: readonly ActionField[]): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) delete out[f.name];
  return out;
}

/**
 * The draft after a tap on a ship: fills its next ship field (see {@link tapShip}). `tapType` is the action ships
 * tapped set up in the phase the table is in; a tap while the action has no ships to tap (the wind, initiative)
 * starts it.
 */
export function tappedDraft(
  rs: RuleSet,
  draft: Draft | null,
  followUps: readonly FollowUp[],
  shipId: string,
  tapType: string | null,
): Draft | null {
  let next = draft;
  let def = rs.actions.find((a) => a.type === next?.type);
  if (followUps.length === 0 && (next?.rolls.length ?? 0) === 0 && !def?.fields.some((f) => f.type === "ship") && tapType) {
    next = emptyDraft(tapType);
    def = rs.actions.find((a) => a.type === tapType);
  }
  if (next && def && followUps.length === 0) {
    const tapped = tapShip(next, def, shipId);
    if (tapped) next = tapped;
  }
  return next;
}

/** The draft with the action type and/or field values chosen on the control page (`values` merge into it). */
export function editedDraft(
  rs: RuleSet,
  work: Pick<SessionSnapshot, "draft" | "followUps">,
  type: string | undefined,
  values: Readonly<Record<string, unknown>>,
): Result<Draft> {
  if (work.followUps.length > 0) return fail("action.follow-up", "Finish the roll or choice the rules demand first.", "");
  const t = type ?? work.draft?.type;
  if (!t || !rs.actions.some((a) => a.type === t)) return fail("input.invalid", `${rs.id} has no action "${t}".`, "type");
  // only the action's own fields are kept, so repeated edits cannot grow the draft without bound
  const fields = rs.actions.find((a) => a.type === t)?.fields ?? [];
  const unknown = Object.keys(values).find((k) => !fields.some((f) => f.name === k));
  if (unknown !== undefined) return fail("input.invalid", `${t} has no field "${unknown}".`, `values.${unknown}`);
  const keep = work.draft && work.draft.type === t ? work.draft : emptyDraft(t);
  // a choice made on the control page settles the one the pad was cycling
  const { choosing: _settled, ...rest } = keep;
  return ok({ ...rest, values: { ...keep.values, ...values } });
}

/**
 * The draft after a press of the pad's `next-choice` (`back`: `prev-choice`): the choice field the pad is on (see
 * {@link pressedField}) takes its next value and stays under the pad until Confirm keeps it.
 */
export function cycledDraft(
  rs: RuleSet,
  work: Pick<SessionSnapshot, "draft" | "followUps">,
  status: DraftStatus | null,
  back: boolean,
): Result<Draft> {
  const draft = work.draft;
  if (work.followUps.length > 0 || draft?.origin === "follow-up")
    return fail("action.follow-up", "Finish the roll or choice the rules demand first.", "");
  if (!draft) return fail("action.none", "No action is being set up: tap a ship first.", "");
  if (draft.rolls.length > 0) return fail("action.none", "The dice are already rolling for this action: its choices are made.", "");
  // a shot the table's geometry forbids has nothing left to choose: the pad says why instead
  const refusal = status?.measure?.refusal;
  if (refusal) return fail(refusal.code, refusal.message, refusal.path);
  const def = rs.actions.find((a) => a.type === draft.type);
  const measured = status?.measure?.measured ?? {};
  const field = def && pressedField(draft, def, status?.error ?? null, measured);
  if (!def || !field) return fail("action.none", `${actionTitle(rs, draft.type)} has nothing to choose.`, "");
  // a measured field cycles on from the measured value: the press overrides it, and the display says so
  const value = cycledValue(field, valueNow(draft, field, measured), back);
  return ok({ ...draft, values: { ...draft.values, [field.name]: value }, choosing: field.name });
}

/**
 * A press of the pad's `next-choice` (`back`: `prev-choice`): the next option of the choice the rules ask, when one
 * waits (`picking`); else the draft with its choice field cycled (see {@link cycledDraft}).
 */
export function pressedChoice(
  rs: RuleSet,
  work: Pick<SessionSnapshot, "draft" | "followUps" | "picking">,
  status: DraftStatus | null,
  back: boolean,
): Result<{ draft: Draft } | { picking: number }> {
  const head = work.followUps[0];
  if (head?.kind !== "choose") {
    const draft = cycledDraft(rs, work, status, back);
    return draft.ok ? ok({ draft: draft.value }) : draft;
  }
  const picking = pickedOption(head.choice, work.picking, back);
  return picking === null ? fail("action.follow-up", `Choose on the control page: ${head.purpose}`, "") : ok({ picking });
}

/** The draft of an action given whole (POST /api/actions), checked by the rules; errors name `action.<field>`. */
export function startedDraft(rs: RuleSet, state: TableState, followUps: readonly FollowUp[], raw: unknown): Result<Draft> {
  if (typeof raw !== "object" || raw === null || typeof (raw as { type?: unknown }).type !== "string") {
    return fail("input.invalid", "action must be an object with a type.", "action");
  }
  const { type, ...values } = raw as { type: string };
  if (!rs.actions.some((a) => a.type === type)) {
    return fail("input.invalid", `${rs.id} has no action "${type}" (it has: ${rs.actions.map((a) => a.type).join(", ")}).`, "action.type");
  }
  const parsed = rs.parseAction(state, raw);
  if (!parsed.ok)
    return {
      ok: false,
      error: { ...parsed.error, path: parsed.error.path ? `action.${parsed.error.path.replace(/^action\.?/, "")}` : "action" },
    };
  const follow = followUps[0];
  const origin = follow?.kind === "roll" && follow.action.type === type ? "follow-up" : "api";
  if (followUps.length > 0 && origin === "api") return fail("action.follow-up", `First: ${follow?.purpose}.`, "action");
  return ok({ type, values, origin, purpose: follow?.purpose, rolls: [] });
}
