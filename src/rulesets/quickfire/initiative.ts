/**
 * The optional move-order roll (text 1.4, 1 Movement): "An alternative is to roll dice, with the high roller
 * deciding who moves first. This may be done once at the start of the game or at the start of each turn."
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { highestRoll } from "../../game/highest-roll.ts";
import { fail, ok } from "../../game/result.ts";
import { defineAction, total } from "./kit.ts";

export const initiativeAction = defineAction<{ first: string; second: string }>({
  def: {
    type: "initiative",
    description: "Optional: each side rolls 1D6, the high roller decides who moves first (1.4); a tie rolls again",
    fields: [
      { name: "first", label: "First side", type: "string" },
      { name: "second", label: "Second side", type: "string" },
    ],
  },
  schema: Type.Object(
    { type: Type.Literal("initiative"), first: Type.String({ minLength: 1 }), second: Type.String({ minLength: 1 }) },
    { additionalProperties: false },
  ),
  context: (_state, action) =>
    action.first === action.second
      ? fail("input.invalid", "The two sides must differ.", "action.second")
      : ok({ first: String(action.first), second: String(action.second) }),
  plan: (_state, ctx) => [
    entry("first", "d6", 1, `Move-order die for ${ctx.first}`),
    entry("second", "d6", 1, `Move-order die for ${ctx.second}`),
  ],
  outcome: (_state, ctx, groups) => {
    const rolls = [
      { side: ctx.first, roll: total(groups[0]) },
      { side: ctx.second, roll: total(groups[1]) },
    ];
    return { decides: highestRoll(rolls).winner };
  },
  effects: (_state, ctx, o) => ({
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
  summary: (dist) => Object.fromEntries(dist.entries.map((e) => [String(e.value.decides ?? "tie"), e.p])),
  describe: (_state, _action, o) =>
    o.decides === null ? "A tie for the move order: roll again." : `${o.decides} decides who moves first.`,
});
