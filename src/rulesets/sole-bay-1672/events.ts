/**
 * Every change of a sole-bay-1672 table is one of these events; `applyEvent` folds one into the state
 * (a reducer: no dice, no decisions), so undo and replay are folds over the log.
 */
import type { GameEvent } from "../../game/types.ts";
import type { TableEdge } from "../../wind/compass.ts";
import { derive, type SoleBayShip } from "./ship.ts";
import type { SoleBayGame, SoleBayState } from "./state.ts";

/** Why boxes were marked; decides the explosion roll and the flag officer's fate. */
export type DamageCause = "broadside" | "fire" | "explosion" | "collision" | "boarding";

export type SoleBayEvent =
  | { type: "first-broadside-used"; ship: string }
  | { type: "broadside-fired"; ship: string; broadside: "port" | "starboard" }
  | { type: "damage-marked"; ship: string; boxes: number; cause: DamageCause }
  | { type: "full-sail-set"; ship: string; fullSail: boolean }
  | { type: "movement-allowance"; ship: string; inches: number }
  | { type: "flag-officer-killed"; ship: string }
  | { type: "flag-officer-captured"; ship: string }
  | { type: "flag-officer-retired"; from: string; to: string }
  | { type: "ship-removed"; ship: string }
  | { type: "explosion-averted"; ship: string }
  | { type: "fireship-fired"; ship: string }
  | { type: "grappled"; a: string; b: string }
  | { type: "boarding-round"; a: string; b: string; winner: string | null }
  | { type: "grapple-ended"; a: string; b: string }
  | { type: "fire-started"; ship: string }
  | { type: "fire-turn"; ship: string }
  | { type: "fire-out"; ship: string }
  | { type: "breakpoint-tested"; squadron: string; losses: number }
  | { type: "squadron-broken"; squadron: string }
  | { type: "initiative"; side: string }
  | { type: "turn-ended" }
  | { type: "wind-set"; windward: TableEdge };

const pairIs = (g: { a: string; b: string }, a: string, b: string) => (g.a === a && g.b === b) || (g.a === b && g.b === a);

function updateShip(state: SoleBayState, id: string, f: (s: SoleBayShip) => Partial<SoleBayShip>): SoleBayState {
  return { ...state, ships: state.ships.map((s) => (s.id === id ? derive({ ...s, ...f(s) }) : s)) };
}

const withGame = (state: SoleBayState, game: Partial<SoleBayGame>): SoleBayState => ({ ...state, game: { ...state.game, ...game } });
/** The pairs that fought a round this turn, with this one. */
const fought = (state: SoleBayState, a: string, b: string): Array<[string, string]> =>
  state.game.boarded.some(([x, y]) => pairIs({ a: x, b: y }, a, b)) ? [...state.game.boarded] : [...state.game.boarded, [a, b]];
/** "If destroyed by Broadships or Fire, Roll 2D6": the causes that roll (explosion hits by setting). */
const rollsToExplode = (state: SoleBayState, cause: DamageCause): boolean =>
  cause === "broadside" || cause === "fire" || (cause === "explosion" && state.settings.chainExplosionAs !== "none");
const add = (list: readonly string[], id: string): string[] => (list.includes(id) ? [...list] : [...list, id]);

/** Folds one event into the state. Unknown events leave it unchanged. */
export function applyEvent(state: SoleBayState, event: GameEvent): SoleBayState {
  const e = event as SoleBayEvent;
  switch (e.type) {
    case "first-broadside-used":
      return updateShip(state, e.ship, () => ({ firstBroadsideUsed: true }));
    case "broadside-fired":
      return withGame(state, {
        broadsides: {
          ...state.game.broadsides,
          [e.ship]: [...(state.game.broadsides[e.ship] ?? []).filter((b) => b !== e.broadside), e.broadside],
        },
      });
    case "damage-marked": {
      const after = updateShip(state, e.ship, (s) => ({ damage: s.damage + e.boxes }));
      const was = state.ships.find((s) => s.id === e.ship);
      const now = after.ships.find((s) => s.id === e.ship);
      // destroyed now by a cause that rolls to explode: an explosion roll is due before she is a prize
      return was && now && !was.destroyed && now.destroyed && rollsToExplode(state, e.cause)
        ? withGame(after, { explosionDue: add(state.game.explosionDue, e.ship) })
        : after;
    }
    case "explosion-averted":
      return withGame(state, { explosionDue: state.game.explosionDue.filter((x) => x !== e.ship) });
    case "full-sail-set":
      return updateShip(state, e.ship, () => ({ fullSail: e.fullSail }));
    case "movement-allowance":
      return withGame(state, { allowances: { ...state.game.allowances, [e.ship]: e.inches } });
    case "flag-officer-killed":
      return updateShip(state, e.ship, () => ({ flagOfficer: "killed" }));
    case "flag-officer-captured":
      return updateShip(state, e.ship, () => ({ flagOfficer: "captured" }));
    case "flag-officer-retired": {
      const moved = updateShip(state, e.from, () => ({ flagOfficer: "none", flagship: false }));
      return updateShip(moved, e.to, () => ({ flagOfficer: "present", flagship: true }));
    }
    case "ship-removed":
      return withGame(state, {
        removed: add(state.game.removed, e.ship),
        explosionDue: state.game.explosionDue.filter((x) => x !== e.ship),
        grappled: state.game.grappled.filter((g) => g.a !== e.ship && g.b !== e.ship),
      });
    case "fireship-fired":
      return withGame(state, { fired: add(state.game.fired, e.ship) });
    case "grappled":
      if (state.game.grappled.some((g) => pairIs(g, e.a, e.b))) return state;
      return withGame(state, { grappled: [...state.game.grappled, { a: e.a, b: e.b, lastWinner: null }] });
    case "boarding-round":
      return withGame(state, {
        grappled: state.game.grappled.map((g) => (pairIs(g, e.a, e.b) ? { ...g, lastWinner: e.winner } : g)),
        boarded: fought(state, e.a, e.b),
      });
    case "grapple-ended":
      return withGame(state, { grappled: state.game.grappled.filter((g) => !pairIs(g, e.a, e.b)) });
    case "fire-started":
      return updateShip(state, e.ship, (s) => ({ fireTurns: Math.max(1, s.fireTurns) }));
    case "fire-turn":
      return updateShip(state, e.ship, (s) => ({ fireTurns: s.fireTurns + 1 }));
    case "fire-out":
      return updateShip(state, e.ship, () => ({ fireTurns: 0 }));
    case "breakpoint-tested":
      return withGame(state, { breakTests: { ...state.game.breakTests, [e.squadron]: e.losses } });
    case "squadron-broken":
      return withGame(state, { broken: add(state.game.broken, e.squadron) });
    case "initiative":
      // A new initiative starts a new turn: last turn's movement allowances no longer bind a following ship, and
      // every ship has both broadsides again, and each boarding action may fight its next round.
      return withGame(state, { initiative: e.side, allowances: {}, broadsides: {}, boarded: [] });
    case "turn-ended":
      // the turn is over however its initiative went (rolled, or skipped with next-phase): the same as a new
      // initiative clears, and no side holds the initiative until it is rolled
      return withGame(state, { initiative: null, allowances: {}, broadsides: {}, boarded: [] });
    case "wind-set":
      return { ...state, wind: { windward: e.windward } };
    default:
      return state;
  }
}

/** Folds several events. */
export const applyAll = (state: SoleBayState, events: readonly GameEvent[]): SoleBayState => events.reduce(applyEvent, state);
