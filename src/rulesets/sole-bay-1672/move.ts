/**
 * Sole Bay's moves judged (issue 43; the text's "Movement", "Turning", "Collisions" and "Boarding"). Distance is the
 * centre's travel along the path in inches; the allowance is the movement action's (speed table, full sail, the
 * windward edge, strategic doubling); "Turning is in 45 degree increments using the template. All ships must move 2"
 * (or 4" Strategic) between turns. Turns are made from the stern corner." — one turn is one 45° use of the template,
 * pivoting on the stern corner on the turn's side, and the first turn comes "After its minimum movement" (2″, 4″
 * strategic); "Slow ships may only make 1 turn a move. Medium ships may make up to 2 turns a move."; a fired
 * fireship "will then sail in a straight line". Contacts: "Collisions occur when movement brings two ships into
 * contact without a boarding action being initiated" (any ship the moving base touches on its way or where it ends);
 * "Boarding may occur when a ship ends movement within half an inch of the side edge of an enemy ship's base".
 */

import type { MeasureContext } from "../../game/measure.ts";
import { INCHES } from "../../game/measure-kit.ts";
import type { MoveAt, MoveContact, MoveMeasure, MoveRules } from "../../game/move-types.ts";
import { nearbyBase } from "../../game/moves/nearby-base.ts";
import type { FollowUp } from "../../game/types.ts";
import { distanceToPath, pathTouches, sideEdgeGap } from "../../geometry/contact.ts";
import { MM_PER_INCH, type Point } from "../../geometry/vec.ts";
import { isFired } from "./lookup.ts";
import { afloat, type SoleBayState } from "./state.ts";
import { TURNS_PER_MOVE } from "./tables.ts";

/** The Movement action's fields the move reads. */
type Movement = "ship" | "strategic" | "anchoredOrAground" | "following";
type Ctx = MeasureContext<SoleBayState, Movement>;

/** "within half an inch of the side edge". */
export const BOARDING_REACH_MM = 0.5 * MM_PER_INCH;
/** The text gives no base size; a 1/1200 ship of the line on a 25 × 60 mm base (docs/rules/sole-bay-1672.md). */
export const SOLE_BAY_BASE = { width: 25, length: 60 } as const;
/** The template's step. */
export const TURN_STEP = 45;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const IN = { ...INCHES, name: "in" as const };

/** The fields of the movement action's outcome her move is judged by. */
type MovementOutcome = {
  readonly allowance?: unknown;
  readonly minimum?: unknown;
  readonly inchesBetweenTurns?: unknown;
  readonly turns?: unknown;
  readonly following?: unknown;
};

function rules(ctx: Ctx, o: MovementOutcome): MoveRules | null {
  const ship = ctx.state.ships.find((s) => s.id === ctx.action.ship);
  const allowance = num(o.allowance);
  if (!ship || allowance === null) return null;
  const minimum = num(o.minimum) ?? 0;
  const between = num(o.inchesBetweenTurns) ?? 2;
  const turns = num(o.turns) ?? 0;
  const fired = isFired(ctx.state, ship);
  const anchored = ctx.action.anchoredOrAground === true;
  const turnsWhy = anchored
    ? "at anchor or aground she holds her place"
    : fired
      ? "a fired fireship sails in a straight line"
      : turns < TURNS_PER_MOVE[ship.speed]
        ? `she may make ${turns === 0 ? "none" : turns} this move`
        : ship.speed === "slow"
          ? "a slow ship may make one"
          : "a medium ship may make two";
  const following = typeof o.following === "string";
  return {
    unit: IN,
    allowance: allowance * MM_PER_INCH,
    minimum: minimum * MM_PER_INCH,
    maxTurns: turns,
    pivot: "stern-corner",
    step: TURN_STEP,
    firstAfter: minimum * MM_PER_INCH,
    between: between * MM_PER_INCH,
    turnsWhy,
    ...(following || anchored
      ? {}
      : { fullDistance: "short of her full move (ships move their full distance unless backing sail or following a slower ship)" }),
  };
}

function contacts(ctx: Ctx, at: MoveAt): { contacts: MoveContact[]; followUps: FollowUp[] } {
  const me = ctx.state.ships.find((s) => s.id === at.ship);
  const found: MoveContact[] = [];
  const followUps: FollowUp[] = [];
  if (!me) return { contacts: found, followUps };
  const alongPath = (p: Point) => distanceToPath(at.path, p);
  for (const other of ctx.state.ships) {
    if (other.id === me.id || !afloat(ctx.state, other)) continue;
    const near = nearbyBase(ctx, at, { id: other.id, size: other.base ?? SOLE_BAY_BASE }, BOARDING_REACH_MM, alongPath);
    if (!near) continue;
    const { base: b, touch } = near;
    const enemy = other.side !== me.side;
    const boarding = enemy && sideEdgeGap(at.end, b) <= BOARDING_REACH_MM;
    if (pathTouches(at.path, at.size, b, touch)) {
      found.push({ ship: other.id, kind: "collision" });
      followUps.push({
        kind: "roll",
        purpose: `${me.name} and ${other.name} collide${boarding ? " (unless she boards)" : ""}: the moving player rolls 1D6 + crew`,
        action: { type: "collision", mover: me.id, other: other.id },
      });
    }
    if (boarding) {
      found.push({ ship: other.id, kind: "boarding" });
      followUps.push({
        kind: "roll",
        purpose: `${me.name} ended within half an inch of ${other.name}'s side: she may board (1D6 + crew to grapple)`,
        action: { type: "grapple", attacker: me.id, defender: other.id },
      });
    }
  }
  return { contacts: found, followUps };
}

/** The Movement action's move (its `measure.move`). */
export const MOVEMENT_MOVE: MoveMeasure<SoleBayState, Movement> = { ship: "ship", rules, contacts };
