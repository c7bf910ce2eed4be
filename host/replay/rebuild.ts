/**
 * Rebuilds a game from its event log: the starting state, then each resolved action's events folded in
 * (undos remove the action they name). Each action is also re-resolved from its stored dice, so a report can
 * say whether today's rules give the same result as the rules the game was played with.
 */
import { applyEvents, transition } from "../../src/game/engine.ts";
import type { RuleSet, TableState } from "../../src/game/types.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import { ruleSet } from "../../src/rulesets/index.ts";
import { planValues } from "../session/resolve.ts";
import { recordsInEffect } from "../store/log-rows.ts";
import type { GameSetup, LogRow, ResolvedRecord } from "../store/records.ts";

export interface ReplayEntry {
  readonly row: LogRow;
  /** For an action: whether re-resolving its dice today gives the stored events. */
  readonly sameToday?: boolean;
}

export interface Replay {
  readonly ruleset: RuleSet;
  readonly setup: GameSetup;
  readonly entries: readonly ReplayEntry[];
  readonly inEffect: readonly ResolvedRecord[];
  readonly state: TableState;
}

/** Replays the first `to` log rows (all when undefined). */
export function rebuild(setup: GameSetup, rows: readonly LogRow[], to?: number): Result<Replay> {
  const rs = ruleSet(setup.ruleset);
  if (!rs) return fail("ruleset.unknown", `The game was played with "${setup.ruleset}", which this version does not know.`, "ruleset");
  const start = rs.parseState(setup.start as Parameters<RuleSet["parseState"]>[0], setup.data ?? undefined);
  if (!start.ok)
    return fail(start.error.code, `The stored starting state no longer passes the rules: ${start.error.message}`, start.error.path);
  const used = rows.slice(0, to ?? rows.length);
  const inEffect = recordsInEffect(used);
  const entries: ReplayEntry[] = [];
  let state = start.value;
  let running: ResolvedRecord[] = [];
  for (const row of used) {
    if (row.kind === "undo") {
      running = running.filter((r) => r.seq !== row.undoes);
      state = running.reduce((s, r) => applyEvents(rs, s, r.events), start.value);
      entries.push({ row });
      continue;
    }
    const again = transition(rs, state, row.record.action, planValues(row.record.plan, row.record.dice));
    const sameToday = again.ok && JSON.stringify(again.value.events) === JSON.stringify(row.record.events);
    running = [...running, row.record];
    state = applyEvents(rs, state, row.record.events);
    entries.push({ row, sameToday });
  }
  return ok({ ruleset: rs, setup, entries, inEffect, state });
}
