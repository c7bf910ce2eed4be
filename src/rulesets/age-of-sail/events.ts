/**
 * Age of Sail events and their reducer. Every event carries the values after it (`set` on a ship, `wind`,
 * `game`), so replay and undo are a plain fold; `score` adds damage to a side's running total.
 */
import { actingShip, applyPatch } from "../../game/action-kit.ts";
import type { GameEvent } from "../../game/types.ts";
import type { Result } from "../../result.ts";
import type { AosState, Game, Ship, Wind } from "./state.ts";

export interface AosEvent extends GameEvent {
  readonly ship?: string;
  readonly set?: Partial<Ship>;
  readonly wind?: Wind;
  readonly game?: Partial<Game>;
  readonly score?: { readonly side: string; readonly points: number };
}

/** A ship event: `type` names what happened, `set` the fields after it. */
export const shipEvent = (type: string, ship: Ship, set: Partial<Ship>, extra: Record<string, unknown> = {}): AosEvent => ({
  type,
  ship: ship.id,
  set,
  ...extra,
});

export const scoreEvent = (side: string, points: number, reason: string): AosEvent => ({
  type: "damage-scored",
  score: { side, points },
  reason,
});

/** Folds one event into the state. `round-started` clears the once-a-round marks. */
export function applyAosEvent(state: AosState, event: GameEvent): AosState {
  const e = event as AosEvent;
  let s = state;
  if (e.type === "round-started") {
    s = {
      ...s,
      ships: s.ships.map((x) => ({
        ...x,
        firedThisRound: [],
        repairingMasts: false,
        anchor: x.anchor === "raising" ? "none" : x.anchor,
      })),
    };
  }
  s = applyPatch(s, e);
  if (e.score) {
    const { side, points } = e.score;
    s = { ...s, game: { ...s.game, score: { ...s.game.score, [side]: (s.game.score[side] ?? 0) + points } } };
  }
  return s;
}

/**
 * A ship still afloat, by id (`ship.unknown` / `rules.illegal` naming the field), refused as well in the words `unfit`
 * gives for her when it gives any ("Brielle is not on fire.").
 */
export const liveShip = (state: AosState, id: unknown, field: string, unfit: (ship: Ship) => string | null = () => null): Result<Ship> =>
  actingShip(state.ships, id, field, (s) => (s.sunk ? `${s.name} has sunk.` : unfit(s)));
