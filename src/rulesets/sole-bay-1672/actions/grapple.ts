/**
 * Sole Bay "Boarding", the contact: the grapple roll (1D6 + crew: 0-2 failed, 3-7 grappled) of a ship against an
 * enemy.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { flagChance, nameOf, roll } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import type { FollowUp } from "../../../game/types.ts";
import { flagHeadline } from "../../../odds/headline.ts";
import { ok } from "../../../result.ts";
import type { SoleBayEvent } from "../events.ts";
import { illegal, isFired, shipAt, soleBayAction } from "../lookup.ts";
import { GRAPPLE_MEASURES } from "../measures.ts";
import { modifiedRoll } from "../outcome-facts.ts";
import { crewModifier, type SoleBayShip } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { GRAPPLE_SUCCESS } from "../tables.ts";
import { retireChoice } from "./flag-officer.ts";

/** The two ships of a boarding, as an action of `type`. */
export const pair = <T extends string>(type: T) =>
  actionSchema(type, { attacker: shipField("Boarding ship"), defender: shipField("Ship boarded") });

/** Whether grapple `g` holds `x` and `y`, either way round. */
export const isPair = (g: { a: string; b: string }, x: string, y: string) => (g.a === x && g.b === y) || (g.a === y && g.b === x);
/** Whether the pair fought a boarding round since the last initiative. */
export const foughtThisTurn = (state: SoleBayState, x: string, y: string) => state.game.boarded.some(([a, b]) => isPair({ a, b }, x, y));

/** Whether the two ships are grappled together. */
export const areGrappled = (state: SoleBayState, x: string, y: string) => state.game.grappled.some((g) => isPair(g, x, y));

/**
 * Two ships grappled (by a grapple, or a fired fireship ensnaring her target): the event, the boarded ship's flag
 * officer offered to retire, and the boarding round `round` asks for (null: none now).
 */
export function grappledEffects(state: SoleBayState, boarder: SoleBayShip, boarded: SoleBayShip, round: string | null) {
  const followUps: FollowUp[] = [];
  const retire = boarded.flagOfficer === "present" ? retireChoice(state, boarded, true) : null;
  if (retire) followUps.push(retire);
  if (round !== null) followUps.push(roll(round, { type: "boarding-round", attacker: boarder.id, defender: boarded.id }));
  const events: SoleBayEvent[] = [{ type: "grappled", a: boarder.id, b: boarded.id }];
  return { events, followUps };
}

/** The boarding ship and the enemy she boards, or why not. */
export function twoShips(state: SoleBayState, a: { attacker: string; defender: string }) {
  const attacker = shipAt(state, a.attacker, "action.attacker");
  if (!attacker.ok) return attacker;
  const defender = shipAt(state, a.defender, "action.defender");
  if (!defender.ok) return defender;
  if (attacker.value.side === defender.value.side)
    return illegal(`${defender.value.name} is not an enemy of ${attacker.value.name}.`, "action.defender");
  return ok({ attacker: attacker.value, defender: defender.value });
}

export const grapple = soleBayAction({
  type: "grapple",
  outcomeSchema: outcomeOf({
    attacker: fact.hidden(Type.String()),
    defender: fact.hidden(Type.String()),
    modified: modifiedRoll,
    grappled: fact.flag("Grappled (3+)", { no: "Failed boarding (under 3)" }),
  }),
  measure: GRAPPLE_MEASURES,
  title: "Grappling attempt",
  description: "Attempt to board: 1d6 + crew, 3+ grapples (0-2 fails).",
  schema: pair("grapple"),
  prepare({ state, action: a }) {
    const ships = twoShips(state, a);
    if (!ships.ok) return ships;
    if (isFired(state, ships.value.attacker)) return illegal("A fired fireship rolls fireship-ensnare instead.", "action.attacker");
    if (areGrappled(state, a.attacker, a.defender)) return illegal("These ships are already grappled.", "action.defender");
    return ok({ ...ships.value, crew: crewModifier(ships.value.attacker, state.game.fired) });
  },
  plan: ({ prepared: ctx }) => [entry("grapple", "d6", 1, `${ctx.attacker.name} tries to grapple ${ctx.defender.name}: 1d6 + crew, 3+`)],
  outcome: ({ prepared: ctx }, dice) => {
    const modified = (dice[0]?.[0] ?? 0) + ctx.crew;
    return { attacker: ctx.attacker.id, defender: ctx.defender.id, modified, grappled: modified >= GRAPPLE_SUCCESS };
  },
  effects({ prepared: ctx, state }, o) {
    if (!o.grappled) return { events: [] };
    // Grappled again in a turn in which the pair already fought (after a break-off): the round waits for the next initiative.
    const again = foughtThisTurn(state, ctx.attacker.id, ctx.defender.id);
    return grappledEffects(
      state,
      ctx.attacker,
      ctx.defender,
      again ? null : `Boarding action between ${ctx.attacker.name} and ${ctx.defender.name}: first round`,
    );
  },
  summary: (d) => ({ pGrappled: flagChance("Grappled", d, "grappled") }),
  describe: ({ state }, o) => `${nameOf(state, o.attacker)} ${o.grappled ? "grapples" : "fails to grapple"} ${nameOf(state, o.defender)}`,
  headline: ({ state, action }, odds) =>
    flagHeadline(`${nameOf(state, action.attacker)} grapples ${nameOf(state, action.defender)}`, odds, "grappled", "Grappled", "Fails"),
});
