/** Test helpers for any rule set: run a docs/reference/request-result.md request through the engine like the CLI does. */
import { expect } from "vitest";
import type { Transition } from "../../../src/game/engine.ts";
import { oddsOf, parseRequest, transition } from "../../../src/game/engine.ts";
import type { Odds, RuleSet, TableState } from "../../../src/game/types.ts";
import type { Result } from "../../../src/result.ts";

export interface Req {
  ships?: unknown;
  wind?: unknown;
  game?: unknown;
  settings?: unknown;
  action: Record<string, unknown>;
  dice?: number[];
}

export function resolveWith<S extends TableState>(rs: RuleSet<S>, req: Req, data?: unknown): Result<Transition<S>> {
  const p = parseRequest(rs, req, data);
  if (!p.ok) return p;
  return transition(rs, p.value.state, p.value.action, req.dice ?? []);
}

export function mustResolve<S extends TableState>(rs: RuleSet<S>, req: Req, data?: unknown): Transition<S> {
  const r = resolveWith(rs, req, data);
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

export function errorOf<S extends TableState>(rs: RuleSet<S>, req: Req, data?: unknown) {
  const r = resolveWith(rs, req, data);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value.outcome)}`);
  return r.error;
}

export function oddsFor<S extends TableState>(rs: RuleSet<S>, req: Req, data?: unknown): Odds {
  const p = parseRequest(rs, req, data);
  if (!p.ok) throw new Error(JSON.stringify(p.error));
  const o = oddsOf(rs, p.value.state, p.value.action);
  if (!o.ok) throw new Error(JSON.stringify(o.error));
  return o.value.odds;
}

/** The rule-set properties: odds sum to 1, and a resolved outcome is among the odds with p > 0. */
export function checkProperties<S extends TableState>(rs: RuleSet<S>, req: Req, data?: unknown): void {
  const odds = oddsFor(rs, req, data);
  const total = odds.outcomes.reduce((s, o) => s + o.p, 0);
  for (const o of odds.outcomes) expect(o.p).toBeGreaterThan(0);
  // A shortened list (docs/reference/request-result.md) holds the likeliest outcomes only: it sums to at most 1, and a rolled outcome may
  // be one left off.
  if (odds.truncated) {
    expect(total).toBeLessThanOrEqual(1 + 1e-9);
    return;
  }
  expect(Math.abs(total - 1)).toBeLessThan(1e-9);
  if (req.dice) {
    const t = mustResolve(rs, req, data);
    const key = JSON.stringify(t.outcome);
    const found = odds.outcomes.find((o) => JSON.stringify(o.outcome) === key);
    expect(found?.p ?? 0).toBeGreaterThan(0);
  }
}
