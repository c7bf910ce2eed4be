/**
 * How many outcomes odds list. A joint distribution larger than {@link MAX_LISTED} is shortened to its most likely
 * outcomes and marked `truncated` (docs/reference/request-result.md); the summary is always computed over the whole distribution.
 */
import { MAX_LISTED } from "../odds/product.ts";
import type { Odds } from "./types.ts";

type Listed = Odds["outcomes"][number];

/** The likeliest `max` outcomes (ties keep their order), with `truncated` when some were left off. */
export function listOutcomes(outcomes: readonly Listed[], max = MAX_LISTED): Pick<Odds, "outcomes" | "truncated"> {
  if (outcomes.length <= max) return { outcomes };
  const kept = outcomes
    .map((o, i) => ({ o, i }))
    .sort((a, b) => b.o.p - a.o.p || a.i - b.i)
    .slice(0, max)
    .map(({ o }) => o);
  return { outcomes: kept, truncated: true };
}

/** Odds whose outcome list is shortened when it is longer than `max`. */
export function capOdds(odds: Odds, max = MAX_LISTED): Odds {
  if (odds.outcomes.length <= max) return odds;
  return { ...odds, ...listOutcomes(odds.outcomes, max) };
}
