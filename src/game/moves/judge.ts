/**
 * Judging a move (docs/reference/request-result.md "Moves"): the shortest path the text allows from where she stood to where she stands
 * (src/geometry/move-path.ts), the distance in the text's unit, her turns, her allowance, whether it is legal — and if
 * not, why, with the figures — and the contacts the text plays. `reachOf` is where she may end this move. Pure.
 */
import { type Base, baseOf, type Pose } from "../../geometry/base.ts";
import { type MovePath, shortestPath } from "../../geometry/move-path.ts";
import { type ReachPieces, reachPieces } from "../../geometry/reach.ts";
import { angleGap, bearingTo, distance, normalizeBearing, turnBetween } from "../../geometry/vec.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type MeasuringRuleSet, measureContext } from "../measure.ts";
import { inUnit, lengthWords } from "../measure-kit.ts";
import type { Move, MoveMeasure, MoveRules } from "../move-types.ts";
import { baseSizeOf } from "../ship-base.ts";
import type { TablePositions } from "../table-positions.ts";
import type { Action, FollowUp, TableState } from "../types.ts";

/** The longest move any text here allows is well under this (a Sole Bay strategic move at full sail is ~0.7 m). */
export const MAX_MOVE_MM = 2000;
/** A model placed by hand is turned to within a few degrees of the template. */
const HEADING_SLACK_DEGREES = 5;
const EPS = 1e-6;

const NUMBERS = ["no", "one", "two", "three", "four", "five", "six"];
const count = (n: number, word: string) => `${NUMBERS[n] ?? n} ${word}${n === 1 ? "" : "s"}`;
const round = (v: number, k = 10) => Math.round(v * k) / k;

/** A move judged, and the follow-ups its contacts prompt. */
export interface JudgedMove {
  readonly move: Move;
  readonly followUps: readonly FollowUp[];
}

/** The action's move measure, when its rule set declares one. */
export function moveMeasureOf(rs: MeasuringRuleSet, action: Action): MoveMeasure | undefined {
  return rs.measures?.[action.type]?.move;
}

/** The moving ship the action names, when it has a move measure. */
export function movingShip(rs: MeasuringRuleSet, action: Action): string | null {
  const m = moveMeasureOf(rs, action);
  const id = m ? action[m.ship] : undefined;
  return typeof id === "string" ? id : null;
}

/** Her turns in words: "one turn to starboard", "two turns (port, starboard)". */
function turnWords(turns: readonly number[]): string {
  if (turns.length === 0) return "no turn";
  const side = (t: number) => (t > 0 ? "starboard" : "port");
  const sides = turns.map(side);
  const all = sides.every((s) => s === sides[0]);
  const angle = turns.every((t) => Math.abs(t) === Math.abs(turns[0] as number)) ? ` of ${round(Math.abs(turns[0] as number))}°` : "";
  return all
    ? `${count(turns.length, "turn")}${angle} to ${sides[0]}`
    : `${count(turns.length, "turn")}${angle} (${sides.join(", then ")})`;
}

/**
 * Why the move breaks the rules, or null: `why` (the result's field, "7″ — her allowance is 6″") and `said`, the same
 * figures as what she did, to follow her name in the words ("moved 7″ — her allowance is 6″").
 */
function whyIllegal(r: MoveRules, p: MovePath, used: number): { why: string; said: string } | null {
  const len = (mm: number, edges: number[] = []) =>
    lengthWords(
      mm,
      r.unit,
      edges.map((e) => e / r.unit.mm),
    );
  const both = (figure: string, rule: string, did: string) => ({ why: `${figure} — ${rule}`, said: `${did} — ${rule}` });
  const counted = p.turns.length - (p.freeTurns ?? 0);
  if (counted > r.maxTurns) {
    const turns = count(counted, "turn");
    return both(turns, r.turnsWhy, `made ${turns}`);
  }
  // the text's own reason (a hex grid's), after her name as it stands
  if (p.why) return { why: p.why, said: `— ${p.why}` };
  const max = r.maxAngle;
  if (max !== undefined && r.step === undefined) {
    const big = p.turns.find((t) => Math.abs(t) > max + EPS);
    if (big !== undefined)
      return both(`a turn of ${round(Math.abs(big))}°`, `she may turn at most ${round(max)}° this move`, `turned ${round(Math.abs(big))}°`);
  }
  if (p.early) {
    const i = p.legs.findIndex((l, k) => k < p.turns.length && l < (k === 0 ? r.firstAfter : r.between) - EPS);
    const need = i === 0 ? r.firstAfter : r.between;
    const after = len(p.legs[i] ?? 0, [need]);
    return both(
      `a turn after ${after}`,
      `she must move ${len(need)} ${i === 0 ? "before turning" : "between turns"}`,
      `turned after ${after}`,
    );
  }
  if (used > r.allowance + EPS) {
    const moved = len(used, [r.allowance]);
    return both(moved, `her allowance is ${len(r.allowance)}`, `moved ${moved}`);
  }
  if (used < r.minimum - EPS) {
    const moved = len(used, [r.minimum]);
    return both(moved, `she must move at least ${len(r.minimum)}`, `moved ${moved}`);
  }
  return null;
}

/** Why no path of her turns makes her heading: the result's `why` and the words after her name. */
function whyNoPath(r: MoveRules, before: Pose, now: Pose): { why: string; said: string } {
  if (r.step === undefined) {
    const turns = count(r.maxTurns, "turn");
    return {
      why: `where she stands needs more than ${turns} from where she stood — ${r.turnsWhy}`,
      said: `cannot reach where she stands with ${turns} — ${r.turnsWhy}`,
    };
  }
  const change = round(angleGap(now.heading, before.heading));
  const rule = `she turns in ${r.step}° steps, at most ${count(r.maxTurns, "turn")}`;
  return { why: `her heading changed ${change}° — ${rule}`, said: `turned ${change}° — ${rule}` };
}

/**
 * The straight line from before to now, when no path of the text's turns makes her heading; where the text leaves
 * the path free, with the turns onto that line and off it at the end (each as the smaller way round).
 */
function straight(before: Pose, now: Pose, free = false): MovePath {
  const d = distance(before, now);
  const course = d > EPS ? bearingTo(before, now) : before.heading;
  const turns = free ? [turnBetween(before.heading, course), turnBetween(course, now.heading)].filter((t) => Math.abs(t) > EPS) : [];
  return {
    distance: d,
    turns,
    path: free
      ? [before, { ...before, heading: normalizeBearing(course) }, { ...now, heading: normalizeBearing(course) }, now]
      : [before, { ...now, heading: normalizeBearing(now.heading) }],
    legs: [d],
    early: false,
    offMm: 0,
    offDegrees: 0,
  };
}

/**
 * Judges the move of the ship `action` names, from `table.before` to `table.ships`, against each outcome the action
 * may have (one when resolved; every one the dice may give when planned, judged against the most generous allowance).
 * ok(null) when the action is not a move or the ship lacks either position. A move beyond {@link MAX_MOVE_MM} is
 * refused naming her (a position typed wrong, a camera's lost reference).
 */
export function judgeMove<S extends TableState>(
  rs: MeasuringRuleSet,
  state: S,
  action: Action,
  table: TablePositions,
  outcomes: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Result<JudgedMove | null> {
  const spec = moveMeasureOf(rs, action);
  const id = movingShip(rs, action);
  if (!spec || id === null) return ok(null);
  const before = table.before?.[id];
  const now = table.ships[id];
  const ship = state.ships.find((s) => s.id === id);
  if (!before || !now || !ship) return ok(null);
  const name = ship.name ?? id;
  const straightMm = distance(before, now);
  if (straightMm > MAX_MOVE_MM)
    return fail(
      "input.invalid",
      `${name} would have moved ${round(straightMm / 1000, 100)} m in one move; no ship moves that far — check her position and where she stood.`,
      `table.before.${id}`,
    );
  const ctx = measureContext(rs, state, action, table);
  let rules: MoveRules | null = null;
  for (const o of outcomes) {
    const r = spec.rules(ctx, o);
    if (r && (!rules || r.allowance > rules.allowance)) rules = r;
  }
  if (!rules) return ok(null);
  const size = baseSizeOf(ship, rs.defaultBase);
  const own = now.uncertainty ?? table.uncertainty.mm;
  const found = spec.path
    ? spec.path(ctx, before, now)
    : shortestPath(before, now, {
        ...rules,
        base: size,
        slackMm: 2 * own,
        slackDegrees: Math.max(HEADING_SLACK_DEGREES, 2 * table.uncertainty.degrees),
        searchTurns: rules.maxTurns + 2,
      });
  const p = found ?? straight(before, now, rules.freePath);
  const turned = p.turns.reduce((s, t) => s + Math.abs(t), 0);
  const used = p.cost ?? p.distance + (rules.costPerDegree ?? 0) * turned;
  const illegal =
    found || rules.freePath
      ? whyIllegal({ ...rules, maxTurns: rules.freePath ? Number.POSITIVE_INFINITY : rules.maxTurns }, p, used)
      : whyNoPath(rules, before, now);
  const why = illegal?.why ?? null;
  const u = rules.unit;
  const short = why === null && rules.fullDistance && used < rules.allowance - 2 * own ? `; ${rules.fullDistance}` : "";
  const of = `${lengthWords(used, u, [rules.allowance / u.mm])} of her ${lengthWords(rules.allowance, u)}`;
  // an allowance counted otherwise (WS&IM's MP): the hexes and turns made, then what they used of it
  const made = rules.allowanceUnit
    ? `${count(p.distance, "hex").replace(/hexs$/, "hexes")}, ${turnWords(p.turns)}: ${of}`
    : `${of}, ${turnWords(p.turns)}`;
  // an illegal move is one sentence: what she did against the rule, each figure once ("Henry moved 7″ — her allowance
  // is 6″."); a reason of the text's own follows what she did ("Victory moved two hexes … — a turn straight after …")
  const words = illegal
    ? illegal.said.startsWith("—")
      ? `${name} moved ${made} ${illegal.said}.`
      : `${name} ${rules.allowanceUnit ? illegal.said.replace(/^moved /, "used ") : illegal.said}.`
    : `${name} moved ${made}${short}`;
  const end: Base = baseOf(now, size);
  const touching = spec.contacts?.(ctx, { ship: id, end, path: p.path, size }) ?? { contacts: [], followUps: [] };
  const move: Move = {
    ship: id,
    distance: inUnit(rules.allowanceUnit ? p.distance * u.mm : used, u),
    unit: u.name,
    turns: p.turns.map((t) => round(t)),
    path: p.path.map((q) => ({ x: round(q.x), y: round(q.y), heading: round(normalizeBearing(q.heading)) })),
    allowance: inUnit(rules.allowance, u),
    ...(rules.allowanceUnit ? { allowanceUnit: rules.allowanceUnit } : {}),
    legal: why === null,
    ...(why ? { why } : {}),
    contacts: touching.contacts,
    words,
  };
  return ok({ move, followUps: touching.followUps });
}

/**
 * Where the ship may end this move (`reach` of /api/state): pieces in table mm whose union is the area (src/geometry/reach.ts,
 * or the rule set's own where its geometry is its own: hexes); null without rules or a position.
 */
export function reachOf<S extends TableState>(
  rs: MeasuringRuleSet,
  state: S,
  action: Action,
  table: TablePositions,
  outcome: Readonly<Record<string, unknown>>,
): { ship: string; polygons: ReachPieces } | null {
  const spec = moveMeasureOf(rs, action);
  const id = movingShip(rs, action);
  if (!spec || id === null) return null;
  const ship = state.ships.find((s) => s.id === id);
  const start = table.before?.[id] ?? table.ships[id];
  if (!ship || !start) return null;
  const ctx = measureContext(rs, state, action, table);
  const rules = spec.rules(ctx, outcome);
  if (!rules) return null;
  const polygons = spec.reach ? spec.reach(ctx, start, rules) : reachPieces(start, { ...rules, base: baseSizeOf(ship, rs.defaultBase) });
  return polygons ? { ship: id, polygons } : null;
}
