/**
 * Measurers rule sets share: a gap base to base in the text's unit with its band edges, a firing line to a beam,
 * ships within a radius, a bearing's arc. Each gives the reading, how it was measured, and a borderline note when
 * the reading lies within the positions' uncertainty of a threshold that matters to the rules.
 */
import type { Base, Pose } from "../geometry/base.ts";
import { baseGap } from "../geometry/distance.ts";
import { type Beam, type Crossing, firingLine, rayCrossesBase } from "../geometry/firing-line.ts";
import { add, degrees, distance, dot, MM_PER_INCH, scale, sub } from "../geometry/vec.ts";
import type { LengthUnit } from "./length-unit.ts";
import type { MeasureContext, Near, Reading, TableLine } from "./measure.ts";
import type { TablePositions } from "./table-positions.ts";
import type { TableState } from "./table-state.ts";

export type { LengthUnit } from "./length-unit.ts";

export const INCHES: LengthUnit = { mm: MM_PER_INCH, mark: "″", decimals: 2 };
export const CM: LengthUnit = { mm: 10, mark: " cm", decimals: 1 };
export const MILLIMETRES: LengthUnit = { mm: 1, mark: " mm", decimals: 0 };

/** A length in a unit, rounded to the unit's decimals: for the display only, never to decide a band. */
export const inUnit = (mm: number, unit: LengthUnit): number => {
  const k = 10 ** unit.decimals;
  return Math.round((mm / unit.mm) * k) / k;
};

/**
 * A length in a unit as the rules take it: unrounded (4.004″ is beyond a 4″ band edge, not on it). Only the
 * arithmetic's noise is taken off (to a millionth of the unit), so a gap of exactly 4″ stays 4″.
 */
export const exactIn = (mm: number, unit: LengthUnit): number => Math.round((mm / unit.mm) * 1e6) / 1e6;

/** A length with its mark: "3″", "1 hex", "2 hexes". */
export const shownLength = (value: number, unit: LengthUnit): string => `${value}${value === 1 ? (unit.markOne ?? unit.mark) : unit.mark}`;

/**
 * A length in mm as players read it: to the unit's decimals, with more (up to four) where rounding would put it on
 * the other side of one of `edges` than it lies ("4.004″", not "4″", for a gap just beyond the 4″ edge).
 */
export function lengthWords(mm: number, unit: LengthUnit, edges: readonly number[] = []): string {
  const exact = exactIn(mm, unit);
  for (let d = unit.decimals; d <= unit.decimals + 4; d++) {
    const k = 10 ** d;
    const r = Math.round(exact * k) / k;
    if (edges.every((e) => r <= e === exact <= e)) return shownLength(r, unit);
  }
  return shownLength(exact, unit);
}

/** Whether a margin (mm, or degrees) lies within the uncertainty of its threshold: never when the positions are exact. */
export const isNear = (margin: number, slack: number): boolean => slack > 0 && Math.abs(margin) <= slack;

/**
 * The nearest band edge (in the unit) within `slack` mm of a length in mm, as a borderline note whose other reading
 * is the length just across that edge.
 */
export function nearEdge(mm: number, edges: readonly number[], unit: LengthUnit, slack: number): Near | undefined {
  const step = 1 / 10 ** unit.decimals;
  for (const e of edges) {
    const edgeMm = e * unit.mm;
    if (isNear(mm - edgeMm, slack)) {
      const other = mm <= edgeMm ? Math.round((e + step) * 10 ** unit.decimals) / 10 ** unit.decimals : e;
      return { edge: `the ${shownLength(e, unit)} edge`, other };
    }
  }
  return undefined;
}

/** Both bases of two ships named by action fields, or null when either has no position. */
export function pairOf<K extends string>(
  ctx: MeasureContext<TableState, K>,
  a: NoInfer<K>,
  b: NoInfer<K>,
): { from: Base; to: Base } | null {
  const from = ctx.base(ctx.action[a]);
  const to = ctx.base(ctx.action[b]);
  return from && to ? { from, to } : null;
}

/**
 * A measure between the ships of two action fields (firer and target, attacker and defender), given both their
 * bases: a field's reading or a check, null while either ship has no position. `ctx`'s type names the action's fields.
 */
export const betweenShips =
  <S extends TableState, K extends string, R>(
    first: NoInfer<K>,
    second: NoInfer<K>,
    measure: (ctx: MeasureContext<S, K>, from: Base, to: Base) => R | null,
  ) =>
  (ctx: MeasureContext<S, K>): R | null => {
    const p = pairOf(ctx, first, second);
    return p ? measure(ctx, p.from, p.to) : null;
  };

/**
 * A length in mm as a field's reading in a unit: unrounded for the rules, in words to the unit's decimals with `how`
 * it was measured ("4.004″ base to base"), borderline when within `slack` mm of one of the band `edges`.
 */
export function lengthReading(mm: number, unit: LengthUnit, edges: readonly number[], slack: number, how: string): Reading {
  const near = nearEdge(mm, edges, unit, slack);
  return { value: exactIn(mm, unit), figure: `${lengthWords(mm, unit, edges)} ${how}`, ...(near ? { borderline: near } : {}) };
}

/** The range base to base between two ships named by action fields, in a unit, with its band edges. */
export function gapReading<K extends string>(
  ctx: MeasureContext<TableState, K>,
  a: NoInfer<K>,
  b: NoInfer<K>,
  unit: LengthUnit,
  edges: readonly number[],
): Reading | null {
  const p = pairOf(ctx, a, b);
  if (!p) return null;
  return lengthReading(baseGap(p.from, p.to).distance, unit, edges, ctx.slack([ctx.action[a], ctx.action[b]]), "base to base");
}

/**
 * The range centre to centre between two ships by id, in a unit, with its band edges: Quickfire's "forward funnel to
 * forward funnel" (the funnel taken at the base's centre), firer to target or to each of a torpedo's targets.
 */
export function centresApart(ctx: MeasureContext, idA: unknown, idB: unknown, unit: LengthUnit, edges: readonly number[]): Reading | null {
  const from = ctx.base(idA);
  const to = ctx.base(idB);
  if (!from || !to) return null;
  return lengthReading(distance(from.center, to.center), unit, edges, ctx.slack([idA, idB], 0), "centre to centre");
}

/** The firing line to each beam and whether it crosses the target's base; the beam that crosses, if one does. */
export function beamCrossing(firer: Base, target: Base): { beam: Beam | null; port: Crossing; starboard: Crossing } {
  const port = rayCrossesBase(firingLine(firer, "port"), target);
  const starboard = rayCrossesBase(firingLine(firer, "starboard"), target);
  return { beam: starboard.crosses ? "starboard" : port.crosses ? "port" : null, port, starboard };
}

/** mm the firing line may be off by at the target: both positions, and the firer's heading swung out to the target. */
export function lineSlack(ctx: MeasureContext, firerId: unknown, targetId: unknown, reach: number): number {
  return ctx.slack([firerId, targetId], 0) + ctx.swing(reach);
}

/** The line of fire centre to centre (funnel to funnel; hex to hex), between the ships of two action fields. */
export const centreLine =
  <K extends string>(a: K, b: K) =>
  (ctx: MeasureContext<TableState, K>): TableLine | null => {
    const p = pairOf(ctx, a, b);
    return p ? { from: p.from.center, to: p.to.center } : null;
  };

/**
 * The line of fire "at 90° to port or starboard" along the beam in the action's `beamField` (given or measured), as
 * far as the target lies along it (at least 50 mm); centre to centre while no beam is known.
 */
export const beamLine =
  <K extends string>(firerField: K, targetField: K, beamField: K) =>
  (ctx: MeasureContext<TableState, K>): TableLine | null => {
    const p = pairOf(ctx, firerField, targetField);
    const beam: unknown = ctx.action[beamField];
    if (!p) return null;
    if (beam !== "port" && beam !== "starboard") return { from: p.from.center, to: p.to.center };
    const ray = firingLine(p.from, beam);
    const reach = Math.max(50, dot(sub(p.to.center, ray.origin), ray.direction));
    return { from: ray.origin, to: add(ray.origin, scale(ray.direction, reach)) };
  };

/** A ship's name by id (the id itself for an unknown one), for the sentences of readings and refusals. */
export const nameOf = (ctx: MeasureContext, id: unknown): string => ctx.state.ships.find((s) => s.id === id)?.name ?? String(id);

/**
 * Degrees a bearing between two ships' centres may be off by: the table's heading uncertainty, and both positions'
 * uncertainty seen across the gap between them (180° when they stand on one point).
 */
export function bearingSlack(ctx: MeasureContext, from: unknown, to: unknown): number {
  const a = ctx.base(from);
  const b = ctx.base(to);
  const gap = a && b ? distance(a.center, b.center) : 0;
  const mm = ctx.slack([from, to], 0);
  return ctx.table.uncertainty.degrees + (gap > 0 ? degrees(Math.atan2(mm, gap)) : 180);
}

/**
 * Where the action's ship stood when her move began (`table.before`) and where she stands now, or null without both:
 * what every rule set's move is measured from.
 */
export function movedPoses(ctx: {
  readonly action: { readonly ship?: unknown };
  readonly table: TablePositions;
}): { before: Pose; now: Pose } | null {
  const id = ctx.action.ship;
  if (typeof id !== "string") return null;
  const before = ctx.table.before?.[id];
  const now = ctx.table.ships[id];
  return before && now ? { before, now } : null;
}
