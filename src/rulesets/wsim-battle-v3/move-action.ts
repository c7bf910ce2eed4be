/**
 * Movement (issue 43): in the movement phase a ship sails the plot she made in movement plotting. The action says
 * which plot she sails; with the table's positions (`table.before` and `hexGrid`) the move made is measured and judged
 * against that plot (move.ts): where she stands must be where her plot takes her. A ship with no plot this turn may
 * be given her movement allowance instead, and is then judged as a plot would be.
 */
import { Type } from "@sinclair/typebox";
import { nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { liveShip } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { SAIL_MEASURES } from "./measures.ts";
import { plotCost, tokenize } from "./momentum.ts";
import { MP } from "./outcome-facts.ts";

export const sailMove = wsimAction({
  type: "move",
  describe: ({ state, action }, o) => `${nameOf(state, action.ship)} sails her plot ${o.plot === "" ? "of no move" : o.plot}.`,
  outcomeSchema: outcomeOf({
    plot: fact.text("Plot"),
    mp: fact.nullable(fact.count("Movement", MP)),
  }),
  measure: SAIL_MEASURES,
  title: "Movement",
  description: "A ship sails her plot; with the table's positions her move is measured and judged against it.",
  schema: actionSchema("move", {
    ship: shipField("Ship"),
    plot: Type.Optional(Type.String({ maxLength: 40, label: "Plot (her plot this turn unless given)" })),
    allowanceMP: Type.Optional(Type.Integer({ minimum: 0, label: "Movement allowance (MP), when she made no plot" })),
  }),
  // said as soon as she is set up (tapped in the movement phase), not after Confirm; short, as the display shows it
  // large (her plot, or her allowance instead, may be given with this action)
  prepare({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    if (a.plot === undefined && s.value.plot === null && a.allowanceMP === undefined)
      return fail("rules.illegal", `${s.value.name} has no plot this turn: plot her move first.`, "action.ship");
    return ok(undefined);
  },
  plan: () => [],
  resolve({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const plot = a.plot?.toUpperCase() ?? s.value.plot;
    const tokens = plot === null ? null : tokenize(plot);
    if (plot !== null && !tokens && !/^W/.test(plot))
      return fail("input.invalid", `"${plot}" is not a plot: use L, R, T, B, D, forward numbers, or W.`, "action.plot");
    const mp = tokens ? plotCost(tokens, setting<number>(state.settings, "backingMP")) : (s.value.plotMP ?? null);
    return resolution({ plot: plot ?? "", mp }, []);
  },
});
