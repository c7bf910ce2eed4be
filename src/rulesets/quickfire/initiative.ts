/**
 * The optional move-order roll (text 1.4, 1 Movement): "An alternative is to roll dice, with the high roller
 * deciding who moves first. This may be done once at the start of the game or at the start of each turn."
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { chance } from "../../game/action-kit.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { highestRoll } from "../../game/highest-roll.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { initiativeHeadline } from "./headline.ts";
import { quickfireAction, total, withChart } from "./kit.ts";

export const initiativeAction = quickfireAction({
  prepareOnParse: false,
  type: "initiative",
  outcomeSchema: outcomeOf({ decides: fact.textOrNull("Decides who moves first", { none: "A tie: roll again" }) }),
  title: "Who moves first",
  description: "Optional: each side rolls 1D6, the high roller decides who moves first (1.4); a tie rolls again",
  schema: actionSchema("initiative", {
    first: Type.String({ minLength: 1, label: "First side" }),
    second: Type.String({ minLength: 1, label: "Second side" }),
  }),
  prepare: ({ action }) =>
    action.first === action.second
      ? fail("input.invalid", "The two sides must differ.", "action.second")
      : ok({ first: action.first, second: action.second }),
  plan: ({ prepared: ctx }) => [
    bySide(ctx.first, entry("first", "d6", 1, `Move-order die for ${ctx.first}`)),
    bySide(ctx.second, entry("second", "d6", 1, `Move-order die for ${ctx.second}`)),
  ],
  outcome: ({ prepared: ctx }, groups) => {
    const rolls = [
      { side: ctx.first, roll: total(groups[0]) },
      { side: ctx.second, roll: total(groups[1]) },
    ];
    return { decides: highestRoll(rolls).winner };
  },
  effects: ({ prepared: ctx }, o) => ({
    events: [],
    followUps:
      o.decides === null
        ? [
            {
              kind: "roll",
              purpose: "A tie: roll again for the move order",
              action: { type: "initiative", first: ctx.first, second: ctx.second },
            },
          ]
        : [],
  }),
  summary: (dist, { state }) =>
    withChart(
      state,
      Object.fromEntries(
        dist.entries.map((e) => {
          const side = e.value.decides;
          return [String(side ?? "tie"), chance(side === null ? "Tie (roll again)" : `${side} decides`, e.p)];
        }),
      ),
    ),
  describe: (_ctx, o) => (o.decides === null ? "A tie for the move order: roll again." : `${o.decides} decides who moves first.`),
  headline: ({ action }, odds) => initiativeHeadline(action, odds),
});
