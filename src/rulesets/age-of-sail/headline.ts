/**
 * What an Age of Sail player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * age-of-sail-simple.txt: the hits of a broadside (one die per gun deck in the arc) with the chance a pair of sixes
 * sets the target on fire and, aimed at the sails, that a mast comes down; where the wind blows at the end of the
 * round and whether it rises or falls; who moves first; who captures in a boarding. Other actions get the kernel's
 * headline of the rule set's own sentences.
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Action, Odds } from "../../game/types.ts";
import { barsBy, chanceOf, type Headline, type HeadlineItem, headline, plural } from "../../odds/headline.ts";
import type { AosState } from "./state.ts";

type Outcome = Readonly<Record<string, unknown>>;

/** The headline of an action's odds, or null for the kernel's sentence headline. */
export function ageOfSailHeadline(state: AosState, action: Action, odds: Odds): Headline | null {
  const o = odds.outcomes;
  const name = (id: unknown) => nameOf(state, id);
  switch (action.type) {
    case "fire": {
      const target = name(action.target);
      const counts = [...new Set(o.map((x) => Number(x.outcome.hits)))].sort((a, b) => a - b);
      const bars = barsBy(
        o,
        (x) => plural(Number(x.hits), "hit"),
        counts.map((n) => plural(n, "hit")),
      );
      const facts: HeadlineItem[] = [{ label: `${target} catches fire (a pair of sixes)`, p: chanceOf(o, (x) => x.onFire === true) }];
      if (action.aim === "sails") {
        const mast = (x: Outcome) => ((x.mastsLost as unknown[] | undefined) ?? []).length > 0 || Number(x.mastsToChoose) > 0;
        facts.push({ label: `${target} loses a mast`, p: chanceOf(o, mast) });
      }
      const at = action.aim === "sails" ? "masts" : "hull";
      return headline(`${name(action.firer)} fires at ${target}'s ${at}`, bars, facts);
    }
    case "wind": {
      const order = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
      const bars = barsBy(o, (x) => `Blows to ${String(x.direction)}`).sort(
        (a, b) => order.indexOf(a.label.slice(9)) - order.indexOf(b.label.slice(9)),
      );
      const facts = [
        { label: "The wind rises", p: chanceOf(o, (x) => Number(x.speedChange) > 0) },
        { label: "The wind falls", p: chanceOf(o, (x) => Number(x.speedChange) < 0) },
      ];
      return headline("The wind at the end of the round", bars, facts);
    }
    case "initiative": {
      const [a, b] = [String(action.sideA), String(action.sideB)];
      const bars = barsBy(o, (x) => (x.first === null ? "A tie (dice again)" : `${String(x.first)} moves first`), [
        `${a} moves first`,
        `${b} moves first`,
        "A tie (dice again)",
      ]);
      return headline("Who moves first", bars);
    }
    case "board": {
      const [a, d] = [String(action.attacker), String(action.defender)];
      // from the exact summary: the listed totals may be the likeliest only
      const s = odds.summary;
      const bars = [
        { label: `${name(a)} captures ${name(d)}`, p: Number(s.pAttackerCaptures) },
        { label: `${name(d)} captures ${name(a)}`, p: Number(s.pDefenderCaptures) },
        { label: "A tie: locked together", p: Number(s.pTie) },
      ];
      return headline(`Boarding: ${name(a)} and ${name(d)}`, bars);
    }
    default:
      return null;
  }
}
