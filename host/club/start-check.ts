/**
 * The board's check of a game's `start` against the rule set's set-up (issue 39): a table's start is a claim like
 * its `ended`. Every ship starts as the rule set sets a ship up — its log clean (no box of any track marked) and
 * in no condition but `fine` (not sunk, struck, destroyed, on fire, aground …), read through the rule set's own
 * ship views, so one check serves the five rule sets — unless the bundled scenario the start names starts that ship
 * so; and the game is not over before its first record. Without this, a start with the other side's ships already
 * destroyed, then an `ended`, was a win the board's reading confirmed (50 forged games gave "Mallory 50–0").
 */
import { gameEndOf } from "../../src/game/game-end.ts";
import type { RuleSet, ShipView, TableState } from "../../src/game/types.ts";
import { loadScenario } from "../config/load.ts";

/** A bundled scenario's ships as its own start shows them, by ship id; null for a name that is no bundled scenario. */
export type ScenarioShips = (name: string) => ReadonlyMap<string, ShipView> | null;

/** Why a start is not the rules' set-up, in a sentence; null when it is. */
export function startProblem(rs: RuleSet, state: TableState, scenario: string | null, scenarioShips: ScenarioShips): string | null {
  const views = rs.shipViews(state);
  const given = scenario ? scenarioShips(scenario) : null;
  for (const v of views) {
    const own = given?.get(v.id);
    if (own && sameCondition(own, v)) continue; // the scenario starts her so
    const marked = v.tracks.find((t) => t.marked > 0);
    if (marked) return `${v.name} starts with ${marked.marked} of ${marked.boxes} "${marked.label}" boxes marked`;
    const condition = v.status.filter((_, i) => v.severity[i] !== "fine");
    if (condition.length) return `${v.name} starts ${condition.join(", ")}`;
  }
  const over = gameEndOf(rs, state, views);
  if (over) return `the game is over before its first record (${over.reason})`;
  return null;
}

const sameCondition = (a: ShipView, b: ShipView) =>
  JSON.stringify([a.status, a.severity, a.tracks]) === JSON.stringify([b.status, b.severity, b.tracks]);

/** Reads the bundled scenarios' ships on first use, each once. */
export function bundledScenarioShips(): ScenarioShips {
  const known = new Map<string, ReadonlyMap<string, ShipView> | null>();
  return (name) => {
    if (!known.has(name)) known.set(name, readScenarioShips(name));
    return known.get(name) ?? null;
  };
}

function readScenarioShips(name: string): ReadonlyMap<string, ShipView> | null {
  const setup = loadScenario(name);
  if (!setup.ok) return null;
  const rs = setup.value.ruleset;
  const state = rs.parseState(setup.value.start as Parameters<RuleSet["parseState"]>[0], setup.value.data ?? undefined);
  return state.ok ? new Map(rs.shipViews(state.value).map((v) => [v.id, v])) : null;
}
