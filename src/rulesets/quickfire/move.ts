/**
 * Quickfire's moves measured and judged (issue 43; text 2.0–2.2). "The distance moved should be measured from the
 * front edge of the ship" — the same as the centre's travel on a straight leg; "a ship turns by pivoting on its
 * centerpoint and then moving in the new direction … A ship may only turn once during each movement phase, and
 * turning ships do not pay any movement penalties"; the largest pivot is the speed box's (TURN_ANGLES). With
 * `table.before` the Move action's `distance`, `turn` and `turns` are measured from the path (one pivot on the centre
 * at the turning point that makes the shortest path; a person's values win), and the move is judged against her
 * available speed and last turn's two boxes (2.2). The text plays no collisions.
 */
import type { MeasureContext, Reading } from "../../game/measure.ts";
import { exactIn, INCHES, type LengthUnit, MILLIMETRES } from "../../game/measure-kit.ts";
import type { MoveMeasure, MoveRules } from "../../game/move-types.ts";
import { baseSizeOf } from "../../game/ship-base.ts";
import { type MovePath, shortestPath } from "../../geometry/move-path.ts";
import { distance, turnBetween } from "../../geometry/vec.ts";
import { scaleBands } from "./scales.ts";
import { availableSpeed, boxInUse, type QuickfireState } from "./ship.ts";
import { TURN_ANGLES } from "./turn-angles.ts";

/** The Move action's fields its move reads. */
type Move = "ship" | "distance" | "turn" | "turns";
type Ctx = MeasureContext<QuickfireState, Move>;

const unitOf = (state: QuickfireState): LengthUnit & { name: "mm" | "in" } =>
  scaleBands(state.settings).unit === "mm" ? { ...MILLIMETRES, name: "mm" } : { ...INCHES, name: "in" };

/** Her path from `table.before` to where she stands: one pivot of any angle on the centre (null without both). */
export function quickfirePath(ctx: Ctx): MovePath | null {
  const id = ctx.action.ship;
  if (typeof id !== "string") return null;
  const before = ctx.table.before?.[id];
  const now = ctx.table.ships[id];
  const ship = ctx.state.ships.find((s) => s.id === id);
  if (!before || !now || !ship) return null;
  const found = shortestPath(before, now, {
    pivot: "centre",
    maxAngle: 180,
    firstAfter: 0,
    between: 0,
    base: baseSizeOf(ship, { width: 20, length: 50 }),
    slackMm: 2 * (now.uncertainty ?? ctx.table.uncertainty.mm),
    slackDegrees: Math.max(5, 2 * ctx.table.uncertainty.degrees),
    maxTurns: 1,
    searchTurns: 1,
  });
  if (found) return found;
  // no single pivot gets her there (a sidestep): the straight line, read as the two pivots it needs
  const d = distance(before, now);
  return {
    distance: d,
    turns: [0, turnBetween(before.heading, now.heading)],
    path: [before, now],
    legs: [d],
    early: false,
    offMm: 0,
    offDegrees: 0,
  };
}

const distanceMoved = (ctx: Ctx): Reading | null => {
  const p = quickfirePath(ctx);
  if (!p) return null;
  const u = unitOf(ctx.state);
  return { value: exactIn(p.distance, u), figure: `moved ${exactIn(p.distance, u)}${u.mark} from where she stood` };
};
const pivot = (ctx: Ctx): Reading | null => {
  const p = quickfirePath(ctx);
  if (!p) return null;
  const turned = p.turns.at(-1) ?? 0;
  const t = Math.round(Math.abs(turned) * 10) / 10;
  return { value: t, figure: t === 0 ? "no pivot" : `pivoted ${t}° to ${turned > 0 ? "starboard" : "port"}` };
};
const pivots = (ctx: Ctx): Reading | null => {
  const p = quickfirePath(ctx);
  return p ? { value: p.turns.length, figure: `${p.turns.length} pivot${p.turns.length === 1 ? "" : "s"}` } : null;
};

/** Measured fields of the Move action from `table.before`. */
export const MOVE_FIELDS = { distance: distanceMoved, turn: pivot, turns: pivots };

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Her rules by the Move action's outcome (`available`, the box's `maxTurn`); when the action refused the move (an
 * outcome of nothing), her available speed and any pivot, so the move's `why` can still say what is wrong with it.
 */
function rules(ctx: Ctx, o: { readonly available?: unknown; readonly box?: unknown; readonly maxTurn?: unknown }): MoveRules | null {
  const ship = ctx.state.ships.find((s) => s.id === ctx.action.ship);
  if (!ship) return null;
  const u = unitOf(ctx.state);
  const available = num(o.available) ?? availableSpeed(ship);
  const measured = num(ctx.action.distance);
  const box = num(o.box) ?? (measured === null ? null : Math.max(0, boxInUse(ship, measured)) + 1);
  const maxAngle = num(o.maxTurn) ?? (box === null ? 180 : (TURN_ANGLES[box - 1] ?? 0));
  return {
    unit: u,
    allowance: available * u.mm,
    minimum: 0,
    maxTurns: 1,
    pivot: "centre",
    maxAngle,
    firstAfter: 0,
    between: 0,
    turnsWhy: "a ship may only turn once during each movement phase (2.1)",
    ...(box === null ? {} : { allowanceWhy: `speed box ${box}` }),
  };
}

/** The Move action's move (its `measure.move`). */
export const QUICKFIRE_MOVE: MoveMeasure<QuickfireState, Move> = { ship: "ship", rules };
