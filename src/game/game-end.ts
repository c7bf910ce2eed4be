/**
 * The end of a game by the rules: a rule set's own end (1666's gale, Sole Bay's squadrons all broken) or, in every
 * rule set, a side with no ship afloat. Read from the state only, so an undo that takes the ending result back
 * takes the end back too.
 */
import type { GameEnd, RuleSet, ShipView, TableState } from "./types.ts";

export type { GameEnd } from "./types.ts";

/**
 * Every side but one has no ship afloat (each ship's view says `out` for sunk, struck, taken, exploded …): that side
 * wins. Null while two sides fight on, or with one side only on the table.
 */
export function lastSideAfloat(views: readonly ShipView[]): GameEnd | null {
  const sides = [...new Set(views.map((v) => v.side))];
  if (sides.length < 2) return null;
  const afloat = sides.filter((side) => views.some((v) => v.side === side && !v.severity.includes("out")));
  if (afloat.length > 1) return null;
  const beaten = sides.filter((s) => !afloat.includes(s));
  const winner = afloat[0] ?? null;
  return {
    winner,
    reason:
      winner === null
        ? "No ship of either side is afloat."
        : `${beaten.join(" and ")} ${beaten.length === 1 ? "has" : "have"} no ship afloat.`,
  };
}

/** The game's end by the rules in `state`, or null while it goes on; `views`: the state's ship views, when already drawn. */
export function gameEndOf<S extends TableState>(rs: RuleSet<S>, state: S, views?: readonly ShipView[]): GameEnd | null {
  return rs.gameEnd?.(state) ?? lastSideAfloat(views ?? rs.shipViews(state));
}
