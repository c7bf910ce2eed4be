/**
 * Sole Bay "Boarding", the contact: the grapple roll (1D6 + crew: 0-2 failed, 3-7 grappled) of a ship against an
 * enemy.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { chance, nameOf, roll } from "../../../game/action-kit.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import type { FollowUp } from "../../../game/types.ts";
import { ok } from "../../../result.ts";
import { grappleHeadline } from "../headline.ts";
import { actionType, illegal, isFired, shipAt, shipId, soleBayAction } from "../lookup.ts";
import { GRAPPLE_MEASURES } from "../measures.ts";
import { modifiedRoll } from "../outcome-facts.ts";
import { crewModifier } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { GRAPPLE_SUCCESS } from "../tables.ts";
import { retireChoice } from "./flag-officer.ts";

/** The two ships of a boarding, as an action of `type`. */
export const pair = <T extends string>(type: T) =>
  Type.Object(
    { type: actionType(type), attacker: shipId("Boarding ship"), defender: shipId("Ship boarded") },
    { additionalProperties: false },
  );

/** Whether grapple `g` holds `x` and `y`, either way round. */
export const isPair = (g: { a: string; b: string }, x: string, y: string) => (g.a === x && g.b === y) || (g.a === y && g.b === x);
/** Whether the pair fought a boarding round since the last initiative. */
export const foughtThisTurn = (state: SoleBayState, x: string, y: string) => state.game.boarded.some(([a, b]) => isPair({ a, b }, x, y));

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
    if (state.game.grappled.some((g) => isPair(g, a.attacker, a.defender)))
      return illegal("These ships are already grappled.", "action.defender");
    return ok({ ...ships.value, crew: crewModifier(ships.value.attacker, state.game.fired) });
  },
  plan: ({ prepared: ctx }) => [entry("grapple", "d6", 1, `${ctx.attacker.name} tries to grapple ${ctx.defender.name}: 1d6 + crew, 3+`)],
  outcome: ({ prepared: ctx }, dice) => {
    const modified = (dice[0]?.[0] ?? 0) + ctx.crew;
    return { attacker: ctx.attacker.id, defender: ctx.defender.id, modified, grappled: modified >= GRAPPLE_SUCCESS };
  },
  effects({ prepared: ctx, state }, o) {
    if (!o.grappled) return { events: [] };
    const followUps: FollowUp[] = [];
    const retire = ctx.defender.flagOfficer === "present" ? retireChoice(state, ctx.defender, true) : null;
    if (retire) followUps.push(retire);
    // Grappled again in a turn in which the pair already fought (after a break-off): the round waits for the next initiative.
    if (!foughtThisTurn(state, ctx.attacker.id, ctx.defender.id))
      followUps.push(
        roll(`Boarding action between ${ctx.attacker.name} and ${ctx.defender.name}: first round`, {
          type: "boarding-round",
          attacker: ctx.attacker.id,
          defender: ctx.defender.id,
        }),
      );
    return { events: [{ type: "grappled", a: ctx.attacker.id, b: ctx.defender.id }], followUps };
  },
  summary: (dist) => ({
    pGrappled: chance(
      "Grappled",
      dist.probability((o) => o.grappled),
    ),
  }),
  describe: ({ state }, o) => `${nameOf(state, o.attacker)} ${o.grappled ? "grapples" : "fails to grapple"} ${nameOf(state, o.defender)}`,
  headline: ({ state, action }, odds) => grappleHeadline(state, action, odds),
});
