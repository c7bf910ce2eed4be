/**
 * Quickfire events and the reducer that folds them into the table state (undo and replay are a fold).
 */
import type { GameEvent } from "../../game/types.ts";
import { type LostField, PHASES, type Phase, type QuickfireState, type Ship, type Shot } from "./ship.ts";

export type QuickfireEvent =
  /** One point marked off a log column: a slash while `pending` (gunnery phases), else crossed out. */
  | { type: "hit"; ship: string; field: LostField; pending: boolean; code: "G" | "S" | "T" | "R"; cause: string }
  /** A code with nothing to act on (4.1: "counted as no effect"). */
  | { type: "no-effect"; ship: string; code: string; cause: string }
  | { type: "fire-started"; ship: string; cause: string }
  | { type: "fire-out"; ship: string }
  | { type: "direction-hit"; ship: string; roll: number; turn: string }
  | { type: "repaired"; ship: string; field: "speedLost" | "heavyRofLost" | "lightRofLost" | "direction" }
  | { type: "repair-spent"; ship: string; points: number }
  | { type: "torpedo-spent"; ship: string }
  | { type: "sunk"; ship: string }
  | { type: "moved"; ship: string; distance: number }
  | { type: "shot"; shot: Shot }
  | { type: "phase-ended"; from: Phase; to: Phase; newTurn: boolean };

const ZERO = { speedLost: 0, heavyRofLost: 0, lightRofLost: 0, torpedoLost: 0, repairUsed: 0 };

/** Folds one event into one ship (events that do not concern it leave it as it is). */
export function applyToShip(ship: Ship, event: QuickfireEvent): Ship {
  if (!("ship" in event) || event.ship !== ship.id) return ship;
  switch (event.type) {
    case "hit":
      return event.pending
        ? { ...ship, pending: { ...ship.pending, [event.field]: ship.pending[event.field] + 1 } }
        : { ...ship, [event.field]: ship[event.field] + 1 };
    case "fire-started":
      return { ...ship, fires: ship.fires + 1 };
    case "fire-out":
      return { ...ship, fires: Math.max(0, ship.fires - 1) };
    case "direction-hit":
      return { ...ship, directionHits: [...ship.directionHits, event.roll] };
    case "repaired":
      if (event.field === "direction") return { ...ship, directionHits: ship.directionHits.slice(1) };
      return { ...ship, [event.field]: Math.max(0, ship[event.field] - 1) };
    case "repair-spent":
      return { ...ship, repairUsed: ship.repairUsed + event.points };
    case "torpedo-spent":
      return { ...ship, torpedoSpent: true };
    case "sunk":
      return { ...ship, sunk: true };
    case "moved":
      return { ...ship, moved: event.distance };
    default:
      return ship;
  }
}

/** Crosses out the phase's slashes (4.0) and, at a new turn, makes this turn's move the last speed (2.2). */
function endPhase(ship: Ship, newTurn: boolean): Ship {
  const p = ship.pending;
  const crossed: Ship = {
    ...ship,
    speedLost: ship.speedLost + p.speedLost,
    heavyRofLost: Math.min(ship.heavyRof, ship.heavyRofLost + p.heavyRofLost),
    lightRofLost: Math.min(ship.lightRof, ship.lightRofLost + p.lightRofLost),
    torpedoLost: ship.torpedoLost + p.torpedoLost,
    repairUsed: Math.min(ship.repair, ship.repairUsed + p.repairUsed),
    pending: { ...ZERO },
  };
  return newTurn ? { ...crossed, lastSpeed: ship.moved, moved: 0 } : crossed;
}

/** The rule set's reducer. */
export function applyQuickfireEvent(state: QuickfireState, raw: GameEvent): QuickfireState {
  const event = raw as QuickfireEvent;
  if (event.type === "shot") return { ...state, game: { ...state.game, shots: [...state.game.shots, event.shot] } };
  if (event.type === "phase-ended") {
    return {
      ...state,
      ships: state.ships.map((s) => endPhase(s, event.newTurn)),
      game: { turn: state.game.turn + (event.newTurn ? 1 : 0), phase: event.to, shots: [] },
    };
  }
  return { ...state, ships: state.ships.map((s) => applyToShip(s, event)) };
}

/** The phase after `phase` (repair wraps to a new turn's movement). */
export function nextPhase(phase: Phase): { to: Phase; newTurn: boolean } {
  const i = PHASES.indexOf(phase);
  const to = PHASES[(i + 1) % PHASES.length] ?? "movement";
  return { to, newTurn: to === "movement" };
}
