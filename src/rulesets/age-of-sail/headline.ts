/**
 * What an Age of Sail player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * age-of-sail-simple.txt: the hits of a broadside (one die per gun deck in the arc) with the chance a pair of sixes
 * sets the target on fire and, aimed at the sails, that a mast comes down; where the wind blows at the end of the
 * round and whether it rises or falls; who moves first; who captures in a boarding. Each is its action's `headline`,
 * given the fields it reads, typed; other actions get the kernel's headline of the rule set's own sentences.
 */

import { nameOf } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import { barsBy, chanceOf, type Headline, type HeadlineItem, headline, plural } from "../../odds/headline.ts";
import { fromOf } from "./speed.ts";
import type { AosState } from "./state.ts";

/** A broadside: its hits as bars, the chance of fire and, aimed at the sails, of a mast lost. */
export function fireHeadline(
  state: AosState,
  action: { readonly firer: string; readonly target: string; readonly aim: "hull" | "sails" },
  odds: Odds<{
    readonly hits: number;
    readonly onFire: boolean;
    readonly mastsLost: readonly unknown[];
    readonly mastsToChoose: number;
  }>,
): Headline {
  const o = odds.outcomes;
  const target = nameOf(state, action.target);
  const counts = [...new Set(o.map((x) => x.outcome.hits))].sort((a, b) => a - b);
  const bars = barsBy(
    o,
    (x) => plural(x.hits, "hit"),
    counts.map((n) => plural(n, "hit")),
  );
  const facts: HeadlineItem[] = [{ label: `${target} catches fire (a pair of sixes)`, p: chanceOf(o, (x) => x.onFire === true) }];
  if (action.aim === "sails") {
    facts.push({ label: `${target} loses a mast`, p: chanceOf(o, (x) => x.mastsLost.length > 0 || x.mastsToChoose > 0) });
  }
  const at = action.aim === "sails" ? "masts" : "hull";
  return headline(`${nameOf(state, action.firer)} fires at ${target}'s ${at}`, bars, facts);
}

/** The end of the round: where the wind blows, whether it rises or falls. */
export function windHeadline(odds: Odds<{ readonly direction: string; readonly speedChange: number }>): Headline {
  const o = odds.outcomes;
  const order = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  // where it will come from, as the dial and every other wind word say it
  const bars = barsBy(o, (x) => `From ${fromOf(x.direction)}`).sort(
    (a, b) => order.indexOf(a.label.slice(5)) - order.indexOf(b.label.slice(5)),
  );
  const facts = [
    { label: "The wind rises", p: chanceOf(o, (x) => x.speedChange > 0) },
    { label: "The wind falls", p: chanceOf(o, (x) => x.speedChange < 0) },
  ];
  return headline("The wind at the end of the round", bars, facts);
}

/** Who moves first: either side, or a tie diced again. */
export function initiativeHeadline(
  action: { readonly sideA: string; readonly sideB: string },
  odds: Odds<{ readonly first: string | null }>,
): Headline {
  const bars = barsBy(odds.outcomes, (x) => (x.first === null ? "A tie (dice again)" : `${x.first} moves first`), [
    `${action.sideA} moves first`,
    `${action.sideB} moves first`,
    "A tie (dice again)",
  ]);
  return headline("Who moves first", bars);
}

/** Boarding: who captures whom, or a tie, from the exact summary (the listed totals may be the likeliest only). */
export function boardHeadline(
  state: AosState,
  action: { readonly attacker: string; readonly defender: string },
  odds: Odds<object>,
): Headline {
  const [a, d] = [nameOf(state, action.attacker), nameOf(state, action.defender)];
  const s = odds.summary;
  const bars = [
    { label: `${a} captures ${d}`, p: Number(s.pAttackerCaptures) },
    { label: `${d} captures ${a}`, p: Number(s.pDefenderCaptures) },
    { label: "A tie: locked together", p: Number(s.pTie) },
  ];
  return headline(`Boarding: ${a} and ${d}`, bars);
}
