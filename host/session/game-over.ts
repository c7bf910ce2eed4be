/**
 * Whether the game on the table is over, and how: by the rules (`gameEndOf`: the text's own end, or a side with no
 * ship afloat — read from the state, so an undo takes it back) or by the organiser's End (`POST /api/games/:id/end`,
 * kept in the store with the winner named and the time). The display, /games, the report and the club feed all say
 * the same thing from here.
 */
import { gameEndOf } from "../../src/game/game-end.ts";
import type { RuleSet, ShipView, TableState } from "../../src/game/types.ts";

/** What the store keeps of a game's end. */
export interface StoredEnd {
  readonly status: "active" | "ended" | "archived";
  readonly winner: string | null;
  readonly endedAt: number | null;
}

export interface GameOver {
  /** Who ended it: the rules' own end, or the organiser's End. */
  readonly by: "rules" | "organiser";
  readonly winner: string | null;
  /** How it ended, in the text's words (or "Ended by the organiser …"). */
  readonly reason: string;
  /** "Game over — English win", or "Game over — no winner named". */
  readonly headline: string;
  /** When (epoch ms): the result that ended it, or the End; null when not known. */
  readonly at: number | null;
}

/** The headline of an ended game. */
export const gameOverHeadline = (winner: string | null): string =>
  winner === null ? "Game over — no winner named" : `Game over — ${winner} win`;

/**
 * The game's end, or null while it goes on. `lastAt` is when the last result in effect was resolved (the rules end
 * a game with a result); `stored` is the store's record of the game; `demanded` counts the rolls the rules still
 * demand (an explosion roll after the last ship is destroyed may yet hit the other side): the rules' end waits for them.
 * `views`: the state's ship views, when the caller has drawn them already (the display has).
 */
export function gameOver(
  rs: RuleSet,
  state: TableState,
  lastAt: number | null,
  stored: StoredEnd | null,
  demanded = 0,
  views?: readonly ShipView[],
): GameOver | null {
  const rules = demanded > 0 ? null : gameEndOf(rs, state, views);
  const ended = stored?.status === "ended";
  if (!rules && !ended) return null;
  // the winner by the text's own victory condition comes first, as the summary and the report give it (Age of Sail's
  // "the Admiral inflicting the most damage"): the display never says "no winner named" beside "GB, by the rules"
  const byVictory = rs.victory?.(state)?.winner ?? null;
  if (rules) {
    const winner = byVictory ?? rules.winner ?? (ended ? stored.winner : null);
    return { by: "rules", winner, reason: rules.reason, headline: gameOverHeadline(winner), at: ended ? stored.endedAt : lastAt };
  }
  if (!stored) return null;
  const named = stored.winner === null ? "with no winner named" : `who named ${stored.winner} the winner`;
  const winner = byVictory ?? stored.winner;
  return {
    by: "organiser",
    winner,
    reason: `Ended by the organiser, ${named}${byVictory && byVictory !== stored.winner ? `; ${byVictory} win by the rules` : ""}.`,
    headline: gameOverHeadline(winner),
    at: stored.endedAt,
  };
}
