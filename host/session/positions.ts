/**
 * Ship positions at the table: each ship's latest sighting (`ship.seen` from a camera or the emulated table) kept in
 * the session's working state with when it was seen, and whether it still holds — a camera's sighting holds a few
 * seconds unless seen again, a model placed on the emulated table until it is moved. What is measured from positions
 * takes only those that hold; a stale or missing one is named, so the table can ask for the figure instead.
 */
import type { ShipSeen } from "../../devices/readings.ts";
import { angleGap, distance } from "../../src/geometry/vec.ts";
import type { ShipPosition } from "../store/records.ts";

export type { ShipPosition } from "../store/records.ts";

export type Positions = Readonly<Record<string, ShipPosition>>;

/** Moves smaller than these are the same position (a camera's jitter): kept in memory, not saved or pushed. */
const SAME_MM = 0.5;
const SAME_DEG = 0.5;

/** Whether a sighting still holds at `now`. */
export const holds = (p: ShipPosition, now: number): boolean => p.holdsFor === undefined || now - p.at <= p.holdsFor;

/**
 * The positions after a sighting, and whether the change is worth saving and showing (a ship moved or turned, was not
 * known, or its last sighting no longer held). Null for a ship not in the game (a camera sees every marker).
 */
export function sighted(
  positions: Positions | undefined,
  r: ShipSeen,
  shipIds: readonly string[],
): { positions: Positions; changed: boolean } | null {
  if (!shipIds.includes(r.ship)) return null;
  const before = positions?.[r.ship];
  const next: ShipPosition = {
    x: r.x,
    y: r.y,
    heading: r.heading,
    uncertainty: r.uncertainty,
    at: r.at,
    source: r.sourceId,
    ...(r.holdsFor !== undefined ? { holdsFor: r.holdsFor } : {}),
  };
  const changed =
    !before ||
    !holds(before, r.at) ||
    before.source !== next.source ||
    distance(before, next) >= SAME_MM ||
    angleGap(before.heading, next.heading) >= SAME_DEG ||
    Math.abs(before.uncertainty - next.uncertainty) >= SAME_MM;
  return { positions: { ...positions, [r.ship]: next }, changed };
}

/**
 * Why a sighting cannot be a ship's position on this table, naming her, or null: her centre off the playing area by
 * more than the sighting's own uncertainty (a camera's lost reference, a typo in a move). Such a sighting is not kept.
 */
export function offTable(r: ShipSeen, name: string, area: { readonly width: number; readonly height: number } | undefined): string | null {
  if (!area) return null;
  const slack = Math.max(0, r.uncertainty);
  if (r.x >= -slack && r.y >= -slack && r.x <= area.width + slack && r.y <= area.height + slack) return null;
  return `${name} was seen at (${Math.round(r.x)}, ${Math.round(r.y)}) mm, off the ${area.width} × ${area.height} mm table: that position is not kept.`;
}

/** Until when (epoch ms) every sighting that holds at `now` goes on holding; Infinity when none lapses by itself. */
export function heldUntil(positions: Positions | undefined, now: number): number {
  let until = Number.POSITIVE_INFINITY;
  for (const p of Object.values(positions ?? {})) if (p.holdsFor !== undefined && holds(p, now)) until = Math.min(until, p.at + p.holdsFor);
  return until;
}

/** Why a ship's position cannot be used now, in words, or null when it can. */
export function unusable(positions: Positions | undefined, ship: string, name: string, now: number): string | null {
  const p = positions?.[ship];
  if (!p) return `${name}'s position is not known`;
  if (!holds(p, now)) return `${name} was last seen ${Math.round((now - p.at) / 1000)} s ago`;
  return null;
}

/** The positions that hold at `now`, as docs/reference/request-result.md's `table.ships`. */
export function heldPositions(positions: Positions | undefined, now: number): Record<string, { x: number; y: number; heading: number }> {
  const out: Record<string, { x: number; y: number; heading: number }> = {};
  for (const [id, p] of Object.entries(positions ?? {})) if (holds(p, now)) out[id] = { x: p.x, y: p.y, heading: p.heading };
  return out;
}
