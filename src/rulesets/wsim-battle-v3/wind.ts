/**
 * wsim-battle-v3 wind: VIII wind change (2d6 against the wind-change number, in effect next turn), the new direction
 * of an announced change, and the wind set by a scenario or a person.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { flagChance, resolution } from "../../game/action-kit.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import type { WsimEvent } from "./events.ts";
import { windHeadline } from "./headline.ts";
import { wsimAction } from "./kit.ts";
import { HEXSIDE_WORDS } from "./outcome-facts.ts";
import { HEXSIDES, hexsideWord } from "./state.ts";

/** VIII: "If the wind change number is 6, the wind changes on a roll of 2 or 12. … 5 … 2, 11 or 12. … 4 … 2, 3, 11 or 12." */
export const WIND_CHANGE_ROLLS: Readonly<Record<number, readonly number[]>> = { 6: [2, 12], 5: [2, 11, 12], 4: [2, 3, 11, 12] };

const hexOptions = (except: number) =>
  HEXSIDES.map((label, value) => ({ value, label: `from ${label}` })).filter((o) => o.value !== except);

export const windChange = wsimAction({
  type: "wind",
  describe: (_ctx, o) => {
    return o.changes ? `The wind will change next turn (rolled ${o.total}).` : `The wind holds (rolled ${o.total}).`;
  },
  outcomeSchema: outcomeOf({
    total: fact.die("Rolled"),
    changes: fact.flag("The wind changes", { no: "The wind holds" }),
    effectiveTurn: fact.nullable(fact.number("From turn")),
  }),
  title: "Wind change",
  description: "Wind change roll: 2d6 against the wind change number; a change takes effect next turn.",
  schema: actionSchema("wind"),
  prepare: ({ state, action: a }) =>
    state.wind.rolledTurn === state.game.turn ? fail("rules.illegal", "The wind change has been rolled this turn.", "action.type") : ok(a),
  plan: ({ state }) => ok([entry("wind", "d6", 2, `Wind changes on ${WIND_CHANGE_ROLLS[state.wind.changeNumber]?.join(", ")}`)]),
  resolve({ state }, dice) {
    const total = (dice[0] ?? []).reduce((x, y) => x + y, 0);
    const changes = (WIND_CHANGE_ROLLS[state.wind.changeNumber] ?? []).includes(total);
    const events: WsimEvent[] = [
      {
        type: changes ? "wind-change-announced" : "wind-steady",
        wind: { rolledTurn: state.game.turn, pending: changes ? { direction: null } : null },
      },
    ];
    const followUps: FollowUp[] = changes
      ? [
          {
            kind: "choose",
            purpose: "The wind will change next turn: set the new direction by the base game's wind rules.",
            action: { type: "wind-shift", direction: null },
            choice: { field: "direction", options: hexOptions(state.wind.direction), min: 1, max: 1 },
          },
        ]
      : [];
    return resolution({ total, changes, effectiveTurn: changes ? state.game.turn + 1 : null }, events, followUps);
  },
  summary: (d) => ({
    pChange: flagChance("The wind changes", d, "changes"),
  }),
  headline: (_, odds) => windHeadline(odds),
});

export const windShift = wsimAction({
  type: "wind-shift",
  describe: (_ctx, o) => {
    return `From next turn the wind blows from the ${hexsideWord(o.pending)}.`;
  },
  outcomeSchema: outcomeOf({ pending: fact.word<number>("From next turn the wind blows from", HEXSIDE_WORDS) }),
  title: "New wind direction",
  description: "The new wind direction of an announced change (in effect next turn).",
  schema: actionSchema("wind-shift", { direction: Type.Integer({ minimum: 0, maximum: 5, label: "Blowing from (hexside)" }) }),
  prepare: ({ state, action: a }) =>
    state.wind.pending ? ok(a) : fail("rules.illegal", "No wind change has been announced.", "action.direction"),
  plan: () => ok([]),
  resolve: ({ action: a }) =>
    resolution({ pending: a.direction }, [{ type: "wind-change-set", wind: { pending: { direction: a.direction } } } as WsimEvent]),
});

export const setWind = wsimAction({
  type: "set-wind",
  describe: (_ctx, o) => {
    return `The wind is set from the ${hexsideWord(o.direction)}, wind change number ${o.changeNumber}.`;
  },
  outcomeSchema: outcomeOf({
    direction: fact.word<number>("Wind from", HEXSIDE_WORDS),
    changeNumber: fact.number("Wind change number"),
  }),
  title: "Set the wind",
  description: "Set the wind (scenario or person): direction it blows from and the wind change number.",
  schema: actionSchema("set-wind", {
    direction: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, label: "Blowing from (hexside 0\u20135)" })),
    changeNumber: Type.Optional(Type.Integer({ minimum: 4, maximum: 6, label: "Wind change number" })),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const wind = {
      direction: a.direction ?? state.wind.direction,
      changeNumber: a.changeNumber ?? state.wind.changeNumber,
    };
    return resolution(wind, [{ type: "wind-set", wind } as WsimEvent]);
  },
});

/** The wind's actions, in the order the turn plays them. */
export const WIND = [windChange, windShift, setWind];
