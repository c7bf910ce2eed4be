/**
 * The odds corpus: requests for every action type of every rule set over valid states, generated with fast-check.
 * States are those of games played at random from the bundled scenarios (host/scenarios), their fleets copied up to
 * club sizes (each copy a squadron of its own); actions are generated from each action's field descriptions (ships
 * from the state, numbers within their bounds, enum values) or are the follow-ups the rules asked for. A request the
 * rule set refuses (illegal now, out of range) is dropped, so only valid requests are timed. Action types a random game
 * rarely reaches are added from prepared starts (odds-prepared.ts), so every action type of every rule set is timed.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parse } from "yaml";
import { scenarioFile } from "../host/config/scenario.ts";
import { DIE_FACES } from "../src/dice/kinds.ts";
import { transition } from "../src/game/engine.ts";
import type { Action, ActionDef, ActionField, FollowUp, RuleSet, TableState } from "../src/game/types.ts";
import { ok, type Result } from "../src/result.ts";
import { PREPARED, type RawShip } from "./odds-prepared.ts";

/** One valid odds request of the corpus. */
export interface CorpusRequest {
  readonly ruleset: string;
  readonly type: string;
  readonly state: TableState;
  readonly action: Action;
  readonly ships: number;
}

interface ScenarioFile {
  readonly fleets: { side: string; ships: Record<string, unknown>[] }[];
  readonly wind?: unknown;
  readonly game?: Record<string, unknown>;
  readonly settings?: Record<string, unknown>;
}

/** The scenario's ships, copied `copies` times (copy k: ids and squadrons suffixed `-k`). */
function fleetOf(sc: ScenarioFile, copies: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let k = 0; k < copies; k++) {
    for (const f of sc.fleets) {
      for (const { tag: _tag, ...s } of f.ships) {
        const suffix = k === 0 ? "" : `-${k}`;
        const squadron = typeof s.squadron === "string" ? { squadron: `${s.squadron}${suffix}` } : {};
        out.push({ ...s, ...squadron, side: f.side, id: `${String(s.id)}${suffix}`, name: `${String(s.name ?? s.id)}${suffix}` });
      }
    }
  }
  return out;
}

function fieldArb(field: ActionField, ids: readonly string[]): fc.Arbitrary<unknown> {
  switch (field.type) {
    case "ship":
      return fc.constantFrom(...ids);
    case "ships":
      return fc.shuffledSubarray([...ids], { minLength: 1, maxLength: Math.min(ids.length, 20) });
    case "number": {
      const min = field.min ?? 0;
      const max = field.max ?? Math.max(min + 12, 12);
      return Number.isInteger(min) && Number.isInteger(max) ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case "boolean":
      return fc.boolean();
    case "enum":
      return field.values && field.values.length > 0 ? fc.constantFrom(...field.values) : fc.constant(field.default);
    default:
      return field.values && field.values.length > 0 ? fc.constantFrom(...field.values) : fc.string({ maxLength: 8 });
  }
}

function actionArb(def: ActionDef, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const parts: Record<string, fc.Arbitrary<unknown>> = { type: fc.constant(def.type) };
  for (const f of def.fields) {
    const arb = fieldArb(f, ids);
    parts[f.name] = f.optional ? fc.option(arb, { nil: undefined }) : arb;
  }
  return fc.record(parts).map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)));
}

/**
 * Ship fields a game in progress varies (damage taken, fires, fireships), by rule set, so that a walk of a few dozen
 * actions reaches what a long game would: each ship gets one of these at random, or none.
 */
const IN_PLAY: Record<string, readonly Record<string, unknown>[]> = {
  "sole-bay-1672": [{ damage: 8 }, { damage: 11 }, { fireTurns: 1 }, { fireship: true, rating: 4 }, { damage: 10, fireTurns: 2 }],
  quickfire: [{ fires: 1 }],
  "anglo-dutch-1666": [{ fireship: true }],
};

/** A small deterministic generator of choices from a fast-check-generated seed. */
function chooser(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % Math.max(1, n);
  };
}

/** The next action a follow-up asks for, with a choice filled in (a random number of its options). */
function followUpAction(f: FollowUp, pick: (n: number) => number): Record<string, unknown> {
  if (f.kind === "roll") return { ...f.action };
  const { field, options, min, max } = f.choice;
  const n = Math.min(options.length, min + pick(max - min + 1));
  const chosen = [...options]
    .sort(() => pick(3) - 1)
    .slice(0, n)
    .map((o) => o.value);
  return { ...f.action, [field]: max === 1 && min === 1 ? chosen[0] : chosen };
}

/**
 * Up to `perType` valid requests for each action type of a rule set. Each of `walks` games starts from the scenario
 * (its fleets copied 1–4 times) and plays `steps` actions: a follow-up the last roll asked for when there is one (so
 * explosions, fires and boardings are reached), else an action of a random type generated from its fields; every
 * accepted request is kept, resolved with random dice, and the game goes on from the state after it.
 */
export function corpusFor(rs: RuleSet, perType: number, walks: number, seed: number, steps = 40, rejected: string[] = []): CorpusRequest[] {
  const sc = parse(readFileSync(scenarioFile(rs.id), "utf8")) as ScenarioFile;
  const out: CorpusRequest[] = [];
  const count = new Map<string, number>();
  const scripts = fc.sample(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 2 ** 31 - 1 })), { numRuns: walks, seed });
  const arbs = new Map<string, fc.Arbitrary<Record<string, unknown>>>();
  for (const [walk, [copies, walkSeed]] of scripts.entries()) {
    const pick = chooser(walkSeed);
    const variations = IN_PLAY[rs.id] ?? [];
    const varied = fleetOf(sc, copies).map((x) => ({ ...x, ...(pick(2) ? variations[pick(variations.length)] : {}) }));
    const ships = rs.parseState({ ships: varied, wind: sc.wind, game: sc.game, settings: sc.settings }).ok ? varied : fleetOf(sc, copies);
    const start = rs.parseState({ ships, wind: sc.wind, game: sc.game, settings: sc.settings });
    if (!start.ok) throw new Error(`${rs.id} scenario: ${start.error.message}`);
    let state = start.value;
    let pending: FollowUp[] = [];
    for (let step = 0; step < steps; step++) {
      let raw: Record<string, unknown>;
      const f = pending.shift();
      if (f) raw = followUpAction(f, pick);
      else {
        const def = rs.actions[pick(rs.actions.length)] as ActionDef;
        const ids = state.ships.map((x) => x.id);
        const key = `${def.type} ${ids.length}`;
        const arb = arbs.get(key) ?? actionArb(def, ids);
        arbs.set(key, arb);
        raw = fc.sample(arb, { numRuns: 1, seed: walkSeed + walk * 1000 + step })[0] as Record<string, unknown>;
      }
      const action = rs.parseAction(state, raw);
      if (!action.ok) continue;
      const plan = rs.plan(state, action.value);
      if (!plan.ok) continue;
      const type = action.value.type;
      const dice = plan.value.flatMap((e) =>
        Array.from({ length: e.count }, () => DIE_FACES[e.die][pick(DIE_FACES[e.die].length)] as number),
      );
      // An action the rules refuse only once rolled (a check that reads more than its fields) is not a valid request.
      const t = transition(rs, state, action.value, dice);
      if (!t.ok) continue;
      if ((count.get(type) ?? 0) < perType) {
        out.push({ ruleset: rs.id, type, state, action: action.value, ships: state.ships.length });
        count.set(type, (count.get(type) ?? 0) + 1);
      }
      state = t.value.state;
      pending = [...t.value.followUps, ...pending].slice(0, 8);
    }
  }
  out.push(...preparedFor(rs, sc, perType, seed, count, rejected));
  return out;
}

/**
 * Requests from the rule set's prepared starts (odds-prepared.ts), topping each action type up to `perType`; `count`
 * holds how many each type has already. Cases the rule set refuses are named in `rejected` (a prepared start that
 * never makes its action legal is a bug of the start, and the bench says so).
 */
function preparedFor(
  rs: RuleSet,
  sc: ScenarioFile,
  perType: number,
  seed: number,
  count: Map<string, number>,
  rejected: string[],
): CorpusRequest[] {
  const out: CorpusRequest[] = [];
  for (const [k, prepare] of (PREPARED[rs.id] ?? []).entries()) {
    const arb = fc.integer({ min: 1, max: 4 }).chain((copies) => prepare(fleetOf(sc, copies) as RawShip[]));
    for (const c of fc.sample(arb, { numRuns: perType * 2, seed: seed + 7919 * (k + 1) })) {
      const type = String(c.action.type);
      if ((count.get(type) ?? 0) >= perType) continue;
      const raw = { ships: c.ships, wind: c.wind ?? sc.wind, game: { ...sc.game, ...c.game }, settings: { ...sc.settings, ...c.settings } };
      const accepted = acceptedRequest(rs, raw, c.action);
      if (!accepted.ok) {
        rejected.push(`${rs.id} ${type}: ${accepted.error.code} (${accepted.error.message})`);
        continue;
      }
      const { state, action } = accepted.value;
      out.push({ ruleset: rs.id, type, state, action, ships: state.ships.length });
      count.set(type, (count.get(type) ?? 0) + 1);
    }
  }
  return out;
}

/** A prepared request the rule set accepts: state and action parse, the plan is made, and a roll of all 1s resolves. */
function acceptedRequest(
  rs: RuleSet,
  raw: Parameters<RuleSet["parseState"]>[0],
  rawAction: unknown,
): Result<{ state: TableState; action: Action }> {
  const state = rs.parseState(raw);
  if (!state.ok) return state;
  const action = rs.parseAction(state.value, rawAction);
  if (!action.ok) return action;
  const plan = rs.plan(state.value, action.value);
  if (!plan.ok) return plan;
  const dice = plan.value.flatMap((e) => Array.from({ length: e.count }, () => DIE_FACES[e.die][0] as number));
  const t = transition(rs, state.value, action.value, dice);
  return t.ok ? ok({ state: state.value, action: action.value }) : t;
}
