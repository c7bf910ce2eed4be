/**
 * What a WS&IM player is shown before each roll (docs/reference/request-result.md `headline`), in the words of wsim-battle-rules-v3.txt:
 * for fire, the Fire Table row the normal die reads (or the hits, with a club's tables loaded) and the chance of a
 * critical hit — only on doubles (X.1); whether the wind changes next turn; whether a leader falls; which broadside
 * a 4R/6R critical reduces. Each is its action's `headline`, given the fields it reads, typed; other actions get the
 * kernel's headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import { barsBy, chanceOf, eventBars, type Headline, headline, plural } from "../../odds/headline.ts";
import type { WsimState } from "./state.ts";

/** The fields of a fire's outcome its headline reads. */
interface Fired {
  readonly critical: boolean;
  readonly hits: number | null;
  readonly modifiedDie?: number;
}

const numbersIn = <O extends object>(o: Odds<O>["outcomes"], value: (x: O) => number | null | undefined): number[] =>
  [...new Set(o.map((x) => Number(value(x.outcome))))].sort((a, b) => a - b);

/** Fire: the hits (with a club's Fire Table) or the Fire Table row to read, and the chance of a critical hit. */
export function fireHeadline(state: WsimState, action: { readonly firer: string; readonly target: string }, odds: Odds<Fired>): Headline {
  const o = odds.outcomes;
  const title = `${nameOf(state, action.firer)} fires at ${nameOf(state, action.target)}`;
  const facts = [{ label: "Critical hit (doubles)", p: chanceOf(o, (x) => x.critical === true) }];
  const known = o.every((x) => typeof x.outcome.hits === "number");
  if (known) {
    const labels = numbersIn(o, (x) => x.hits).map((n) => plural(n, "hit"));
    return headline(
      title,
      barsBy(o, (x) => plural(x.hits ?? 0, "hit"), labels),
      facts,
    );
  }
  // without the club's Fire Table the person reads the row of the modified normal die
  const rows = numbersIn(o, (x) => x.modifiedDie).map((n) => `Fire Table ${n}`);
  return headline(
    title,
    barsBy(o, (x) => `Fire Table ${x.modifiedDie}`, rows),
    facts,
  );
}

/** The wind change roll: changes next turn, or holds. */
export const windHeadline = (odds: Odds<{ readonly changes: boolean }>): Headline =>
  headline(
    "Does the wind change?",
    eventBars(odds.outcomes, (x) => x.changes === true, "Changes next turn", "Holds"),
  );

/** A possible leader casualty: he falls, or is unhurt. */
export const leaderCasualtyHeadline = (odds: Odds<{ readonly casualty: boolean }>): Headline =>
  headline(
    "Possible leader casualty",
    eventBars(odds.outcomes, (x) => x.casualty === true, "The leader falls", "Unhurt"),
  );

/** 4R/6R: which broadside is reduced. */
export const broadsideLossHeadline = (
  state: WsimState,
  action: { readonly ship: string },
  odds: Odds<{ readonly broadside: string | number }>,
): Headline =>
  headline(
    `Which broadside of ${nameOf(state, action.ship)} is reduced`,
    barsBy(odds.outcomes, (x) => (x.broadside === "left" ? "Left (odd)" : "Right (even)"), ["Left (odd)", "Right (even)"]),
  );
