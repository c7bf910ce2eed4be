/**
 * Big games (issue 27): a game of 16 sides (the most `POST /api/games` takes), two ships a side, opened on a session
 * over a fresh store file, to the table view with its initiative odds — the time a person waits between "open" and
 * the odds on the screen. Each rule set with a roll of every side (Sole Bay's initiative: one die per side, 6^16
 * roll vectors) is timed from `TableSession.open` to the view; the odds are computed fresh each run (a new session,
 * a new rule-set state, so no memo answers). Figures only: the tests assert the odds, never the time.
 */
import { join } from "node:path";
import { type GameTable, setupOfTable, tableOfSetup } from "../host/config/game-table.ts";
import { loadScenario } from "../host/config/load.ts";
import { TableSession } from "../host/session/table-session.ts";
import { tableView } from "../host/session/view.ts";
import { SqliteStore } from "../host/store/sqlite-store.ts";
import { tempDir } from "../test/support/temp-dir.ts";
import { quantile } from "./stats.ts";

const SIDES = 16;
const RUNS = 15;

/** The bundled scenario's first ships, copied to `sides` sides of two ships each. */
function manySides(scenario: string, sides: number): GameTable {
  const sc = loadScenario(scenario);
  if (!sc.ok) throw new Error(sc.error.message);
  const table = tableOfSetup(sc.value);
  const ships = table.fleets.flatMap((f) => f.ships).slice(0, 2);
  const fleets = Array.from({ length: sides }, (_, i) => ({
    side: `Side ${i + 1}`,
    // a squadron a side, where the rule set rolls by squadron (Anglo-Dutch initiative)
    ships: ships.map(({ tag: _tag, ...s }, k) => ({
      ...s,
      id: `s${i}-${k}`,
      name: `Ship ${i}-${k}`,
      ...(scenario === "anglo-dutch-1666" ? { squadron: `Squadron ${i + 1}`, flagship: k === 0 } : {}),
    })),
  }));
  return { ...table, fleets, players: [] };
}

/** One open: a session over a new game of the file, the initiative set up, the view built with its odds. */
function openOnce(table: GameTable, store: SqliteStore, startInitiative: boolean): { ms: number; listed: string } {
  const setup = setupOfTable(table, undefined);
  if (!setup.ok) throw new Error(setup.error.message);
  const t0 = performance.now();
  const id = store.createGame({ ruleset: table.ruleset, title: table.title ?? "", start: setup.value.start, data: null }, Date.now());
  const game = store.gameById(id);
  if (!game) throw new Error("no game");
  const opened = TableSession.open({ setup: setup.value, store: game, now: Date.now, randomFace: () => 1, deviceHealth: () => [] });
  if (!opened.ok) throw new Error(opened.error.message);
  const session = opened.value;
  if (startInitiative && session.draft?.type !== "initiative") session.send({ type: "start", action: { type: "initiative" } });
  const view = tableView(session, { devices: [], dial: null } as never, { theme: "dark", scale: 1 });
  const ms = performance.now() - t0;
  const odds = view.pending?.odds;
  const bars = odds?.headline?.bars.length ?? 0;
  return {
    ms,
    listed: odds ? `${view.pending?.type}: ${odds.outcomes.length}${odds.truncated ? " (truncated)" : ""}, ${bars} bars` : "none",
  };
}

export async function run(): Promise<string> {
  const store = new SqliteStore(join(tempDir(), "big-game.sqlite"));
  const rows = ["| rule set, sides | opens | median | p99 | odds shown |", "|---|---|---|---|---|"];
  try {
    for (const [scenario, initiative] of [
      ["sole-bay-1672", true],
      ["anglo-dutch-1666", true],
      ["age-of-sail", false],
      ["quickfire", false],
      ["wsim-battle-v3", false],
    ] as const) {
      const table = manySides(scenario, SIDES);
      openOnce(table, store, initiative);
      const runs = Array.from({ length: RUNS }, () => openOnce(table, store, initiative));
      const ms = runs.map((r) => r.ms);
      rows.push(
        `| ${scenario}, ${SIDES} sides${initiative ? " (initiative set up)" : ""} | ${RUNS} | ${quantile(ms, 0.5).toFixed(1)} ms | ${quantile(ms, 0.99).toFixed(1)} ms | ${runs[0]?.listed ?? "none"} |`,
      );
    }
  } finally {
    store.close();
  }
  return `${rows.join("\n")}\n\nFrom \`TableSession.open\` over a new game of ${SIDES} sides (two ships each) to its table view, the draft's odds included.\n`;
}
