/**
 * The end of the turn ("Turn Sequence: Initiative – Movement / Collisions – BroadSides / Boarding"), played by the table
 * as it leaves the last phase: what held for the turn is over — every ship has both broadsides again ("A ship may use
 * both broadsides in same turn"), last turn's movement no longer binds a following ship, each boarding action may
 * fight its next round, and the initiative is to be rolled again. The initiative roll did this alone before, so a
 * turn whose initiative was skipped kept last turn's broadsides as fired.
 */
import { actionSchema } from "../../../game/action-schema.ts";
import { outcomeOf } from "../../../game/outcome.ts";
import { ok } from "../../../result.ts";
import { soleBayAction } from "../lookup.ts";

export const endTurn = soleBayAction({
  type: "end-turn",
  outcomeSchema: outcomeOf({}),
  title: "End of the turn",
  description: "End of the turn (no dice): every ship has both broadsides again and the initiative is rolled anew.",
  schema: actionSchema("end-turn"),
  prepare: () => ok({}),
  plan: () => [],
  outcome: () => ({}),
  effects: () => ({ events: [{ type: "turn-ended" }] }),
  describe: () => "End of the turn: every ship has both broadsides again; the initiative is rolled anew.",
});
