/**
 * The 1666 text's own end of the game: Appendix 2, Gale — "End game, all ships too busy staying afloat to fight."
 * The text names no winner; the summary gives the losses side by side.
 */
import type { GameEnd } from "../../game/game-end.ts";
import type { AdState } from "./schema.ts";

export function angloDutchGameEnd(state: AdState): GameEnd | null {
  if (!state.game.ended) return null;
  if (state.game.endReason === "gale")
    return { winner: null, reason: 'A gale: "End game, all ships too busy staying afloat to fight." The rules name no winner.' };
  return { winner: null, reason: `The game has ended (${state.game.endReason ?? "ended"}).` };
}
