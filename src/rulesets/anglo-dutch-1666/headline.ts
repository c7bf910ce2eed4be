/**
 * What an Anglo-Dutch 1666 player is shown before each roll (docs/reference/request-result.md `headline`), in the words of
 * anglo-dutch-1666.txt: the hits of a broadside on the fire table with the chance the target loses a gunnery step or
 * sinks; who moves first on initiative (lowest moves first, Dutch win draws), from the exact summary even when the
 * listed orders are shortened; who wins a boarding round and whether the loser is taken. Each is its action's
 * `headline`, given the fields it reads, typed; other actions get the kernel's headline of the rule set's own
 * sentences ("The wind holds.", "Helm: no turn next move." …).
 */
import { nameOf } from "../../game/action-kit.ts";
import type { Odds } from "../../game/types.ts";
import { barsBy, chanceOf, countLabels, type Headline, headline, plural } from "../../odds/headline.ts";
import type { AdState } from "./schema.ts";

/** A broadside: its hits as bars, the chance the target is hit, loses a gunnery step, sinks. */
export function fireHeadline(
  state: AdState,
  action: { readonly firer: string; readonly target: string },
  odds: Odds<{ readonly hits: number; readonly stepsCrossed: number; readonly sinking: boolean }>,
): Headline {
  const o = odds.outcomes;
  const most = Math.max(0, ...o.map((x) => x.outcome.hits));
  const labels = countLabels(0, most).map((n) => plural(Number(n), "hit"));
  const bars = barsBy(o, (x) => plural(x.hits, "hit"), labels);
  const target = nameOf(state, action.target);
  const facts = [
    { label: `${target} is hit`, p: chanceOf(o, (x) => x.hits > 0) },
    { label: `${target} loses a gunnery step`, p: chanceOf(o, (x) => x.stepsCrossed > 0) },
    { label: `${target} sinks`, p: chanceOf(o, (x) => x.sinking === true) },
  ];
  return headline(`${nameOf(state, action.firer)}'s broadside at ${target}`, bars, facts);
}

/** Who moves first, from the summary: it is exact over every roll, the listed orders may be the likeliest only. */
export function initiativeHeadline(odds: Odds<object>): Headline {
  const first = (odds.summary.movesFirst ?? {}) as Record<string, number>;
  const draw = Number(odds.summary.drawFirst ?? 0);
  const bars = Object.entries(first).map(([who, p]) => ({ label: `${who || "A squadron"} moves first`, p }));
  if (draw > 1e-12) bars.push({ label: "A draw for the first move", p: draw });
  return headline("Who moves first", bars);
}

/** A boarding round: who wins it, and whether the loser is taken. */
export function boardHeadline(
  state: AdState,
  action: { readonly attacker: string; readonly defender: string },
  odds: Odds<{ readonly winner: string | null; readonly captured: boolean }>,
): Headline {
  const o = odds.outcomes;
  const [a, d] = [action.attacker, action.defender];
  const name = (id: string) => nameOf(state, id);
  const who = (x: { readonly winner: string | null }) =>
    x.winner === a ? `${name(a)} wins the round` : x.winner === d ? `${name(d)} wins the round` : "A drawn round";
  const bars = barsBy(o, who, [`${name(a)} wins the round`, `${name(d)} wins the round`, "A drawn round"]);
  const facts = [
    { label: `${name(d)} is taken`, p: chanceOf(o, (x) => x.captured === true && x.winner === a) },
    { label: `${name(a)} is taken`, p: chanceOf(o, (x) => x.captured === true && x.winner === d) },
  ];
  return headline(`Boarding: ${name(a)} and ${name(d)}`, bars, facts);
}
