/**
 * WS&IM's collisions found from a move on the hex grid (issue 43): a hex her plot enters that another ship stands in
 * is a collision ("a collision would occur", V.5), prompted with both ships named, and whether they are fouled is
 * asked (the base game's roll) — except "If a ship plots a turn which results in a movement of its stern in a hex
 * where a collision would occur, and its next plotted movement factor … would resolve this collision, the turn is
 * allowed, and no collision occurs."
 */
import type { MeasureContext } from "../../game/measure.ts";
import type { MoveAt, MoveContact } from "../../game/move-types.ts";
import type { FollowUp } from "../../game/types.ts";
import type { Pose } from "../../geometry/base.ts";
import { type Hex, type HexGrid, sameHex, shipHexes } from "../../geometry/hex.ts";
import { type HexPlot, type HexPose, sternOf } from "./move-hex.ts";
import type { Ship, WsimState } from "./state.ts";

type Ctx = MeasureContext<WsimState, "ship" | "plot" | "allowanceMP">;

/** The hexes a ship stands in, from where she stands on the grid, or null; none for a ship far from `near` (mm). */
function hexesNear(ctx: Ctx, grid: HexGrid, id: string, near: readonly Pose[], reach: number): Hex[] | null {
  const p = ctx.table.ships[id];
  if (!p) return null;
  let close = false;
  for (const q of near) if (Math.abs(q.x - p.x) < reach && Math.abs(q.y - p.y) < reach) close = true;
  const b = close ? ctx.base(id) : null;
  if (!b) return null;
  const h = shipHexes(grid, b);
  return [h.bow, h.stern];
}

/** Whether a hex is one of `hexes`. */
const among = (hexes: readonly Hex[], h: Hex): boolean => sameHex(hexes[0] as Hex, h) || sameHex(hexes[1] as Hex, h);

/**
 * Whether her plot takes her into a hex of `theirs`; V.5: not by a turn that swings only her stern into it when her
 * next order takes her clear.
 */
function runsInto(plot: HexPlot, theirs: readonly Hex[]): boolean {
  const poses = plot.poses;
  for (let i = 1; i < poses.length; i++) {
    const pose = poses[i] as HexPose;
    const bow = among(theirs, pose.bow);
    if (!bow && !among(theirs, sternOf(pose))) continue;
    const order = plot.orders[i - 1];
    const next = poses[i + 1];
    const cleared = next !== undefined && !among(theirs, next.bow) && !among(theirs, sternOf(next));
    if (!(order === "L" || order === "R") || bow || !cleared) return true;
  }
  return false;
}

/**
 * The collisions of her plot, `plot` (walked from where she stood), with the ships standing near her path: each a
 * contact, a collision roll naming both ships and the fouling question.
 */
export function collisionsOf(
  ctx: Ctx,
  ship: Ship,
  grid: HexGrid,
  plot: HexPlot,
  at: MoveAt,
): { contacts: MoveContact[]; followUps: FollowUp[] } {
  const out = { contacts: [] as MoveContact[], followUps: [] as FollowUp[] };
  // a ship whose centre lies farther than two hexes and a half from each of her poses cannot share a hex with her
  const reach = 2.5 * grid.size;
  for (const other of ctx.state.ships) {
    if (other.id === at.ship || other.sunk) continue;
    const theirs = hexesNear(ctx, grid, other.id, at.path, reach);
    const collides = theirs !== null && runsInto(plot, theirs);
    if (!collides) continue;
    const me = ship.name;
    out.contacts.push({ ship: other.id, kind: "collision" });
    out.followUps.push(
      {
        kind: "roll",
        purpose: `${me} ran into ${other.name}'s hex: a collision (it counts for both ships' momentum next turn, V.3)`,
        action: { type: "collision", ship: at.ship, other: other.id },
      },
      {
        kind: "choose",
        purpose: `${me} and ${other.name} collided: are they fouled? (the base game's fouling roll, at the table)`,
        action: { type: "grapple", ship: at.ship, other: other.id, grappled: null },
        choice: {
          field: "grappled",
          options: [
            { value: true, label: "Fouled" },
            { value: false, label: "Not fouled" },
          ],
          min: 1,
          max: 1,
        },
      },
    );
  }
  return out;
}
