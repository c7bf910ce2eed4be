/**
 * wsim-battle-v3 events: each carries the values after it (`set` on a ship, `wind`, `game`), so the reducer is a
 * plain patch and replay/undo a fold.
 */
import { actingShip, applyPatch } from "../../game/action-kit.ts";
import type { GameEvent } from "../../game/types.ts";
import { ok, type Result } from "../../result.ts";
import type { Game, Ship, Wind, WsimState } from "./state.ts";

export interface WsimEvent extends GameEvent {
  readonly ship?: string;
  readonly set?: Partial<Ship>;
  readonly wind?: Partial<Wind>;
  readonly game?: Partial<Game>;
}

export const shipEvent = (type: string, ship: Ship, set: Partial<Ship>, extra: Record<string, unknown> = {}): WsimEvent => ({
  type,
  ship: ship.id,
  set,
  ...extra,
});

/** Folds one event into the state: a plain patch. */
export const applyWsimEvent = (state: WsimState, event: GameEvent): WsimState => applyPatch(state, event);

/** A ship still in play, by the action field that names it. */
export const liveShip = (state: WsimState, id: unknown, field: string): Result<Ship> =>
  actingShip(state.ships, id, field, (s) => (s.sunk ? `${s.name} has sunk.` : null));

/** The firing ship and her target, both afloat, or why not. */
export function firerAndTarget(
  state: WsimState,
  a: { readonly firer: string; readonly target: string },
): Result<{ firer: Ship; target: Ship }> {
  const firer = liveShip(state, a.firer, "firer");
  if (!firer.ok) return firer;
  const target = liveShip(state, a.target, "target");
  if (!target.ok) return target;
  return ok({ firer: firer.value, target: target.value });
}
