/**
 * Helpers for sole-bay-1672 tests: ships by roster line, requests parsed as the CLI parses them, and steps
 * that pass the state after one action back as JSON into the next request (as a caller of the CLI would).
 */
import { expect } from "vitest";
import { oddsOf, parseRequest, type Transition, transition } from "../../../../src/game/engine.ts";
import type { Action, FollowUp } from "../../../../src/game/types.ts";
import type { RulesError } from "../../../../src/result.ts";
import { soleBay1672 } from "../../../../src/rulesets/sole-bay-1672/index.ts";
import type { SoleBayState } from "../../../../src/rulesets/sole-bay-1672/state.ts";

export type ShipJson = Record<string, unknown>;

/** A ship roster line with defaults: a regular, average, medium 3rd rate. */
export const ship = (id: string, side: string, fields: ShipJson = {}): ShipJson => ({
  id,
  name: id.replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => `${sep ? " " : ""}${c.toUpperCase()}`),
  side,
  rating: 3,
  speed: "medium",
  hull: "average",
  ...fields,
});

export interface Req {
  ships: ShipJson[];
  wind?: unknown;
  game?: unknown;
  settings?: unknown;
  action: Record<string, unknown>;
  dice?: unknown[];
}

/** Parses a request like the CLI does; fails the test on an error. */
export function parsed(req: Req): { state: SoleBayState; action: Action } {
  const r = parseRequest(soleBay1672, JSON.parse(JSON.stringify(req)));
  if (!r.ok) throw new Error(`request rejected: ${JSON.stringify(r.error)}`);
  return { state: r.value.state, action: r.value.action };
}

/** The error a request gets from parsing, planning or resolving. */
export function errorOf(req: Req): RulesError {
  const r = parseRequest(soleBay1672, JSON.parse(JSON.stringify(req)));
  if (!r.ok) return r.error;
  const t = r.value.dice
    ? transition(soleBay1672, r.value.state, r.value.action, r.value.dice)
    : oddsOf(soleBay1672, r.value.state, r.value.action);
  if (t.ok) throw new Error("expected an error");
  return t.error;
}

/** Resolves a request. */
export function resolve(req: Req, dice: number[]): Transition<SoleBayState> {
  const { state, action } = parsed(req);
  const t = transition(soleBay1672, state, action, dice);
  if (!t.ok) throw new Error(`resolve failed: ${JSON.stringify(t.error)}`);
  return t.value;
}

/** The next request a caller would send: the state after `t` as JSON plus an action. */
export function requestAfter(t: Transition<SoleBayState>, action: Record<string, unknown>, settings?: unknown): Req {
  const { ships, wind, game } = JSON.parse(JSON.stringify(t.state)) as { ships: ShipJson[]; wind: unknown; game: unknown };
  return { ships, wind, game, settings: settings ?? t.state.settings, action };
}

/** The follow-up of a kind and action type; fails the test if missing. */
export function followUp(t: Transition<SoleBayState>, type: string): FollowUp {
  const f = t.followUps.find((x) => x.action.type === type);
  expect(f, `follow-up ${type} among ${t.followUps.map((x) => x.action.type).join(", ")}`).toBeDefined();
  return f as FollowUp;
}

/** Sends a follow-up's action (with chosen fields filled for a `choose`) with the given dice. */
export function next(
  t: Transition<SoleBayState>,
  type: string,
  dice: number[],
  chosen: Record<string, unknown> = {},
): Transition<SoleBayState> {
  const f = followUp(t, type);
  return resolve(requestAfter(t, { ...f.action, ...chosen }), dice);
}

/** Odds of a request. */
export function odds(req: Req) {
  const { state, action } = parsed(req);
  const o = oddsOf(soleBay1672, state, action);
  if (!o.ok) throw new Error(`odds failed: ${JSON.stringify(o.error)}`);
  return o.value;
}

export const shipAfter = (t: Transition<SoleBayState>, id: string) => {
  const s = t.state.ships.find((x) => x.id === id);
  if (!s) throw new Error(`no ship ${id}`);
  return s;
};
