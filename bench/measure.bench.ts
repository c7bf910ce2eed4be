/**
 * Measuring an action from positions with 24 ships on the table (issue 29: ≤ 1 ms median): every geometric field of
 * a Sole Bay broadside (side, range, rake and the firing-line check), a movement (the enemy within 12″ over 12
 * enemies, the windward line), an explosion's radius over 23 ships; Quickfire's gunnery with its line of sight past
 * 22 other ships; WS&IM's fire and a signal's line of sight on a hex grid; Age of Sail's fire and an explosion.
 */
import { measureAction } from "../src/game/measure.ts";
import { parseTable } from "../src/game/table-positions.ts";
import type { Action, RuleSet, TableState } from "../src/game/types.ts";
import { ageOfSail } from "../src/rulesets/age-of-sail/index.ts";
import { BORODINO, MIKASA } from "../src/rulesets/quickfire/examples/index.ts";
import { quickfire } from "../src/rulesets/quickfire/index.ts";
import { soleBay1672 } from "../src/rulesets/sole-bay-1672/index.ts";
import { wsimBattleV3 } from "../src/rulesets/wsim-battle-v3/index.ts";
import { describeTimes, timeCalls } from "./stats.ts";

const N = 24;
const ids = Array.from({ length: N }, (_, i) => `s${i}`);
/** Two lines of twelve facing each other 8″ apart, a ship every 4″. */
const positions = (hexGrid?: object) => {
  const t = parseTable({
    ships: Object.fromEntries(ids.map((id, i) => [id, { x: 100 + (i % 12) * 101.6, y: i < 12 ? 400 : 600, heading: 90 }])),
    size: { width: 1800, length: 1200 },
    ...(hexGrid ? { hexGrid } : {}),
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
};
const sides = (a: string, b: string) => ids.map((id, i) => ({ id, name: id, side: i < 12 ? a : b }));

function stateOf<S extends TableState>(rs: RuleSet<S>, raw: object): S {
  const s = rs.parseState(raw);
  if (!s.ok) throw new Error(`${rs.id}: ${s.error.path} ${s.error.message}`);
  return s.value;
}

export async function run(): Promise<string> {
  const soleBay = stateOf(soleBay1672, {
    ships: sides("english", "dutch").map((s) => ({ ...s, rating: 3, speed: "medium", hull: "average" })),
    game: { removed: ["s5"] },
  });
  const qf = stateOf(quickfire, { ships: ids.map((id, i) => ({ ...(i < 12 ? MIKASA.ship : BORODINO.ship), id, name: id })) });
  const wsim = stateOf(wsimBattleV3, {
    ships: sides("GB", "FR").map((s) => ({ ...s, class: 2, kind: "sol", guns: 74, crew: "average", turningAllowance: 1 })),
  });
  const aos = stateOf(ageOfSail, { ships: sides("GB", "FR").map((s) => ({ ...s, class: "ship-of-the-line" })) });
  const table = positions();
  const hexes = positions({ size: 25.4, origin: { x: 0, y: 0 }, orientation: "flat" });
  const rows: [string, RuleSet, TableState, Action, typeof table][] = [
    ["sole-bay broadside", soleBay1672 as RuleSet, soleBay, { type: "broadside", firer: "s3", target: "s15" }, table],
    ["sole-bay movement", soleBay1672 as RuleSet, soleBay, { type: "movement", ship: "s3" }, table],
    ["sole-bay explosion hits, 23 ships", soleBay1672 as RuleSet, soleBay, { type: "explosion-hits", ship: "s5", radius: 6 }, table],
    [
      "quickfire gunnery + line of sight",
      quickfire as RuleSet,
      qf,
      { type: "gunnery", firer: "s3", target: "s15", battery: "heavy" },
      table,
    ],
    ["wsim fire on hexes", wsimBattleV3 as RuleSet, wsim, { type: "fire", firer: "s3", target: "s15" }, hexes],
    ["wsim signal line of sight", wsimBattleV3 as RuleSet, wsim, { type: "signal", from: "s0", to: "s11" }, hexes],
    ["age-of-sail fire", ageOfSail as RuleSet, aos, { type: "fire", firer: "s3", target: "s15" }, table],
    ["age-of-sail explosion, 23 ships", ageOfSail as RuleSet, aos, { type: "explosion-fire", from: "s3" }, table],
  ];
  const lines = ["| action (24 ships) | measured | time |", "|---|---|---|"];
  for (const [name, rs, state, action, t] of rows) {
    const m = measureAction(rs, state, action, t);
    const what = m.refusal ? `refused: ${m.refusal.code}` : Object.keys(m.measured).join(", ") || "checks only";
    lines.push(`| ${name} | ${what} | ${describeTimes(await timeCalls(() => measureAction(rs, state, action, t), 2000))} |`);
  }
  return `${lines.join("\n")}\n`;
}
