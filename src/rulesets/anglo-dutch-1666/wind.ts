/**
 * "Wind" and Appendix 2 "Weather": the doubles rule, the strength ladder and the gale.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { flagChance, nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { FollowUp, GameEvent } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok } from "../../result.ts";
import { type Hexside, rotateHex } from "../../wind/compass.ts";
import { adAction, cfg, checkNotEnded, checkShips, isOut, ship, shipEvent } from "./common.ts";
import { HEXSIDE_NAMES } from "./hexes.ts";
import { HEXSIDE_WORDS, STRENGTH_WORDS } from "./outcome-facts.ts";
import type { AdState, Wind } from "./schema.ts";
import { nextStrength, STRENGTH_LADDER } from "./tables.ts";

/** Events for a new wind; a gale "End game, all ships too busy staying afloat to fight", with survival rolls in strategic games. */
function windEvents(state: AdState, wind: Wind, cause: string): { events: GameEvent[]; followUps: FollowUp[] } {
  const events: GameEvent[] = [{ type: "wind-set", cause, wind }];
  const followUps: FollowUp[] = [];
  if (wind.strength === "gale" && !state.game.ended) {
    events.push({ type: "game-ended", game: { ended: true, endReason: "gale" } });
    if (cfg(state).strategic) {
      for (const s of state.ships) {
        if (s.damage > 0 && !isOut(s)) {
          followUps.push(
            roll(
              `Gale: ${s.name} must beat ${plural(s.stepsLost, "step")} lost on a D8${s.prize ? " (−1, a prize)" : ""} to stay afloat.`,
              {
                type: "gale-survival",
                ship: s.id,
              },
            ),
          );
        }
      }
    }
  }
  return { events, followUps };
}

export const setWind = adAction({
  type: "set-wind",
  describe: (_ctx, o) => {
    return `The wind is set from the ${HEXSIDE_NAMES[o.direction]}, ${o.strength}.`;
  },
  outcomeSchema: outcomeOf({
    direction: fact.word<number>("Wind from", HEXSIDE_WORDS),
    strength: fact.word("Strength", STRENGTH_WORDS),
    ended: fact.flag("A gale: the game ends"),
  }),
  title: "Set the wind",
  description: "Set the wind by scenario or agreement: the hexside it blows from and its strength (no dice).",
  schema: actionSchema("set-wind", {
    direction: Type.Integer({ minimum: 0, maximum: 5, label: "Wind from (hexside 0 = N, clockwise)" }),
    strength: Type.Optional(literals(STRENGTH_LADDER, { label: "Strength" })),
  }),
  plan: () => [],
  resolve({ state, action }) {
    const strength = action.strength ?? state.wind.strength;
    const wind: Wind = { direction: action.direction, strength, previous: null, justChanged: false };
    const { events, followUps } = windEvents(state, wind, "set");
    return ok({ outcome: { direction: wind.direction, strength, ended: strength === "gale" }, events, followUps });
  },
});

/**
 * The doubles rule. "The first time this happens, odd doubles change the direction one hexside clockwise, even
 * doubles anticlockwise. Each time after that the wind changes back to the previous direction unless a double 6
 * is rolled." A double 6 makes a fresh change by the first-change rule (6 is even: anticlockwise) — docs/reference/rulesets.md.
 */
export function windAfter(wind: Wind, a: number, b: number): { wind: Wind; kind: "none" | "first" | "back" | "fresh" } {
  if (a !== b) return { wind: { ...wind, justChanged: false }, kind: "none" };
  const here = wind.direction as Hexside;
  if (wind.previous === null || a === 6) {
    const to = rotateHex(here, a % 2 === 1 ? 1 : -1);
    return { wind: { ...wind, direction: to, previous: here, justChanged: true }, kind: wind.previous === null ? "first" : "fresh" };
  }
  return { wind: { ...wind, direction: wind.previous, previous: here, justChanged: true }, kind: "back" };
}

export const windRoll = adAction({
  type: "wind",
  describe: (_ctx, o) => {
    return o.changed ? `The wind shifts to the ${HEXSIDE_NAMES[o.to]} (${o.change} change).` : "The wind holds.";
  },
  outcomeSchema: outcomeOf({
    changed: fact.flag("The wind shifts", { no: "The wind holds" }),
    doubles: fact.flag("Doubles"),
    change: fact.word("Change", { first: "first change", fresh: "a fresh change", back: "back to where it was", none: "" }),
    from: fact.change("Wind from", "to", HEXSIDE_WORDS),
    to: fact.hidden(Type.Integer()),
    strengthRoll: fact.flag("Roll for the wind's strength"),
  }),
  title: "Wind check",
  description: "Check the wind (2D6): a double shifts it; with weather, a double 1 or 2 also changes its strength.",
  schema: actionSchema("wind"),
  prepare: ({ state, action }) => checkNotEnded(state, action),
  plan: () => [entry("wind", "d6", 2, "Check the wind: a double changes its direction.")],
  resolve({ state }, dice) {
    const [a = 0, b = 0] = dice[0] ?? [];
    const { wind, kind } = windAfter(state.wind, a, b);
    const strengthRoll = cfg(state).weather && a === b && a <= 2;
    const followUps = strengthRoll
      ? [roll("Double 1 or 2: roll 1D6 for the wind strength (1–3 down, 4–6 up).", { type: "wind-strength" })]
      : [];
    return ok({
      outcome: { changed: kind !== "none", doubles: a === b, change: kind, from: state.wind.direction, to: wind.direction, strengthRoll },
      events: [{ type: "wind-set", cause: "roll", wind }],
      followUps,
    });
  },
  summary: (d) => ({
    changeChance: flagChance("The wind changes", d, "changed"),
    strengthRollChance: flagChance("The wind's strength is rolled", d, "strengthRoll"),
  }),
});

export const windStrength = adAction({
  type: "wind-strength",
  describe: (_ctx, o) => {
    return `The wind goes from ${o.from} to ${o.to}${o.ended ? " — the game ends" : ""}.`;
  },
  outcomeSchema: outcomeOf({
    from: fact.change("Strength", "to", STRENGTH_WORDS),
    to: fact.hidden(Type.String()),
    ended: fact.flag("A gale: the game ends"),
  }),
  title: "Wind strength",
  description: "Weather (Appendix 2): 1D6, 1–3 the wind drops a level, 4–6 it strengthens.",
  schema: actionSchema("wind-strength"),
  prepare({ state, action }) {
    if (!cfg(state).weather)
      return fail("rules.illegal", "Wind strength changes only with the weather rules (setting weather).", "action.type");
    return checkNotEnded(state, action);
  },
  plan: () => [entry("strength", "d6", 1, "Wind strength: 1–3 decreases, 4–6 strengthens (from still it always rises to light).")],
  resolve({ state }, dice) {
    const d = dice[0]?.[0] ?? 0;
    const to = nextStrength(state.wind.strength, d);
    const { events, followUps } = windEvents(state, { ...state.wind, strength: to }, "strength");
    return ok({ outcome: { from: state.wind.strength, to, ended: to === "gale" }, events, followUps });
  },
});

export const galeSurvival = adAction({
  type: "gale-survival",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return o.afloat ? `${ship} rides out the gale.` : `${ship} founders in the gale.`;
  },
  outcomeSchema: outcomeOf({
    afloat: fact.flag("Survives the gale", { no: "Founders in the gale" }),
    score: fact.die("Rolled"),
    stepsLost: fact.count("Steps lost", undefined, { omitZero: true }),
  }),
  title: "Gale survival",
  description: "Gale in a strategic game: a damaged ship rolls a D8 and must beat its steps lost (−1 for a prize) to stay afloat.",
  schema: actionSchema("gale-survival", { ship: shipField("Ship") }),
  prepare({ state, action }) {
    const c = checkShips(state, action, ["ship"]);
    if (!c.ok) return c;
    if (state.wind.strength !== "gale") return fail("rules.illegal", "Gale survival is rolled only in a gale.", "action.type");
    if (ship(state, action.ship).damage === 0) return fail("rules.illegal", "Only damaged ships roll to stay afloat.", "action.ship");
    return ok(action);
  },
  plan: ({ state, action }) => [entry("survival", "d8", 1, `${ship(state, action.ship).name} must beat her steps lost to stay afloat.`)],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const d = dice[0]?.[0] ?? 0;
    const score = d - (s.prize ? 1 : 0);
    const afloat = score > s.stepsLost;
    return ok({
      outcome: { afloat, score, stepsLost: s.stepsLost },
      events: afloat ? [] : [shipEvent("foundered", s.id, { damage: s.hullPoints })],
      followUps: [],
    });
  },
  summary: (d) => ({
    afloatChance: flagChance("Stays afloat", d, "afloat"),
  }),
});
