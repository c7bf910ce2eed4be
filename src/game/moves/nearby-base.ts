/**
 * The contact search's first cut, shared by the moves that look for bases touched (Age of Sail's boarding, Sole Bay's
 * collisions and boarding): most ships on a table are far from the one that moved, and are passed over before their
 * base is built or any touch is measured.
 */
import type { Base, BaseSize } from "../../geometry/base.ts";
import { halfDiagonal } from "../../geometry/contact.ts";
import type { Point } from "../../geometry/vec.ts";
import type { MeasureContext } from "../measure-context.ts";
import type { MoveAt } from "../move-types.ts";

/** Another ship's base that may be in contact, and the slack (mm) a touch between the two may be read with. */
export interface NearbyBase {
  readonly base: Base;
  readonly touch: number;
}

/**
 * Ship `other`'s base when it may come within `reach` mm of the moved base (plus the reading's slack), else null.
 * `away` is how far a point lies from where the move is judged (her end's centre, or her whole path). She is passed
 * over first from her position alone, with the most a touch can be (both half diagonals — hers of `otherSize` — the
 * reach and both positions' uncertainties), then from her base's centre with the pair's slack; no position, no base.
 */
export function nearbyBase(
  ctx: MeasureContext,
  at: MoveAt,
  other: { readonly id: string; readonly size: BaseSize },
  reach: number,
  away: (p: Point) => number,
): NearbyBase | null {
  const mine = halfDiagonal(at.size);
  const own = (id: string) => ctx.table.ships[id]?.uncertainty ?? ctx.table.uncertainty.mm;
  const pose = ctx.table.ships[other.id];
  if (!pose || away(pose) > mine + halfDiagonal(other.size) + reach + own(at.ship) + own(other.id)) return null;
  const base = ctx.base(other.id);
  if (!base) return null;
  const touch = ctx.slack([at.ship, other.id], 0);
  return away(base.center) > mine + halfDiagonal(base) + Math.max(touch, reach) ? null : { base, touch };
}
