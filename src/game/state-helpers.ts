/** Small helpers rule sets share: acting ships, unique ids, patch events, outcome fields, resolutions, names. */
import type { Dist } from "../odds/distribution.ts";
import { fail, ok, type Result } from "../result.ts";
import type { Outcome } from "./action-handler.ts";
import { findShip } from "./engine.ts";
import type { Action, FollowUp, GameEvent, Resolution, ShipBase, TableState } from "./types.ts";

/**
 * The ship an action field names (`ship.unknown` at `action.<field>`), refused as `rules.illegal` when `unable` gives
 * the reason it cannot act (sunk, captured …).
 */
export function actingShip<Ship extends ShipBase>(
  ships: readonly Ship[],
  id: unknown,
  field: string,
  unable: (ship: Ship) => string | null = () => null,
): Result<Ship> {
  const found = findShip(ships, id, `action.${field}`);
  if (!found.ok) return found;
  const why = unable(found.value);
  return why === null ? found : fail("rules.illegal", why, `action.${field}`);
}

/** Refuses two ships with the same id, and an id with a space (`input.invalid` at the id): an id is one word. */
export function uniqueShipIds<Ship extends { readonly id: string }>(ships: readonly Ship[]): Result<readonly Ship[]> {
  const seen = new Set<string>();
  for (const [i, s] of ships.entries()) {
    if (/\s/.test(s.id))
      return fail("input.invalid", `ships[${i}].id "${s.id}" has a space; an id is one word, like "royal-james".`, `ships[${i}].id`);
    if (seen.has(s.id))
      return fail("input.invalid", `ships[${i}].id "${s.id}" is used by two ships; ids must be unique.`, `ships[${i}].id`);
    seen.add(s.id);
  }
  return ok(ships);
}

/**
 * Folds a patch event into the state: events carry the values after them — `set` (fields of ship `ship`), `wind`
 * and `game` (fields merged) — so replay and undo are a plain fold. `normalize` re-derives a patched ship's fields.
 */
export function applyPatch<S extends TableState>(state: S, event: GameEvent, normalize = (ship: S["ships"][number]) => ship): S {
  const isPatch = (v: unknown): v is object => typeof v === "object" && v !== null;
  let next = state;
  const { ship, set, wind, game } = event;
  if (typeof ship === "string" && isPatch(set)) {
    next = { ...next, ships: next.ships.map((x) => (x.id === ship ? normalize({ ...x, ...set }) : x)) };
  }
  if (isPatch(wind)) next = { ...next, wind: { ...(next.wind as object), ...wind } };
  if (isPatch(game)) next = { ...next, game: { ...next.game, ...game } };
  return next;
}

/** The distribution of one outcome field as `{ value: p }`. */
export function fieldDistribution(dist: Dist<Outcome>, field: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { value, p } of dist.entries) {
    const k = String(value[field]);
    out[k] = (out[k] ?? 0) + p;
  }
  return out;
}

/** A resolution (no follow-ups unless given). */
export function resolution<O extends object>(
  outcome: O,
  events: Resolution["events"],
  followUps: Resolution["followUps"] = [],
): Result<Resolution<O>> {
  return ok({ outcome, events, followUps });
}

/** A roll follow-up. */
export const roll = (purpose: string, action: Action): FollowUp => ({ kind: "roll", purpose, action });

/** A ship's display name by id, tolerant of ids no longer present (sentences may use the state before or after). */
export const nameOf = (state: TableState, id: unknown): string => state.ships.find((s) => s.id === id)?.name ?? String(id);
