/**
 * Quickfire: how long exact odds and resolution take for the actions players wait on at the table
 * (gunnery: 126 dice multisets; two-target torpedo check and repair: products of per-check chances).
 */
import { oddsOf, transition } from "../src/game/engine.ts";
import type { Action } from "../src/game/types.ts";
import { BORODINO, MIKASA } from "../src/rulesets/quickfire/examples/index.ts";
import { quickfire } from "../src/rulesets/quickfire/index.ts";
import { describeTimes, timeCalls } from "./stats.ts";

export async function run(): Promise<string> {
  const asahi = { ...MIKASA.ship, id: "asahi", name: "Asahi" };
  const parsed = quickfire.parseState({
    ships: [MIKASA.ship, asahi, { ...BORODINO.ship, torpedo: 3, speedLost: 2 }],
    game: { phase: "second-gunnery" },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const state = parsed.value;
  const repairState = { ...state, game: { ...state.game, phase: "repair" as const } };
  const gunnery: Action = { type: "gunnery", firer: "mikasa", target: "borodino", battery: "heavy", range: "short", arc: "broadside" };
  const torpedo: Action = { type: "torpedo", firer: "borodino", targets: ["mikasa", "asahi"], sameArc: false };
  const repair: Action = { type: "repair", ship: "borodino", damage: "speed", points: 3 };
  const rows: [string, () => unknown][] = [
    ["gunnery odds", () => oddsOf(quickfire, structuredClone(state), gunnery)],
    ["gunnery resolve", () => transition(quickfire, state, gunnery, [1, 1, 1])],
    ["torpedo odds, two targets", () => oddsOf(quickfire, structuredClone(state), torpedo)],
    ["repair odds, 3 points", () => oddsOf(quickfire, structuredClone(repairState), repair)],
  ];
  const lines = ["| action | time |", "|---|---|"];
  for (const [name, fn] of rows) lines.push(`| ${name} | ${describeTimes(await timeCalls(fn, name.includes("resolve") ? 500 : 50))} |`);
  return `${lines.join("\n")}\n`;
}
