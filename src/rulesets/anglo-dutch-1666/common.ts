/**
 * Shared plumbing of the anglo-dutch-1666 actions: the handler shape, ship normalisation, events as patches
 * (so `applyEvent` is a plain fold) and the damage path every hull-point loss goes through.
 */
import { actingShip, defineAction, roll } from "../../game/action-kit.ts";
import type { Action, FollowUp, GameEvent } from "../../game/types.ts";
import { fail, ok, type Result } from "../../result.ts";
import { stepCount, stepsLostAt } from "./damage.ts";
import type { AdState, Ship, ShipIn } from "./schema.ts";
import { type AdSettings, settingsOf } from "./settings.ts";

/**
 * Defines an anglo-dutch-1666 action: the kernel's one action shape over this rule set's state. Every action is
 * written inline with it, so each function's `action` has the type its schema gives (docs/rules/writing-actions.md).
 */
export const adAction = defineAction<AdState>();

export const cfg = (state: AdState): AdSettings => settingsOf(state.settings);

/** Derived fields from damage: steps lost, sinking ("When reduced to 0 hull points the ship is considered to be sinking"). */
export function normalize(ship: ShipIn): Ship {
  const damage = Math.min(ship.damage, ship.hullPoints);
  return {
    ...ship,
    name: ship.name ?? ship.id,
    // a ship listed in no squadron is in her side's ("Ships are divided into “squadrons” … each with a flagship"):
    // never one squadron of both fleets, which would roll one initiative die for both sides
    squadron: ship.squadron === "" ? ship.side : ship.squadron,
    damage,
    flagOfficer: ship.flagOfficer ?? (ship.flagship ? "present" : "none"),
    stepsLost: stepsLostAt(ship.hullPoints, ship.guns, damage),
    sinking: damage >= ship.hullPoints && !ship.captured,
  };
}

/** A ship that can no longer act: sinking, captured or exploded. */
export const isOut = (s: Ship): boolean => s.sinking || s.captured || s.exploded;

/** Why a ship that is out can take no action, or null. */
const cannotAct = (s: Ship): string | null =>
  isOut(s) ? `${s.name} ${s.exploded ? "has exploded" : s.captured ? "has been captured" : "is sinking"} and can take no action.` : null;

/** The ship an action field names, assumed checked by the action's `prepare` ({@link checkShips}). */
export function ship(state: AdState, id: string): Ship {
  const s = state.ships.find((x) => x.id === id);
  if (!s) throw new Error(`unchecked ship ${id}`); // prepare guarantees it; a throw here is a programming error
  return s;
}

/** Checks that every named field names a ship, and that ships in `active` can act. */
export function checkShips<A extends Action, F extends keyof A & string>(
  state: AdState,
  action: A,
  fields: readonly F[],
  active: readonly F[] = fields,
): Result<A> {
  for (const f of fields) {
    const s = actingShip(state.ships, action[f], f, active.includes(f) ? cannotAct : undefined);
    if (!s.ok) return s;
  }
  for (let i = 0; i < fields.length; i++)
    for (let j = i + 1; j < fields.length; j++)
      if (action[fields[i] as F] === action[fields[j] as F])
        return fail("rules.illegal", `${fields[i]} and ${fields[j]} must be different ships.`, `action.${fields[j]}`);
  return ok(action);
}

/** A ship event: `set` is folded into the ship by `applyEvent`. */
export const shipEvent = (type: string, shipId: string, set: Partial<ShipIn>, extra: Record<string, unknown> = {}): GameEvent => ({
  type,
  ship: shipId,
  ...extra,
  set,
});

/**
 * Hull points lost by a ship (fire, boarding, burning, a fire ship's own loss): the damage event, one critical
 * check per step crossed ("At each … step … lost the ship … must check for critical hits"), sinking at 0, or
 * capture when `capture` (boarding: "A ship is captured if its hull points reach 0").
 */
export function loseHull(
  s: Ship,
  points: number,
  cause: string,
  opts: { capture?: boolean; capturedBy?: string } = {},
): { events: GameEvent[]; followUps: FollowUp[]; lost: number; stepsCrossed: number; sinking: boolean; captured: boolean } {
  const lost = Math.max(0, Math.min(points, s.hullPoints - s.damage));
  const after = s.damage + lost;
  const stepsCrossed = stepsLostAt(s.hullPoints, s.guns, after) - s.stepsLost;
  const zero = after >= s.hullPoints;
  const captured = zero && opts.capture === true;
  const set: Partial<ShipIn> = { damage: after };
  if (captured) Object.assign(set, { captured: true, prize: true, grappledWith: null, grappleKind: null, onFire: false });
  const events: GameEvent[] =
    lost > 0 ? [shipEvent("hull-lost", s.id, set, { points: lost, cause, ...(captured ? { capturedBy: opts.capturedBy } : {}) })] : [];
  if (zero && !captured && lost > 0) events.push(...releaseGrapple(s)); // a sinking ship lets go
  const followUps: FollowUp[] = [];
  const n = stepCount(s.guns);
  if (!zero) {
    for (let k = 0; k < stepsCrossed; k++) {
      followUps.push(
        roll(`${s.name} lost a step (${s.stepsLost + k + 1} of ${n}): check for a critical hit (2 average dice).`, {
          type: "critical",
          ship: s.id,
        }),
      );
    }
  }
  return { events, followUps, lost, stepsCrossed, sinking: zero && !captured, captured };
}

/** A lost ship lets go: both she and the ship she held are free. */
export function releaseGrapple(s: Ship): GameEvent[] {
  if (s.grappledWith === null) return [];
  const free = { grappledWith: null, grappleKind: null, lostBoardingRound: false, wonBoardingRound: false };
  return [shipEvent("separated", s.id, free, { cause: "lost" }), shipEvent("separated", s.grappledWith, free, { cause: "lost" })];
}

/** A rules.illegal error when the game has ended (a gale). */
export function checkNotEnded<A extends Action>(state: AdState, action: A): Result<A> {
  if (state.game.ended) return fail("rules.illegal", `The game has ended (${state.game.endReason ?? "ended"}).`, "action.type");
  return ok(action);
}

/** The game goes on ({@link checkNotEnded}) and every named field names a ship, those in `active` able to act ({@link checkShips}). */
export function checkPlay<A extends Action, F extends keyof A & string>(
  state: AdState,
  action: A,
  fields: readonly F[],
  active: readonly F[] = fields,
): Result<A> {
  const going = checkNotEnded(state, action);
  return going.ok ? checkShips(state, action, fields, active) : going;
}

/** Dutch "win draws and move second"; British lose two fire steps in strong winds. */
export const isDutch = (s: Pick<Ship, "nation">): boolean => s.nation.toLowerCase() === "dutch";
export const isBritish = (s: Pick<Ship, "nation">): boolean => ["english", "british", "scottish"].includes(s.nation.toLowerCase());
