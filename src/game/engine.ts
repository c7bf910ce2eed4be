/**
 * The rules engine around a rule set: parses a request, checks dice against the plan, resolves, and folds
 * the resulting events into the state. This is the `transition(state, action, dice)` of the design.
 */
import { type DicePlan, splitDice } from "../dice/plan.ts";
import { fail, ok, type Result } from "../result.ts";
import { type MeasuredAction, measureAction } from "./measure.ts";
import { beforeProblem } from "./moves/before.ts";
import { offTable, parseTable } from "./table-positions.ts";
import type { Action, DieMark, FollowUp, GameEvent, Odds, RuleSet, ShipBase, TableState } from "./types.ts";

/** A parsed request: state, action and (for resolve) dice. */
export interface ParsedRequest<S extends TableState = TableState> {
  readonly state: S;
  readonly action: Action;
  readonly dice: readonly unknown[] | undefined;
  /** When the request carried `table`: what was measured from the positions (the action already has it filled). */
  readonly measurement?: MeasuredAction;
}

/** The outcome of one resolved action, with the state after it. */
export interface Transition<S extends TableState = TableState> {
  readonly plan: DicePlan;
  readonly outcome: Readonly<Record<string, unknown>>;
  readonly events: readonly GameEvent[];
  readonly followUps: readonly FollowUp[];
  /** Per plan entry, how each die counted (hit / miss / null), when the rule set marks dice. */
  readonly marks: DieMark[][] | null;
  readonly state: S;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses a docs/reference/request-result.md request (`ships`, `wind`, `game`, `settings`, `action`, `dice`, and `table`: positions, from
 * which the action's geometric fields left out are measured; geometry that forbids the action refuses it).
 */
export function parseRequest<S extends TableState>(rs: RuleSet<S>, raw: unknown, data?: unknown): Result<ParsedRequest<S>> {
  if (!isObject(raw)) return fail("input.invalid", "The request must be a JSON object.", "");
  const known = ["ships", "wind", "game", "settings", "action", "dice", "table"];
  const extra = Object.keys(raw).find((k) => !known.includes(k));
  if (extra) return fail("input.invalid", `${extra} is not a request field (known: ${known.join(", ")}).`, extra);
  const state = rs.parseState(raw, data);
  if (!state.ok) return state;
  if (!isObject(raw.action)) return fail("input.invalid", "action must be an object with a type.", "action");
  if (typeof raw.action.type !== "string") return fail("input.invalid", "action.type must be a string.", "action.type");
  const known_types = rs.actions.map((a) => a.type);
  if (!known_types.includes(raw.action.type)) {
    return fail("input.invalid", `${rs.id} has no action "${raw.action.type}" (it has: ${known_types.join(", ")}).`, "action.type");
  }
  let measurement: MeasuredAction | undefined;
  if (raw.table !== undefined) {
    const m = measureRequest(rs, state.value, raw.action as Action, raw.table);
    if (!m.ok) return m;
    measurement = m.value;
  }
  const action = rs.parseAction(state.value, measurement?.action ?? raw.action);
  if (!action.ok) return action;
  if (raw.dice !== undefined && !Array.isArray(raw.dice)) return fail("input.invalid", "dice must be an array of numbers.", "dice");
  return ok({ state: state.value, action: action.value, dice: raw.dice as unknown[] | undefined, ...(measurement ? { measurement } : {}) });
}

/**
 * Measures an action from a request's `table` (docs/reference/request-result.md "Positions"): the positions parsed (`table.…` paths on
 * bad input), the action's geometric fields left out measured, and a refusal when the geometry forbids the action.
 */
export function measureRequest<S extends TableState>(rs: RuleSet<S>, state: S, action: Action, rawTable: unknown): Result<MeasuredAction> {
  const bad = beforeProblem(state, rawTable);
  if (bad) return { ok: false, error: bad };
  const table = parseTable(rawTable);
  if (!table.ok) return table;
  const off = offTable(table.value, (id) => state.ships.find((s) => s.id === id)?.name ?? id);
  if (off) return { ok: false, error: off };
  const m = measureAction(rs, state, action, table.value);
  return m.refusal ? { ok: false, error: m.refusal } : ok(m);
}

/** Folds events into a state. */
export function applyEvents<S extends TableState>(rs: RuleSet<S>, state: S, events: readonly GameEvent[]): S {
  return events.reduce((s, e) => rs.applyEvent(s, e), state);
}

/** Plans, checks the dice, resolves and applies: the pure transition. */
export function transition<S extends TableState>(
  rs: RuleSet<S>,
  state: S,
  action: Action,
  dice: readonly unknown[],
): Result<Transition<S>> {
  const plan = rs.plan(state, action);
  if (!plan.ok) return plan;
  const groups = splitDice(plan.value, dice);
  if (!groups.ok) return groups;
  const res = rs.resolve(state, action, groups.value);
  if (!res.ok) return res;
  const { outcome, events, followUps } = res.value;
  const marks = rs.markDice ? rs.markDice(state, action, groups.value) : null;
  return ok({ plan: plan.value, outcome, events, followUps, marks, state: applyEvents(rs, state, events) });
}

/** Exact odds of an action with its plan. */
export function oddsOf<S extends TableState>(rs: RuleSet<S>, state: S, action: Action): Result<{ plan: DicePlan; odds: Odds }> {
  const plan = rs.plan(state, action);
  if (!plan.ok) return plan;
  const odds = rs.odds(state, action);
  if (!odds.ok) return odds;
  return ok({ plan: plan.value, odds: odds.value });
}

/** Finds a ship by id; `ship.unknown` names the path that referred to it. */
export function findShip<Ship extends ShipBase>(ships: readonly Ship[], id: unknown, path: string): Result<Ship> {
  const ship = ships.find((s) => s.id === id);
  if (!ship) {
    return fail("ship.unknown", `There is no ship "${String(id)}" (ships: ${ships.map((s) => s.id).join(", ") || "none"}).`, path);
  }
  return ok(ship);
}

/** Replaces one ship in a state by id. */
export function withShip<S extends TableState>(state: S, id: string, update: (ship: S["ships"][number]) => S["ships"][number]): S {
  return { ...state, ships: state.ships.map((s) => (s.id === id ? update(s) : s)) };
}
