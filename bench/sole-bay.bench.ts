/**
 * Sole Bay 1672 (odds on a fresh copy of the state each call, so the per-state memo never answers): how long exact odds and resolution take for the largest broadside (1st rate, fresh, raking,
 * first broadside, target at full sail, elite crew = 15 d6), compared with enumerating all 15,504 multisets of
 * 15 d6 through the resolution, plus the biggest follow-up rolls (a 6-ship explosion, a stout-vs-stout boarding).
 */
import { entry } from "../src/dice/plan.ts";
import { oddsOf, transition } from "../src/game/engine.ts";
import type { Action } from "../src/game/types.ts";
import { oddsOverPlan } from "../src/odds/plan-odds.ts";
import { soleBay1672 } from "../src/rulesets/sole-bay-1672/index.ts";
import { describeTimes, timeCalls } from "./stats.ts";

const ship = (id: string, side: string, fields: Record<string, unknown> = {}) => ({
  id,
  side,
  rating: 1,
  speed: "medium",
  hull: "stout",
  ...fields,
});

export async function run(): Promise<string> {
  const parsed = soleBay1672.parseState({
    ships: [
      ship("royal-james", "english", { crew: "elite" }),
      ship("groot-hollandia", "dutch", { fullSail: true }),
      ...["a", "b", "c", "d", "e", "f"].map((id) => ship(id, "dutch", { hull: "average" })),
      ship("wreck", "english", { damage: 20 }),
    ],
    game: { removed: ["wreck"], grappled: [{ a: "royal-james", b: "groot-hollandia", lastWinner: null }] },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const state = parsed.value;
  const broadside: Action = { type: "broadside", firer: "royal-james", target: "groot-hollandia", rangeInches: 3, rake: true };
  const plan = soleBay1672.plan(state, broadside);
  if (!plan.ok || plan.value[0]?.count !== 15) throw new Error("the largest broadside should be 15 dice");
  const dice = [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1, 6, 5, 4];
  const explosion: Action = { type: "explosion-hits", ship: "wreck", radius: 6, ships: ["a", "b", "c", "d", "e", "f"] };
  const boarding: Action = { type: "boarding-round", attacker: "royal-james", defender: "groot-hollandia" };
  const rows: [string, () => unknown, number][] = [
    ["broadside odds, 15 d6 (binomial)", () => oddsOf(soleBay1672, structuredClone(state), broadside), 500],
    ["broadside resolve, 15 d6", () => transition(soleBay1672, state, broadside, dice), 2000],
    [
      "15 d6 enumerated: 15,504 multisets (for comparison)",
      () => oddsOverPlan([entry("attack", "d6", 15, "")], (g) => g[0]?.filter((v) => v >= 4).length),
      20,
    ],
    [
      "explosion hits odds, 6 ships (independent factors; 256 of 46,656 listed)",
      () => oddsOf(soleBay1672, structuredClone(state), explosion),
      10,
    ],
    ["boarding round odds, stout v stout", () => oddsOf(soleBay1672, structuredClone(state), boarding), 50],
  ];
  const lines = ["| call | time per call |", "|---|---|"];
  for (const [name, fn, runs] of rows) lines.push(`| ${name} | ${describeTimes(await timeCalls(fn, runs, Math.min(5, runs)))} |`);
  return `${lines.join("\n")}\n`;
}
