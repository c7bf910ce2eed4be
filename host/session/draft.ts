/**
 * The action being set up: its type, the fields chosen so far (ships by tapping, the rest on /control),
 * where it came from, and the rolls gathered for it. Built only from the rule set's {@link ActionDef}s.
 */
import type { Action, ActionDef, ActionField, ShipBase } from "../../src/game/types.ts";
import type { Draft } from "../store/records.ts";

export type { Draft } from "../store/records.ts";

/** A new empty draft of an action type. */
export const emptyDraft = (type: string): Draft => ({ type, values: {}, origin: "table", rolls: [] });

/** The fields filled by tapping ship bases, in order (firer, then target). */
export const shipFields = (def: ActionDef): ActionField[] => def.fields.filter((f) => f.type === "ship").slice(0, 2);

/** The action type a table starts with: the first with two ship fields (a broadside, a fire), else the first. */
export function defaultActionType(actions: readonly ActionDef[]): string | null {
  const two = actions.filter((a) => shipFields(a).length >= 2);
  return (two.find((a) => shipFields(a)[0]?.name === "firer") ?? two[0] ?? actions[0])?.type ?? null;
}

/** The action a phase is named after ("wind change" → `wind`), if any. */
export function phaseActionType(actions: readonly ActionDef[], phase: string | undefined): string | null {
  const words = (phase ?? "").toLowerCase().split(/[^a-z-]+/);
  return actions.find((a) => words.includes(a.type))?.type ?? null;
}

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

/** The action the draft stands for: its values over the fields' defaults. */
export function draftAction(draft: Draft, def: ActionDef): Action {
  const action: Record<string, unknown> = { type: def.type };
  for (const f of def.fields) {
    const v = draft.values[f.name] ?? f.default;
    if (v !== undefined) action[f.name] = v;
  }
  for (const [k, v] of Object.entries(draft.values)) if (!(k in action)) action[k] = v;
  return action as Action;
}

/** Fields still to be given (no value, no default, not optional). */
export function missingFields(draft: Draft, def: ActionDef): ActionField[] {
  return def.fields.filter((f) => !f.optional && draft.values[f.name] === undefined && f.default === undefined);
}

/** The side that rolls: the side of the action's first ship (the firer), or null (wind). */
export function rollerSide(action: Action, def: ActionDef | undefined, ships: readonly ShipBase[]): string | null {
  const f = def?.fields.find((x) => x.type === "ship");
  const id = f ? action[f.name] : undefined;
  return ships.find((s) => s.id === id)?.side ?? null;
}
