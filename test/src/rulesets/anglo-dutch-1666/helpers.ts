/**
 * Test helpers for anglo-dutch-1666: table states from ship JSON, and actions through the engine.
 */
import { oddsOf, transition } from "../../../../src/game/engine.ts";
import type { Action } from "../../../../src/game/types.ts";
import type { RulesError } from "../../../../src/result.ts";
import { ANTELOPE, PELICAN } from "../../../../src/rulesets/anglo-dutch-1666/cards.ts";
import { angloDutch1666 as rs } from "../../../../src/rulesets/anglo-dutch-1666/index.ts";
import type { AdState } from "../../../../src/rulesets/anglo-dutch-1666/schema.ts";

export { rs };
export const antelope = (over: Record<string, unknown> = {}) => ({ ...ANTELOPE, ...over });
export const pelican = (over: Record<string, unknown> = {}) => ({ ...PELICAN, ...over });
/** A plain ship: `guns` guns, `hull` hull points, `fire` fire points. */
export const shipOf = (id: string, guns: number, hull: number, fire: number, over: Record<string, unknown> = {}) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  side: "dutch",
  nation: "dutch",
  guns,
  hullPoints: hull,
  firePoints: fire,
  ...over,
});

export function table(ships: readonly unknown[], extra: { wind?: unknown; game?: unknown; settings?: unknown } = {}): AdState {
  const r = rs.parseState({ ships, ...extra });
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value;
}

export function act(state: AdState, raw: Record<string, unknown>): Action {
  const a = rs.parseAction(state, raw);
  if (!a.ok) throw new Error(`${a.error.code} ${a.error.path}: ${a.error.message}`);
  return a.value;
}

export function run(state: AdState, raw: Record<string, unknown>, dice: number[] = []) {
  const t = transition(rs, state, act(state, raw), dice);
  if (!t.ok) throw new Error(`${t.error.code} ${t.error.path}: ${t.error.message}`);
  return t.value;
}

/** The error of a refused action: at parse/check time, or at resolve time. */
export function refused(state: AdState, raw: Record<string, unknown>, dice: number[] = []): RulesError {
  const a = rs.parseAction(state, raw);
  if (!a.ok) return a.error;
  const t = transition(rs, state, a.value, dice);
  if (t.ok) throw new Error("expected a refusal");
  return t.error;
}

export function odds(state: AdState, raw: Record<string, unknown>) {
  const o = oddsOf(rs, state, act(state, raw));
  if (!o.ok) throw new Error(`${o.error.code}: ${o.error.message}`);
  return o.value.odds;
}

export const shipIn = (state: AdState, id: string) => {
  const s = state.ships.find((x) => x.id === id);
  if (!s) throw new Error(`no ship ${id}`);
  return s;
};
