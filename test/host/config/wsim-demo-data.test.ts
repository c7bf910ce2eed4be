/**
 * Issue 24 item 7: the WS&IM demo carries an illustrative house stand-in data file, named on every result read from
 * it, so "hits on Redoutable's hull" mark her hull track; without a data file the result says which boxes to mark by
 * hand and offers Mark the log.
 */
import { describe, expect, it } from "vitest";
import { loadScenario } from "../../../host/config/load.ts";
import { transition } from "../../../src/game/engine.ts";
import type { Action } from "../../../src/game/types.ts";
import { wsimBattleV3 } from "../../../src/rulesets/wsim-battle-v3/index.ts";
import type { WsimState } from "../../../src/rulesets/wsim-battle-v3/state.ts";

function demo(withData: boolean): WsimState {
  const sc = loadScenario("wsim-battle-v3");
  if (!sc.ok) throw new Error(sc.error.message);
  const s = wsimBattleV3.parseState(sc.value.start as Parameters<typeof wsimBattleV3.parseState>[0], withData ? sc.value.data : undefined);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}
const run = (state: WsimState, action: Record<string, unknown>, dice: number[]) => {
  const t = transition(wsimBattleV3, state, action as Action, dice);
  if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
  return { ...t.value, description: wsimBattleV3.describe(state, action as Action, t.value.outcome) };
};
const hull = (state: WsimState) =>
  wsimBattleV3
    .shipViews(state)
    .find((v) => v.id === "redoutable")
    ?.tracks.find((t) => /hull/i.test(t.label));
const broadside = { type: "fire", firer: "victory", target: "redoutable", rangeHexes: 1, aim: "hull", broadside: "left" };

describe("the WS&IM demo's house stand-in tables", () => {
  it("are loaded with the scenario, and a broadside at Redoutable's hull marks her hull track, the stand-in named", () => {
    const s = demo(true);
    expect((s.data as { standIn?: boolean; name: string }).name).toBe("House stand-in — illustrative, not the base game's tables");
    const t = run(s, broadside, [6, 1]);
    const damage = t.outcome.damage as { hull: number };
    expect(damage.hull).toBeGreaterThan(0);
    expect(hull(t.state)?.marked).toBe(damage.hull);
    expect(t.description).toMatch(/\(tables: House stand-in — illustrative, not the base game's tables\)$/);
  });
});

describe("without a data file", () => {
  it("the table's result is asked; the result says which boxes to mark by hand and offers Mark the log, which marks them", () => {
    const s = demo(false);
    const fired = run(s, broadside, [6, 1]);
    const ask = fired.followUps.find((f) => f.action.type === "fire-result");
    expect(ask?.kind).toBe("choose");
    const read = run(fired.state, { ...ask?.action, hits: 3 }, []);
    expect(read.description).toBe(
      "3 hits on Redoutable's hull, read from the Fire Table — no Hit Table is loaded: mark 3 boxes on Redoutable's log as " +
        "the base game's Hit Table splits them among her hull, the guns of the side fired at and her crew sections (Mark the log).",
    );
    expect(hull(read.state)?.marked).toBe(0);
    expect(read.followUps).toEqual([
      expect.objectContaining({ kind: "roll", action: { type: "mark", ship: "redoutable", section: "hull", boxes: 3 } }),
    ]);
    const marked = run(read.state, read.followUps[0]?.action ?? {}, []);
    expect(hull(marked.state)?.marked).toBe(3);
  });
});
