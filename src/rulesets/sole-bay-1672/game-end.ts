/**
 * Sole Bay's own end of the battle: a side whose every squadron has broken ("it will break off and retire") or lost
 * every ship leaves the fight; when one side is left, it wins. Fireships are ignored, as for the breakpoint.
 */
import type { GameEnd } from "../../game/game-end.ts";
import { countedShips } from "./squadron.ts";
import { afloat, type SoleBayState } from "./state.ts";

/** Whether every squadron of `side` has broken off or has no ship afloat. */
function retired(state: SoleBayState, side: string): boolean {
  const squadrons = [...new Set(state.ships.filter((s) => s.side === side && !s.fireship).map((s) => s.squadron))];
  return squadrons.every((sq) => state.game.broken.includes(sq) || countedShips(state, sq).every((s) => !afloat(state, s)));
}

/** Whether a squadron of `side` broke off. */
const anyBroken = (state: SoleBayState, side: string): boolean =>
  state.game.broken.some((sq) => state.ships.some((s) => s.squadron === sq && s.side === side));

export function soleBayGameEnd(state: SoleBayState): GameEnd | null {
  const sides = [...new Set(state.ships.map((s) => s.side))];
  const gone = sides.filter((side) => retired(state, side));
  const left = sides.filter((s) => !gone.includes(s));
  // a side that only lost its ships (none broke) is the kernel's "no ship afloat", said in its words
  if (sides.length < 2 || left.length > 1 || !gone.some((side) => anyBroken(state, side))) return null;
  const winner = left[0] ?? null;
  return {
    winner,
    reason:
      `Every squadron of ${gone.join(" and ")} has broken off or been lost ` +
      '("Once a Squadron/Division has lost 33% of its ships … it will break off and retire").',
  };
}
