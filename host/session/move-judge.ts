/**
 * The host's one door to the rules' judgement of a move (docs/reference/request-result.md "Moves"; src/game/moves/): her rule set's
 * movement action — as set up for her (tapped: the orders given), as resolved since her move began, or with the
 * text's defaults — judged from where she stood when her move began to where she stands now, and where she may end it.
 * The outcome judged against is the resolved one, else the one a plan without dice gives, else the most generous the
 * dice may give (the core picks it). Nothing here knows a rule set.
 */
import { oddsOf, transition } from "../../src/game/engine.ts";
import { measureAction } from "../../src/game/measure.ts";
import { judgeMove, reachOf } from "../../src/game/moves/judge.ts";
import type { TablePositions } from "../../src/game/table-positions.ts";
import type { Action, FollowUp, RuleSet, TableState } from "../../src/game/types.ts";
import { fail, ok, type Result, type RulesError } from "../../src/result.ts";
import type { TableLayout } from "../config/table-layout.ts";
import type { Draft, JudgedMove, MoveWatch, Pose, ResolvedRecord } from "../store/records.ts";
import { draftAction } from "./draft.ts";
import { tableOf } from "./measured-draft.ts";
import type { Positions } from "./positions.ts";

/** A move judged, with what it was judged as: the action (her orders), its outcome, and whether that was resolved. */
export interface Judgement {
  readonly move: JudgedMove;
  /** The contacts the text plays, as the rolls and choices they prompt (both ships named). */
  readonly followUps: readonly FollowUp[];
  readonly reach: MoveWatch["reach"];
  readonly action: Action;
  /** Her movement action resolved since her move began (its record), if it was. */
  readonly resolved: ResolvedRecord | null;
}

/** What a move is judged from. */
export interface MoveContext {
  readonly rs: RuleSet;
  readonly state: TableState;
  /** The records since the movement phase opened (her movement action may have been resolved among them). */
  readonly records: readonly ResolvedRecord[];
  readonly draft: Draft | null;
  readonly positions: Positions | undefined;
  readonly now: number;
  readonly layout?: TableLayout;
}

/** The rule set's movement actions: those whose measures declare how a move is judged, with the field naming the ship. */
export function moveActions(rs: RuleSet): { readonly type: string; readonly shipField: string }[] {
  return Object.entries(rs.measures ?? {}).flatMap(([type, m]) => (m.move ? [{ type, shipField: m.move.ship as string }] : []));
}

/** Whether ships move in this phase: as the phase says (`moves`), else whether it plays one of the movement actions. */
export function isMovementPhase(rs: RuleSet, phase: number): boolean {
  const def = rs.turn.phases[phase];
  if (def?.moves !== undefined) return def.moves;
  const actions = def?.actions ?? [];
  return moveActions(rs).some((m) => actions.includes(m.type));
}

/**
 * Her movement action: the one resolved for her since her move began, else her draft's orders (tapped: the orders
 * given on /control) or none, with the geometry they leave out (an enemy within 12″, the windward edge) measured where
 * she stood when her move began, then the fields' defaults — as the draft's own status measures it.
 */
function herAction(
  c: MoveContext,
  ship: string,
  phase: number,
  from: { readonly start: TablePositions; readonly move: TablePositions },
): { action: Action; resolved: ResolvedRecord | null } | null {
  const moves = moveActions(c.rs);
  const mine = (a: { type: string; [k: string]: unknown }) => moves.some((m) => m.type === a.type && a[m.shipField] === ship);
  const resolved = [...c.records].reverse().find((r) => mine(r.action)) ?? null;
  if (resolved) return { action: resolved.action, resolved };
  const phaseActions = c.rs.turn.phases[phase]?.actions ?? [];
  const m = moves.find((x) => phaseActions.includes(x.type)) ?? moves[0];
  const def = m && c.rs.actions.find((a) => a.type === m.type);
  if (!m || !def) return null;
  const given =
    c.draft && c.draft.type === m.type && c.draft.values[m.shipField] === ship && c.draft.origin !== "follow-up"
      ? c.draft
      : { type: m.type, values: { [m.shipField]: ship }, origin: "table" as const, rolls: [] };
  // first where she stood (the orders: an enemy within 12″ "at the start of the move"), then what only the move itself
  // gives (Quickfire's distance and turn, from where she stood to where she stands)
  const atStart = measureAction(c.rs, c.state, { ...given.values, type: m.type }, from.start).action;
  const { type: _type, ...measured } = measureAction(c.rs, c.state, atStart, from.move).action;
  return { action: draftAction({ ...given, values: { ...measured, ...given.values } }, def), resolved: null };
}

/** A reach's size to compare outcomes by: its pieces' areas added (shoelace), mm² (overlaps counted twice: only compared). */
function area(pieces: readonly (readonly (readonly [number, number])[])[]): number {
  let sum = 0;
  for (const polygon of pieces)
    polygon.forEach(([x, y], i) => {
      const [nx, ny] = polygon[(i + 1) % polygon.length] as readonly [number, number];
      sum += x * ny - nx * y;
    });
  return Math.abs(sum) / 2;
}

/** Her action's plan and odds, as `oddsOf` gives them (worked out once for the outcomes and the refusal). */
type Odds = ReturnType<typeof oddsOf>;

/**
 * The outcomes her move is judged against: the resolved one, else every one the dice may give (one, for an action
 * without dice); an action that refuses the move itself (Quickfire's distance over her speed) gives an outcome of
 * nothing, so the rules still say what is wrong with it — as `quarterdeck plan` does.
 */
function outcomesOf(
  c: MoveContext,
  action: Action,
  resolved: ResolvedRecord | null,
): { outcomes: Readonly<Record<string, unknown>>[]; odds: Odds | null } {
  if (resolved) return { outcomes: [resolved.outcome], odds: null };
  const odds = oddsOf(c.rs, c.state, action);
  return { outcomes: odds.ok ? odds.value.odds.outcomes.map((x) => x.outcome) : [{}], odds };
}

/**
 * Why her action refuses the move when the rules could judge nothing of it (WS&IM's ship with no plot, 1666's plot
 * into the wind): the action's own refusal, or null. Without it a ship moved against her orders would be said nothing.
 */
function refusalOf(c: MoveContext, action: Action, o: Odds): RulesError | null {
  if (!o.ok) return o.error;
  if (o.value.plan.length > 0 || !o.value.odds.outcomes.every((x) => "error" in x.outcome)) return null;
  const t = transition(c.rs, c.state, action, []);
  return t.ok ? null : t.error;
}

/**
 * Judges the move of `ship` from `start` to where she stands now. ok(null) when her position is not known now or her
 * rule set judges no move; a refusal (a move of metres, a heading not a number) names her.
 */
export function judgeShipMove(c: MoveContext, ship: string, start: Pose, phase: number): Result<Judgement | null> {
  const name = c.state.ships.find((s) => s.id === ship)?.name ?? ship;
  if (![start.x, start.y, start.heading].every(Number.isFinite))
    return fail("input.invalid", `Where ${name} stood when her move began is not a position: her move is not judged.`, `moves.${ship}`);
  const table = { ...tableOf(c.positions ?? {}, c.now, c.layout), before: { [ship]: { x: start.x, y: start.y, heading: start.heading } } };
  if (!table.ships[ship]) return ok(null);
  // her orders' geometry (an enemy within 12″, the windward edge) is measured where she stood when her move began
  const { before: _before, ...now } = table;
  const atStart = { ...now, ships: { ...table.ships, [ship]: { ...table.ships[ship], ...start } } };
  const her = herAction(c, ship, phase, { start: atStart, move: table });
  if (!her) return ok(null);
  const action = her.action;
  const { outcomes, odds } = outcomesOf(c, action, her.resolved);
  if (outcomes.length === 0) return ok(null);
  const judged = judgeMove(c.rs, c.state, action, table, outcomes);
  if (!judged.ok) return judged;
  if (!judged.value) {
    const refused = odds ? refusalOf(c, action, odds) : null;
    return refused ? fail(refused.code, refused.message, refused.path) : ok(null);
  }
  // the reach of the most generous outcome the dice may give (the largest area: a d3 of wind, say, at its best)
  let reach: MoveWatch["reach"] = null;
  for (const o of outcomes) {
    const r = reachOf(c.rs, c.state, action, table, o);
    if (r && (!reach || area(r.polygons) > area(reach.polygons))) reach = { ship: r.ship, polygons: r.polygons };
  }
  return ok({
    move: judged.value.move as JudgedMove,
    followUps: judged.value.followUps,
    reach,
    action,
    resolved: her.resolved,
  });
}
