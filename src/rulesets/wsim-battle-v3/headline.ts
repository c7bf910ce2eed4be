/**
 * What a WS&IM player is shown before each roll (docs/reference/request-result.md `headline`), in the words of wsim-battle-rules-v3.txt:
 * for fire, the Fire Table row the normal die reads (or the hits, with a club's tables loaded) and the chance of a
 * critical hit — only on doubles (X.1); whether the wind changes next turn; whether a leader falls; which broadside
 * a 4R/6R critical reduces. Other actions get the kernel's headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Action, Odds } from "../../game/types.ts";
import { barsBy, chanceOf, eventBars, type Headline, headline, plural } from "../../odds/headline.ts";
import type { WsimState } from "./state.ts";

type Outcome = Readonly<Record<string, unknown>>;

const numbersIn = (o: Odds["outcomes"], field: string): number[] =>
  [...new Set(o.map((x) => Number(x.outcome[field])))].sort((a, b) => a - b);

/** The headline of an action's odds, or null for the kernel's sentence headline. */
export function wsimHeadline(state: WsimState, action: Action, odds: Odds): Headline | null {
  const o = odds.outcomes;
  const name = (id: unknown) => nameOf(state, id);
  switch (action.type) {
    case "fire": {
      const title = `${name(action.firer)} fires at ${name(action.target)}`;
      const facts = [{ label: "Critical hit (doubles)", p: chanceOf(o, (x) => x.critical === true) }];
      const known = o.every((x) => typeof x.outcome.hits === "number");
      if (known) {
        const labels = numbersIn(o, "hits").map((n) => plural(n, "hit"));
        return headline(
          title,
          barsBy(o, (x) => plural(Number(x.hits), "hit"), labels),
          facts,
        );
      }
      // without the club's Fire Table the person reads the row of the modified normal die
      const rows = numbersIn(o, "modifiedDie").map((n) => `Fire Table ${n}`);
      return headline(
        title,
        barsBy(o, (x: Outcome) => `Fire Table ${String(x.modifiedDie)}`, rows),
        facts,
      );
    }
    case "wind":
      return headline(
        "Does the wind change?",
        eventBars(o, (x) => x.changes === true, "Changes next turn", "Holds"),
      );
    case "leader-casualty":
      return headline(
        "Possible leader casualty",
        eventBars(o, (x) => x.casualty === true, "The leader falls", "Unhurt"),
      );
    case "broadside-loss":
      return headline(
        `Which broadside of ${name(action.ship)} is reduced`,
        barsBy(o, (x) => (x.broadside === "left" ? "Left (odd)" : "Right (even)"), ["Left (odd)", "Right (even)"]),
      );
    default:
      return null;
  }
}
