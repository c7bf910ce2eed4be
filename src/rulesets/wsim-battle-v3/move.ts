/**
 * WS&IM's moves measured on the table's hex grid (issue 43, docs/reference/request-result.md "Moves"). With
 * `table.before` and `hexGrid`, the plot of the move made is read back from where she stood and stands (move-hex.ts:
 * the plot keeping IV.1 if any does, then the fewest MP, then the fewest turns) and judged: "L and R cost 1 MP, a
 * forward number its hexes" (docs/rules), "A T plot costs 1 movement point (MP), not 2" and "does not count against the
 * turning allowance", "A ship has to move 1 forward after a turn, even if the turn is made in the previous game turn"
 * with its exceptions, and V's limits on the MP she may use this turn. Her ordered plot, when given, must take her
 * where she stands. Contact (a hex she enters that another ship stands in: V.5's collision, and the fouling question)
 * is move-contact.ts's.
 */
import { setting } from "../../game/action-kit.ts";
import type { MeasureContext, Reading } from "../../game/measure.ts";
import { movedPoses } from "../../game/measure-kit.ts";
import type { MoveAt, MoveContact, MoveMeasure, MoveRules } from "../../game/move-types.ts";
import type { FollowUp } from "../../game/types.ts";
import type { Pose } from "../../geometry/base.ts";
import { type HexGrid, hexDistance, sameHex } from "../../geometry/hex.ts";
import type { MovePath } from "../../geometry/move-path.ts";
import { momentumLimits, plotCost, tokenize } from "./momentum.ts";
import { collisionsOf } from "./move-contact.ts";
import { type HexPlot, type HexPose, hexPoseOf, type Order, plotBetween, plotText, poseOnGrid, walkPlot } from "./move-hex.ts";
import { plotEndOutline, reachOutline } from "./move-hex-reach.ts";
import type { Ship, WsimState } from "./state.ts";

/** The movement actions' fields a move reads (Movement plot's, and Movement's, which sails the plot). */
type Moving = "ship" | "plot" | "allowanceMP";
type Ctx = MeasureContext<WsimState, Moving>;

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven"];
const DEFAULT_LENGTH = 50;

/** What her move is judged with: the grid, her hex poses' reading, and IV.1 / the turning allowance. */
interface Her {
  readonly ship: Ship;
  readonly grid: HexGrid;
  readonly length: number;
  /** She turned at the end of last turn and owes a forward move before turning (IV.1). */
  readonly owesFirst: boolean;
  readonly maxTurns: number;
}

const HERS = new WeakMap<object, Her | null>();

function herOf(ctx: Ctx): Her | null {
  const known = HERS.get(ctx);
  if (known !== undefined) return known;
  const her = readHer(ctx);
  HERS.set(ctx, her);
  return her;
}

function readHer(ctx: Ctx): Her | null {
  const grid = ctx.table.hexGrid;
  const ship = ctx.state.ships.find((s) => s.id === ctx.action.ship);
  if (!grid || !ship) return null;
  const turns = ship.turningAllowance ?? (ship.class === 1 ? 1 : null);
  return {
    ship,
    grid,
    length: ctx.base(ship.id)?.length ?? DEFAULT_LENGTH,
    owesFirst: !momentumLimits(ship, ctx.state.settings, 0).mayTurnAtOnce,
    maxTurns: turns ?? Number.POSITIVE_INFINITY,
  };
}

/** What she may use this move: V's limits on the allowance given, or (sailing her plot) that plot's MP. */
interface Allowance {
  readonly allowance: number;
  readonly minimum: number;
  /** V.1's limit, when it is below the allowance given. */
  readonly accelerating: { readonly last: number; readonly accel: number } | null;
}

function allowanceOf(ctx: Ctx, her: Her): Allowance | null {
  const given = ctx.action.allowanceMP;
  if (typeof given === "number" && Number.isFinite(given)) {
    const v = momentumLimits(her.ship, ctx.state.settings, given);
    const accelerating = v.maximumMP < given && v.last !== null ? { last: v.last, accel: v.accel } : null;
    return { allowance: v.maximumMP, minimum: v.minimumMP, accelerating };
  }
  if (ctx.action.type !== "move" || her.ship.plot === null) return null;
  // her plot was checked as it was made: she sails all of it
  const tokens = tokenize(her.ship.plot);
  const mp = tokens ? plotCost(tokens, setting<number>(ctx.state.settings, "backingMP")) : her.ship.plotMP;
  return mp === null ? null : { allowance: mp, minimum: mp, accelerating: null };
}

const mpOf = (ctx: Ctx, her: Her): number => allowanceOf(ctx, her)?.allowance ?? Number.POSITIVE_INFINITY;

/** Her ordered plot as orders (D drifts before the move: `before` is after it), or null when it is no hex plot. */
function ordersOf(plot: unknown): Order[] | null {
  if (typeof plot !== "string" || /^W/i.test(plot)) return null;
  const tokens = tokenize(plot);
  if (!tokens) return null;
  return tokens.flatMap((t): Order[] => (t.kind === "F" ? Array<Order>(t.n).fill("F") : t.kind === "D" ? [] : [t.kind]));
}

const samePose = (a: HexPose, b: HexPose) => sameHex(a.bow, b.bow) && a.facing === b.facing;

/** Her plot from where she stood to where she stands: her order when it takes her there, else the one measured. */
interface Found {
  readonly plot: HexPlot;
  readonly from: HexPose;
  /** Her order, when it does not take her where she stands. */
  readonly missed: string | null;
}

const FOUND = new WeakMap<object, Found | null>();

/** Her order: the plot given, or (sailing it in the movement phase) the plot she made this turn. */
function orderOf(ctx: Ctx, her: Her): string | null {
  if (ctx.given("plot") && typeof ctx.action.plot === "string") return ctx.action.plot;
  return ctx.action.type === "move" ? her.ship.plot : null;
}

function found(ctx: Ctx, her: Her, before: Pose, now: Pose): Found | null {
  const known = FOUND.get(ctx);
  if (known !== undefined) return known;
  const from = hexPoseOf(her.grid, before, her.length);
  const to = hexPoseOf(her.grid, now, her.length);
  const order = orderOf(ctx, her);
  const given = ordersOf(order);
  const ordered = given ? walkPlot(from, given, her.owesFirst) : null;
  const end = ordered?.poses.at(-1);
  const plot = ordered && end && samePose(end, to) ? ordered : plotBetween(from, to, her.owesFirst, her.maxTurns, mpOf(ctx, her));
  const f = plot ? { plot, from, missed: given && plot !== ordered ? String(order).toUpperCase() : null } : null;
  FOUND.set(ctx, f);
  return f;
}

const posesOf = movedPoses;

/** `plot` measured from `table.before`: the plot of the move made. */
export function plotReading(ctx: Ctx): Reading | null {
  const p = posesOf(ctx);
  const her = p ? herOf(ctx) : null;
  const f = p && her ? found(ctx, her, p.before, p.now) : null;
  if (!f) return null;
  const plot = plotText(f.plot.orders);
  return { value: plot, figure: `from where she stood: ${plot || "no move"}` };
}

/** Why her path breaks IV.1, V.1 or misses her order, or undefined. */
function whyOf(her: Her, f: Found, cost: number, a: Allowance | null): string | undefined {
  if (f.missed !== null) {
    const measured = plotText(f.plot.orders);
    return `where she stands is the plot ${measured || "of no move"}, not her plot ${f.missed}`;
  }
  if (a?.accelerating && f.plot.early === 0 && cost > a.allowance) {
    const { last, accel } = a.accelerating;
    return `${cost} MP — "Ships of the Line may accelerate 1 MP per turn" (V.1): ${her.ship.name} may use ${a.allowance} MP after ${last} last turn (+${accel})`;
  }
  if (f.plot.early === 0) return undefined;
  const first = f.plot.orders.findIndex((o) => o === "L" || o === "R");
  const atOnce = her.owesFirst && f.plot.orders.slice(0, first).every((o) => o !== "F" && o !== "T");
  return atOnce
    ? 'a turn before her first hex — "A ship has to move 1 forward after a turn, even if the turn is made in the previous game turn" (IV.1)'
    : 'a turn straight after a turn — "A ship has to move 1 forward after a turn" (IV.1)';
}

function path(ctx: Ctx, before: Pose, now: Pose): MovePath | null {
  const her = herOf(ctx);
  if (!her) return null;
  const f = found(ctx, her, before, now);
  const backing = setting<number>(ctx.state.settings, "backingMP");
  if (!f) {
    // farther than any plot measured: the hexes between her bow hexes and her facing's change, each a turn
    const from = hexPoseOf(her.grid, before, her.length);
    const to = hexPoseOf(her.grid, now, her.length);
    const steps = (to.facing - from.facing + 6) % 6;
    const turns = steps === 0 ? [] : Array<number>(Math.min(steps, 6 - steps)).fill(steps <= 3 ? 60 : -60);
    const hexes = hexDistance(from.bow, to.bow);
    const ends = [poseOnGrid(her.grid, from), poseOnGrid(her.grid, to)];
    return { distance: hexes, turns, path: ends, legs: [hexes], early: false, offMm: 0, offDegrees: 0, cost: hexes + turns.length };
  }
  const turns: number[] = [];
  const legs: number[] = [];
  let leg = 0;
  let last = 0;
  let hexes = 0;
  let cost = 0;
  for (const o of f.plot.orders) {
    if (o === "F" || o === "T" || o === "B") hexes++;
    cost += o === "B" ? backing : 1;
    if (o === "F" || o === "T") leg++;
    if (o === "L" || o === "R" || o === "T") {
      const t = o === "T" ? -last : o === "R" ? 60 : -60;
      turns.push(t);
      legs.push(leg);
      leg = 0;
      last = o === "T" ? 0 : t;
    }
  }
  legs.push(leg);
  const why = whyOf(her, f, cost, allowanceOf(ctx, her));
  return {
    distance: hexes,
    turns,
    path: f.plot.poses.map((p) => poseOnGrid(her.grid, p)),
    legs,
    early: false,
    offMm: 0,
    offDegrees: 0,
    cost,
    freeTurns: f.plot.ts,
    ...(why ? { why } : {}),
  };
}

function rules(ctx: Ctx, _o: Readonly<Record<string, unknown>>): MoveRules | null {
  const her = herOf(ctx);
  const v = her ? allowanceOf(ctx, her) : null;
  if (!her || !v) return null;
  const t = her.maxTurns;
  return {
    unit: { mm: 1, mark: " MP", decimals: 0, name: "hex" },
    allowanceUnit: "MP",
    allowance: v.allowance,
    minimum: v.minimum,
    maxTurns: t,
    pivot: "centre",
    step: 60,
    firstAfter: her.owesFirst ? 1 : 0,
    between: 1,
    turnsWhy: `she may make ${WORDS[t] ?? t} (her turning allowance; a T does not count)`,
  };
}

function contacts(ctx: Ctx, at: MoveAt): { contacts: MoveContact[]; followUps: FollowUp[] } {
  const her = herOf(ctx);
  const p = posesOf(ctx);
  const f = her && p ? found(ctx, her, p.before, p.now) : null;
  if (!her || !f) return { contacts: [], followUps: [] };
  return collisionsOf(ctx, her.ship, her.grid, f.plot, at);
}

function reach(ctx: Ctx, start: Pose, r: MoveRules): Array<Array<[number, number]>> | null {
  const her = herOf(ctx);
  if (!her) return null;
  // sailing her plot (Movement), she may end only where it takes her
  const orders = ctx.action.type === "move" ? ordersOf(orderOf(ctx, her)) : null;
  const from = hexPoseOf(her.grid, start, her.length);
  const end = orders ? walkPlot(from, orders).poses.at(-1) : undefined;
  if (end) return [plotEndOutline(her.grid, end)];
  return [reachOutline(her.grid, from, her.owesFirst, r.allowance, r.maxTurns)];
}

/** The Movement plot's and Movement's move (their `measure.move`). */
export const PLOT_MOVE: MoveMeasure<WsimState, Moving> = { ship: "ship", rules, path, contacts, reach };
