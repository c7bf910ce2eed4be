/**
 * Age of Sail's moves judged (issue 43). "The scale of movement of the ships is 1 cm = 1 unit of distance"; the
 * allowance is the Maximum speed action's `maxMove` (mast units × (wind speed ± point of sail), at least 1 cm);
 * "Ships may sail in any direction" — the path is free — but "All ships must use the 16 point turning circle below to
 * change direction (each point takes one unit of movement, i.e 1 cm)": every 22.5° turned costs 1 cm of the move
 * (read continuously: 11° costs 0.5 cm, as a model placed by hand or seen by the camera is never exactly on a point).
 * The path is the straight line (or one turn on the way, when that gets her there), with the turns onto and off it
 * paid. "Boarding a ship occurs when two ships contact each other": an enemy base touched where she ends is offered.
 */

import type { MeasureContext } from "../../game/measure.ts";
import { CM } from "../../game/measure-kit.ts";
import type { MoveAt, MoveContact, MoveMeasure, MoveRules } from "../../game/move-types.ts";
import { nearbyBase } from "../../game/moves/nearby-base.ts";
import type { FollowUp } from "../../game/types.ts";
import { basesWithin } from "../../geometry/contact.ts";
import { distance, type Point } from "../../geometry/vec.ts";
import { type AosState, afloat } from "./state.ts";

/** The Speed action's fields the move reads. */
type Speed = "ship" | "heading";
type Ctx = MeasureContext<AosState, Speed>;

/** The text gives no base size; a 1/1200 ship of the line on a 25 × 70 mm base (docs/rules/age-of-sail.md). */
export const AOS_BASE = { width: 25, length: 70 } as const;

/** "each point takes one unit of movement, i.e 1 cm": mm of the move per degree turned. */
export const MM_PER_DEGREE = 10 / 22.5;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

function rules(_ctx: Ctx, o: { readonly maxMove?: unknown }): MoveRules | null {
  const maxMove = num(o.maxMove);
  if (maxMove === null) return null;
  return {
    unit: { ...CM, name: "cm" },
    allowance: maxMove * 10,
    minimum: 0,
    maxTurns: 1,
    pivot: "centre",
    maxAngle: 180,
    firstAfter: 0,
    between: 0,
    costPerDegree: MM_PER_DEGREE,
    freePath: true,
    turnsWhy: "each point of the turning circle costs 1 cm",
  };
}

function contacts(ctx: Ctx, at: MoveAt): { contacts: MoveContact[]; followUps: FollowUp[] } {
  const me = ctx.state.ships.find((s) => s.id === at.ship);
  const found: MoveContact[] = [];
  const followUps: FollowUp[] = [];
  if (!me) return { contacts: found, followUps };
  const fromEnd = (p: Point) => distance(p, at.end.center);
  for (const other of ctx.state.ships) {
    if (other.id === me.id || other.side === me.side || !afloat(other)) continue;
    const near = nearbyBase(ctx, at, { id: other.id, size: other.base ?? AOS_BASE }, 0, fromEnd);
    if (!near || !basesWithin(at.end, near.base, near.touch)) continue;
    found.push({ ship: other.id, kind: "boarding" });
    followUps.push({
      kind: "roll",
      purpose: `${me.name} is in contact with ${other.name}: she may board`,
      action: { type: "board", attacker: me.id, defender: other.id },
    });
  }
  return { contacts: found, followUps };
}

/** The Maximum speed action's move (its `measure.move`). */
export const SPEED_MOVE: MoveMeasure<AosState, Speed> = { ship: "ship", rules, contacts };
