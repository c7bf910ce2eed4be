/**
 * Age of Sail round structure: the wind roll that ends each round, setting the wind, the dice for who moves
 * first and stepping through the player sequence (the `phases`).
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { chance, chances, fieldDistribution, resolution } from "../../game/action-kit.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { highestRoll } from "../../game/highest-roll.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { PhaseDef, TurnDef } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { COMPASS_8, rotate8 } from "../../wind/compass.ts";
import type { AosEvent } from "./events.ts";
import { initiativeHeadline, windHeadline } from "./headline.ts";
import { aosAction } from "./kit.ts";
import { fromOf, OPPOSITE } from "./speed.ts";
import { stageDue } from "./stage-rolls.ts";
import type { AosState } from "./state.ts";
import { clampSpeed, windDirectionStep, windSpeedStep } from "./tables.ts";

/**
 * The player sequence: "Player 1 Fire removal stage … Tries to separate any entangled ships … Tries to refloat …
 * Checks to see if severely damaged ships … sink in high seas … Moves their ships … Combat exchange … Player 2
 * repeats sequence above. Round restarts by redefining wind direction and strength".
 */
export const PLAYER_PHASES = ["fire removal", "separate entangled ships", "refloat", "sinking check", "move", "combat"] as const;
export const PHASES = [...PLAYER_PHASES.map((p) => `player 1: ${p}`), ...PLAYER_PHASES.map((p) => `player 2: ${p}`), "end of round: wind"];

/**
 * What each stage of the player sequence plays: a failed fire removal blows the ship up and "check[s] to see other
 * ships catch fire"; shoals are checked while moving; "each gun deck … may fire once in the round at any point in a
 * players move", and combat comes "at the end of the movement phase". Dicing for who moves first (before the first
 * round), setting the wind, the next stage, masts lost (the rules' question) and repairing a mast (no stage given)
 * belong to none.
 */
const STAGE_ACTIONS: Readonly<Record<(typeof PLAYER_PHASES)[number], readonly string[]>> = {
  "fire removal": ["fire-removal", "catch-fire", "explosion-fire"],
  "separate entangled ships": ["separate"],
  refloat: ["refloat"],
  "sinking check": ["sinking-check"],
  move: ["speed", "turn", "anchor", "weigh-anchor", "shoal", "fire"],
  combat: ["fire", "board"],
};

/**
 * The action two ships tapped set up at each stage where a pair means something else than the broadside: the pair to
 * disentangle. Elsewhere (while moving — "at any point in a players move" — and in combat) it is the broadside.
 */
const STAGE_TAPS: Readonly<Partial<Record<(typeof PLAYER_PHASES)[number], string>>> = { "separate entangled ships": "separate" };

/** What the stages where a tap means no roll are for, in the text's words (shown while nothing is set up). */
const STAGE_PURPOSE: Readonly<Partial<Record<(typeof PLAYER_PHASES)[number], string>>> = {
  "fire removal": "Burning ships fight their fires: 5–6 the first round, 6 the next, else she blows up.",
  "separate entangled ships": "Tap two entangled ships to try to separate them (a 6), if desired.",
  refloat: "Ships foundered on shoals try to refloat (a 6).",
  "sinking check": "In high seas, ships with no gun decks or hull left sink on a 1 or 2.",
};

const stage =
  (player: 1 | 2) =>
  (p: (typeof PLAYER_PHASES)[number]): PhaseDef => {
    const due = stageDue(p, player);
    return {
      name: `player ${player}: ${p}`,
      actions: STAGE_ACTIONS[p],
      ...(STAGE_PURPOSE[p] ? { purpose: STAGE_PURPOSE[p] } : {}),
      ...(STAGE_TAPS[p] ? { taps: STAGE_TAPS[p] } : {}),
      ...(due ? { due } : {}),
    };
  };

/**
 * The round: each player's sequence, then "Round restarts by redefining wind direction and strength" — the wind roll
 * opens the last stage and ends the round (it counts the round); next-phase there asks for it if it is still owed.
 */
export const TURN_DEF: TurnDef = {
  phases: [
    ...PLAYER_PHASES.map(stage(1)),
    ...PLAYER_PHASES.map(stage(2)),
    { name: "end of round: wind", actions: ["wind"], opens: "wind" },
  ],
  ends: { action: "wind", purpose: "End of round: roll for the wind's direction and speed" },
};

/**
 * The phases with the sides' names once the dice have said who moves first ("player 1" is the side that won them);
 * before that, "first side" and "second side" (the text's "Player 1" / "Player 2" read as a seat at the table, not a
 * side the players know).
 */
export function phaseNames(state: AosState): readonly string[] {
  const first = state.game.firstSide;
  const second = first === null ? undefined : [...new Set(state.ships.map((s) => s.side))].find((side) => side !== first);
  if (first === null || second === undefined)
    return PHASES.map((p) => p.replace(/^player 1/, "first side").replace(/^player 2/, "second side"));
  return PHASES.map((p) => p.replace(/^player 1/, first).replace(/^player 2/, second));
}

export const windRoll = aosAction({
  type: "wind",
  describe: (_ctx, o) => {
    return `Wind from ${fromOf(o.direction)}, speed ${o.speed}.`;
  },
  outcomeSchema: outcomeOf({
    direction: fact.word<string>("Wind from", OPPOSITE),
    speed: fact.number("Wind speed"),
    turned: fact.word("Direction", { "1": "veers a point", "0": "", "-1": "backs a point" }),
    speedChange: fact.modifier("Speed change"),
  }),
  title: "Wind change",
  description: "End of round: one die moves the wind direction (1 anticlockwise, 6 clockwise), one its speed (1 down, 6 up).",
  schema: actionSchema("wind"),
  plan: () =>
    ok([
      entry("direction", "d6", 1, "Wind direction: 1 anticlockwise, 2–5 no change, 6 clockwise"),
      entry("speed", "d6", 1, "Wind speed: 1 down, 2–5 no change, 6 up (1–7)"),
    ]),
  resolve({ state }, dice) {
    const step = windDirectionStep(dice[0]?.[0] ?? 0);
    const direction = rotate8(state.wind.direction, step);
    const speed = clampSpeed(state.wind.speed + windSpeedStep(dice[1]?.[0] ?? 0));
    const events: AosEvent[] = [
      { type: "wind-changed", wind: { direction, speed } },
      { type: "round-started", game: { round: state.game.round + 1, phase: 0, player: 1 } },
    ];
    return resolution({ direction, speed, turned: step, speedChange: speed - state.wind.speed }, events);
  },
  summary: (d) => ({
    direction: chances(fieldDistribution(d, "direction"), (to) => `From ${fromOf(to)}`),
    speed: chances(fieldDistribution(d, "speed"), (speed) => `Speed ${speed}`),
  }),
  headline: (_, odds) => windHeadline(odds),
});

export const setWind = aosAction({
  type: "set-wind",
  describe: (_ctx, o) => {
    return `Wind from ${fromOf(o.direction)}, speed ${o.speed}.`;
  },
  outcomeSchema: outcomeOf({ direction: fact.word<string>("Wind from", OPPOSITE), speed: fact.number("Wind speed") }),
  title: "Set the wind",
  description: "Set the wind (start of the game or scenario): direction it blows to, speed 1–7.",
  schema: actionSchema("set-wind", {
    direction: Type.Optional(literals(COMPASS_8, { label: "Blowing to" })),
    speed: Type.Optional(Type.Integer({ minimum: 1, maximum: 7, label: "Speed" })),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const wind = { direction: a.direction ?? state.wind.direction, speed: a.speed ?? state.wind.speed };
    return resolution({ ...wind }, [{ type: "wind-set", wind } as AosEvent]);
  },
});

export const initiative = aosAction({
  type: "initiative",
  describe: (_ctx, o) => {
    return o.first === null || o.first === undefined ? "A tie: dice again for who moves first." : `${o.first} moves first.`;
  },
  outcomeSchema: outcomeOf({ first: fact.textOrNull("Moves first", { none: "A tie: dice again" }) }),
  title: "Who moves first",
  description: "Both players dice for who moves first; the higher moves first (a tie rolls again).",
  schema: actionSchema("initiative", {
    sideA: Type.String({ minLength: 1, label: "First side" }),
    sideB: Type.String({ minLength: 1, label: "Second side" }),
  }),
  prepare: ({ action: a }) => (a.sideA === a.sideB ? fail("input.invalid", "sideA and sideB must differ.", "action.sideB") : ok(a)),
  plan: ({ action: a }) =>
    ok([bySide(a.sideA, entry("sideA", "d6", 1, `${a.sideA}'s die`)), bySide(a.sideB, entry("sideB", "d6", 1, `${a.sideB}'s die`))]),
  resolve({ action: a }, dice) {
    const { winner: first } = highestRoll([
      { side: a.sideA, roll: dice[0]?.[0] ?? 0 },
      { side: a.sideB, roll: dice[1]?.[0] ?? 0 },
    ]);
    if (first === null)
      return resolution({ first: null }, [], [{ kind: "roll", purpose: "A tie: dice again for who moves first.", action: a }]);
    return resolution({ first }, [{ type: "first-player", game: { firstSide: first, player: 1, phase: 0 } } as AosEvent]);
  },
  summary: (d) => ({
    pTie: chance(
      "A tie (dice again)",
      d.probability((o) => o.first === null),
    ),
  }),
  headline: ({ action }, odds) => initiativeHeadline(action, odds),
});

export const advance = aosAction({
  type: "advance",
  describe: (_ctx, o) => {
    return `Next: ${o.phase}.`;
  },
  outcomeSchema: outcomeOf({ phase: fact.text("Now") }),
  title: "Next stage",
  description: "Step to the next stage of the player sequence.",
  schema: actionSchema("advance"),
  plan: () => ok([]),
  resolve({ state }) {
    const next = Math.min(state.game.phase + 1, PHASES.length - 1);
    const player = next >= PLAYER_PHASES.length && next < PLAYER_PHASES.length * 2 ? 2 : 1;
    return resolution({ phase: PHASES[next] ?? "" }, [{ type: "phase-advanced", game: { phase: next, player } } as AosEvent]);
  },
});

export const ROUND = [windRoll, setWind, initiative, advance];
