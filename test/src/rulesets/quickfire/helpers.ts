/**
 * Shared test helpers for quickfire: a table state from ship logs, and resolve/odds through the engine.
 */
import { expect } from "vitest";
import { oddsOf, transition } from "../../../../src/game/engine.ts";
import type { Action } from "../../../../src/game/types.ts";
import { BORODINO, MIKASA } from "../../../../src/rulesets/quickfire/examples/index.ts";
import { quickfire } from "../../../../src/rulesets/quickfire/index.ts";
import type { QuickfireState } from "../../../../src/rulesets/quickfire/ship.ts";

/** A ship log with the example Mikasa's values, overridden. */
export const ship = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ ...MIKASA.ship, ...over });
export const mikasa = (over: Record<string, unknown> = {}) => ({ ...MIKASA.ship, ...over });
export const borodino = (over: Record<string, unknown> = {}) => ({ ...BORODINO.ship, ...over });

/** A parsed state; fails the test on a parse error. */
export function table(ships: unknown[], extra: { game?: unknown; settings?: unknown } = {}, data?: unknown): QuickfireState {
  const r = quickfire.parseState({ ships, ...extra }, data);
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value;
}

/** Parses an action (fails the test on an error). */
export function act(state: QuickfireState, raw: Record<string, unknown>): Action {
  const a = quickfire.parseAction(state, raw);
  if (!a.ok) throw new Error(`${a.error.path}: ${a.error.message}`);
  return a.value;
}

/** Resolves and returns the transition; fails the test on an error. */
export function run(state: QuickfireState, raw: Record<string, unknown>, dice: number[]) {
  const t = transition(quickfire, state, act(state, raw), dice);
  if (!t.ok) throw new Error(`${t.error.code} ${t.error.path}: ${t.error.message}`);
  return t.value;
}

/** The error code and path of an action that must be refused (at plan time). */
export function refused(state: QuickfireState, raw: Record<string, unknown>) {
  const a = quickfire.parseAction(state, raw);
  if (!a.ok) return a.error;
  const p = quickfire.plan(state, a.value);
  expect(p.ok).toBe(false);
  if (p.ok) throw new Error("expected a refusal");
  return p.error;
}

/** Exact odds; fails the test on an error. */
export function odds(state: QuickfireState, raw: Record<string, unknown>) {
  const o = oddsOf(quickfire, state, act(state, raw));
  if (!o.ok) throw new Error(`${o.error.code}: ${o.error.message}`);
  return o.value.odds;
}

export const shipIn = (state: QuickfireState, id: string) => {
  const s = state.ships.find((x) => x.id === id);
  if (!s) throw new Error(`no ship ${id}`);
  return s;
};
