/**
 * 1666's moves measured from the hex cloth (issue 43). "Ships move hexes as indicated on the diagram"; a move is a
 * plot of F (one hex ahead), L and R (a hexside to port or starboard). With `table.before` and the table's `hexGrid`
 * (flat-topped: hexside 0 faces north), the `move` action's `plot` is measured: the plot of fewest hexes, then fewest
 * turns, that takes her from the hex and hexside she stood in to those she stands in, a turn preferably after a hex
 * ("may make a single hex facing change after moving into a hex"). The action then checks the plot as any plot —
 * point of sail, handling, damage, weather — and the move is judged against its `allowance` in hexes.
 */
import type { MeasureContext, Reading } from "../../game/measure.ts";
import { movedPoses } from "../../game/measure-kit.ts";
import type { MoveMeasure, MoveRules } from "../../game/move-types.ts";
import type { Pose } from "../../geometry/base.ts";
import { HEXSIDE_STEPS, type Hex, hexAt, hexCenter, hexCorners, hexDistance, hexKey } from "../../geometry/hex.ts";
import type { MovePath } from "../../geometry/move-path.ts";
import { normalizeBearing } from "../../geometry/vec.ts";
import { effectiveHandling } from "./damage.ts";
import type { AdState } from "./schema.ts";

/** The Move action's fields its move reads. */
type Move = "ship" | "plot";
type Ctx = MeasureContext<AdState, Move>;

/** The table grid's neighbour through each hexside (bearings 0, 60 … 300) of a flat-topped grid. */
const STEPS = HEXSIDE_STEPS;
/** Hexes looked round beyond the straight distance (a plot that turns away and back). */
const SPARE = 3;

const facingOf = (heading: number): number => Math.round(normalizeBearing(heading) / 60) % 6;

interface Found {
  readonly tokens: string[];
  readonly hexes: Hex[];
  readonly facings: number[];
}

/**
 * The cheapest plot from (hex, facing) to (hex, facing): cost 1000 a hex, 10 a turn, 1 for a turn not after a hex.
 * Uniform-cost search over hex × facing × "turned since the last hex", within the straight distance + SPARE hexes.
 */
export function plotBetween(from: Hex, fromFacing: number, to: Hex, toFacing: number): Found | null {
  const limit = hexDistance(from, to) + SPARE;
  type Node = { hex: Hex; f: number; turned: boolean; cost: number; tokens: string[]; hexes: Hex[]; facings: number[] };
  const seen = new Map<string, number>();
  const open: Node[] = [{ hex: from, f: fromFacing, turned: true, cost: 0, tokens: [], hexes: [from], facings: [fromFacing] }];
  while (open.length) {
    let i = 0;
    for (let k = 1; k < open.length; k++) if ((open[k] as Node).cost < (open[i] as Node).cost) i = k;
    const n = open.splice(i, 1)[0] as Node;
    if (n.hex.q === to.q && n.hex.r === to.r && n.f === toFacing) return { tokens: n.tokens, hexes: n.hexes, facings: n.facings };
    const key = `${n.hex.q},${n.hex.r},${n.f},${n.turned}`;
    if ((seen.get(key) ?? Number.POSITIVE_INFINITY) <= n.cost) continue;
    seen.set(key, n.cost);
    const [dq, dr] = STEPS[n.f] as readonly [number, number];
    const ahead = { q: n.hex.q + dq, r: n.hex.r + dr };
    if (hexDistance(from, ahead) <= limit && n.hexes.length <= limit + 1)
      open.push({
        ...n,
        hex: ahead,
        turned: false,
        cost: n.cost + 1000,
        tokens: [...n.tokens, "F"],
        hexes: [...n.hexes, ahead],
        facings: [...n.facings, n.f],
      });
    for (const [t, d] of [
      ["L", 5],
      ["R", 1],
    ] as const) {
      const f = (n.f + d) % 6;
      if (n.tokens.length > 3 * limit + 6) continue;
      open.push({
        ...n,
        f,
        turned: true,
        cost: n.cost + 10 + (n.turned ? 1 : 0),
        tokens: [...n.tokens, t],
        hexes: [...n.hexes, n.hex],
        facings: [...n.facings, f],
      });
    }
  }
  return null;
}

/** Her plot from `table.before` on the table's hex grid, or null (no grid, a pointy one, no positions). */
function measuredPlot(ctx: Ctx, before: Pose, now: Pose): (Found & { grid: NonNullable<Ctx["table"]["hexGrid"]> }) | null {
  const grid = ctx.table.hexGrid;
  if (grid?.orientation !== "flat") return null;
  const found = plotBetween(hexAt(grid, before).hex, facingOf(before.heading), hexAt(grid, now).hex, facingOf(now.heading));
  return found ? { ...found, grid } : null;
}

const poses = movedPoses;

/** `move.plot` measured from `table.before`. */
export function plotReading(ctx: Ctx): Reading | null {
  const p = poses(ctx);
  const found = p ? measuredPlot(ctx, p.before, p.now) : null;
  if (!found) return null;
  const plot = found.tokens.join(" ");
  const hexes = found.tokens.filter((t) => t === "F").length;
  return { value: plot, figure: `from where she stood: ${plot || "no move"} (${hexes} hex${hexes === 1 ? "" : "es"})` };
}

function path(ctx: Ctx, before: Pose, now: Pose): MovePath | null {
  const found = measuredPlot(ctx, before, now);
  if (!found) return null;
  const turns = found.tokens.filter((t) => t !== "F").map((t) => (t === "R" ? 60 : -60));
  const hexes = found.tokens.filter((t) => t === "F").length;
  const path = found.hexes.map((h, i) => ({ ...hexCenter(found.grid, h), heading: (found.facings[i] ?? 0) * 60 }));
  return { distance: hexes, turns, path, legs: [hexes], early: false, offMm: 0, offDegrees: 0 };
}

function rules(_ctx: Ctx, o: { readonly allowance?: unknown }): MoveRules | null {
  const allowance = typeof o.allowance === "number" ? o.allowance : null;
  if (allowance === null) return null;
  return {
    unit: { mm: 1, mark: " hexes", markOne: " hex", decimals: 0, name: "hex" },
    allowance,
    minimum: 0,
    maxTurns: Number.POSITIVE_INFINITY,
    pivot: "centre",
    step: 60,
    firstAfter: 0,
    between: 0,
    turnsWhy: "the plot's turns are checked by the move itself",
  };
}

/**
 * Where she may end this move on the hex cloth: every hex a plot of at most her allowance's hexes reaches, turning a
 * single hexside only after moving into a hex ("normally must make a move 1 hex straight forward first"), or before
 * any movement when she is handy ("Ships designated as handy (H) may make a turn … before any movement"), each hex a
 * piece. What the plot's point of sail allows is the action's to check: the reach is the hexes her allowance reaches.
 */
function reach(ctx: Ctx, start: Pose, r: MoveRules): Array<Array<[number, number]>> | null {
  const grid = ctx.table.hexGrid;
  if (grid?.orientation !== "flat") return null;
  const most = Math.max(0, Math.min(12, Math.floor(r.allowance)));
  const hexes = new Map<string, Hex>();
  const from = hexAt(grid, start).hex;
  hexes.set(hexKey(from), from);
  const seen = new Set<string>();
  const walk = (hex: Hex, f: number, turned: boolean, left: number) => {
    const key = `${hexKey(hex)},${f},${turned},${left}`;
    if (seen.has(key)) return;
    seen.add(key);
    hexes.set(hexKey(hex), hex);
    if (left > 0) {
      const [dq, dr] = STEPS[f] as readonly [number, number];
      walk({ q: hex.q + dq, r: hex.r + dr }, f, false, left - 1);
    }
    if (!turned) for (const d of [1, 5]) walk(hex, (f + d) % 6, true, left);
  };
  const ship = ctx.state.ships.find((s) => s.id === ctx.action.ship);
  const handy = ship ? effectiveHandling(ship, ship.stepsLost).handy : false;
  walk(from, facingOf(start.heading), !handy, most);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  // hexCorners runs anticlockwise, as every reach's pieces do
  return [...hexes.values()].map((h) => hexCorners(grid, h).map((p): [number, number] => [r1(p.x), r1(p.y)]));
}

/** The Move action's move (its `measure.move`). */
export const MOVE_MOVE: MoveMeasure<AdState, Move> = { ship: "ship", rules, path, reach };
