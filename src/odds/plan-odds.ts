/**
 * Exact odds of a resolution over a whole dice plan: every combination of the plan's entries is
 * enumerated as multisets (the order of dice within one entry never matters to a rule), and the
 * rule set's own resolution is run on each one, so every outcome it can produce is in the odds.
 */
import type { DicePlan } from "../dice/plan.ts";
import { Dist } from "./distribution.ts";

/** The dice space of a plan as per-entry multisets. Plans whose space would exceed `limit` combinations throw. */
export function planSpace(plan: DicePlan, limit = 2_000_000): Dist<number[][]> {
  let acc: Dist<number[][]> = Dist.of([]);
  let size = 1;
  for (const e of plan) {
    const m = Dist.multiset(e.die, e.count);
    size *= m.entries.length;
    if (size > limit) throw new RangeError(`dice space of ${size} combinations is beyond the odds limit ${limit}`);
    acc = acc.chain((groups) => m.map((g) => [...groups, g]));
  }
  return acc;
}

/** Exact distribution of `outcomeOf(groups)` over the plan's dice space. */
export function oddsOverPlan<O>(plan: DicePlan, outcomeOf: (groups: number[][]) => O): Dist<O> {
  return planSpace(plan).map(outcomeOf);
}
