/**
 * The end of the movement phase ("Turn Sequence: Initiative – Movement / Collisions – BroadSides / Boarding"): every
 * burning ship takes its fire damage and every fired fireship not yet alongside rolls for an explosion. They are
 * prompted here, not by a movement action, so a table that moves its models by hand still rolls them.
 */
import { Type } from "@sinclair/typebox";
import { roll } from "../../../game/action-kit.ts";
import { actionSchema } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import type { FollowUp } from "../../../game/types.ts";
import { ok } from "../../../result.ts";
import { isFired, soleBayAction } from "../lookup.ts";
import { afloat, type SoleBayState } from "../state.ts";

/**
 * The rolls the end of movement demands, in roster order: fireships first ("rolling for a possible explosion each
 * move until it collides with another vessel": not once alongside), then fires ("1d3 fire damage" each move).
 */
export function endOfMovementRolls(state: SoleBayState): FollowUp[] {
  const live = state.ships.filter((s) => afloat(state, s));
  const alongside = (id: string) => state.game.grappled.some((g) => g.a === id || g.b === id);
  const fireships = live
    .filter((s) => isFired(state, s) && !alongside(s.id))
    .map((s) => roll(`${s.name} is a fired fireship: roll for an explosion this move`, { type: "fireship-explosion", ship: s.id }));
  const fires = live
    .filter((s) => s.fireTurns > 0)
    .map((s) => roll(`${s.name} is on fire: 1d3 fire damage this move`, { type: "fire-damage", ship: s.id }));
  return [...fireships, ...fires];
}

export const endMovement = soleBayAction({
  type: "end-movement",
  outcomeSchema: outcomeOf({ rolls: fact.hidden(Type.Array(Type.Object({ type: Type.String() }))) }),
  title: "End of movement",
  description:
    "End of the movement phase (no dice): every fired fireship not alongside rolls for an explosion, every burning ship takes fire damage.",
  schema: actionSchema("end-movement"),
  prepare: ({ state }) => ok({ rolls: endOfMovementRolls(state) }),
  plan: () => [],
  outcome: ({ prepared: ctx }) => ({ rolls: ctx.rolls.map((f) => f.action) }),
  effects: ({ prepared: ctx }) => ({ events: [], followUps: ctx.rolls }),
  describe: (_ctx, o) =>
    o.rolls.length === 0
      ? "End of movement: no fires or fireships to roll for."
      : `End of movement: ${o.rolls.length} roll${o.rolls.length === 1 ? "" : "s"} for fires and fireships.`,
});
