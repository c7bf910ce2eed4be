/**
 * wsim-battle-v3 turn structure: the new turn (the wind announced applied, signals delivered) and XI timed phases.
 * The wind is `wind.ts`; ships in contact (grappling, collisions) `contact.ts`; marking the ship log `mark.ts`.
 */

import { Type } from "@sinclair/typebox";
import { resolution, setting } from "../../game/action-kit.ts";
import { actionSchema } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { shipEvent, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { HEXSIDE_WORDS } from "./outcome-facts.ts";
import type { WsimState } from "./state.ts";

export const nextTurn = wsimAction({
  type: "next-turn",
  describe: (_ctx, o) => {
    const wind = o.windChanged === null || o.windChanged === undefined ? "" : "; the wind changes";
    const n = o.signalsDelivered;
    const signals = n > 0 ? `; ${n} signal${n === 1 ? "" : "s"} arrive${n === 1 ? "s" : ""}` : "";
    return `Turn ${o.turn} begins${wind}${signals}.`;
  },
  outcomeSchema: outcomeOf({
    turn: fact.number("Turn"),
    windChanged: fact.nullable(fact.word("The wind now blows from", HEXSIDE_WORDS)),
    signalsDelivered: fact.count("Signals arrive", undefined, { omitZero: true }),
  }),
  title: "Next turn",
  description: "Start the next turn: an announced wind change takes effect, signals due arrive.",
  schema: actionSchema("next-turn"),
  prepare: ({ state, action: a }) =>
    state.wind.pending && state.wind.pending.direction === null
      ? fail("rules.illegal", "Set the new wind direction first (wind-shift).", "action.type")
      : ok(a),
  plan: () => ok([]),
  resolve({ state }) {
    const turn = state.game.turn + 1;
    const due = state.game.signals.filter((s) => s.deliverTurn <= turn);
    const events: WsimEvent[] = state.ships.map((s) =>
      shipEvent("turn-reset", s, {
        lastPlot: s.plot,
        lastMP: s.plotMP,
        plot: null,
        plotMP: null,
        collidedLastTurn: s.collidedThisTurn,
        collidedThisTurn: false,
      }),
    );
    const pending = state.wind.pending?.direction;
    events.push({
      type: "turn-started",
      wind: { pending: null, ...(pending !== null && pending !== undefined ? { direction: pending } : {}) },
      game: {
        turn,
        phase: 0,
        signals: state.game.signals.filter((s) => s.deliverTurn > turn),
        commandChanges: deliverCommand(state, due),
      },
    });
    for (const s of due) events.push({ type: "signal-delivered", signal: s });
    return resolution({ turn, windChanged: pending ?? null, signalsDelivered: due.length }, events);
  },
});

/** "This leader has to send a Leader Loss signal to his successor for the change in command to be effective." */
export function deliverCommand(
  state: WsimState,
  delivered: readonly { to: string; leaderLoss: boolean }[],
): WsimState["game"]["commandChanges"] {
  return state.game.commandChanges.map((c) => {
    const to = state.game.leaders.find((l) => l.id === c.to);
    return !c.effective && to && delivered.some((s) => s.leaderLoss && s.to === to.ship) ? { ...c, effective: true } : c;
  });
}

export const phaseTimer = wsimAction({
  type: "phase-timer",
  describe: (_ctx, o) => {
    return o.withinLimit
      ? `Within the ${o.limit} s limit.`
      : o.graceGiven
        ? `Over the ${o.limit} s limit: 30 s grace, the first violation.`
        : `Over the ${o.limit} s limit: a violation.`;
  },
  outcomeSchema: outcomeOf({
    withinLimit: fact.flag("Within the time limit"),
    graceGiven: fact.flag("Over time: grace period given"),
    violation: fact.flag("Over time: a violation"),
    limit: fact.number("Time limit", ["second", "seconds"]),
  }),
  title: "Timed phase",
  description: "A timed phase ended: the time a player took, with a 30 s grace for the first violation.",
  schema: actionSchema("phase-timer", {
    player: Type.String({ label: "Player" }),
    phase: Type.String({ label: "Phase" }),
    elapsedSeconds: Type.Number({ minimum: 0, label: "Seconds taken" }),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const limit = setting<number>(state.settings, "phaseSeconds");
    const grace = setting<number>(state.settings, "graceSeconds");
    const player = a.player;
    const t = a.elapsedSeconds;
    if (t <= limit) return resolution({ withinLimit: true, graceGiven: false, violation: false, limit }, []);
    // "a grace period of 30 seconds for the first violation": only a player's first overrun may be graced.
    const firstOverrun = !state.game.graceUsed.includes(player) && (state.game.violations[player] ?? 0) === 0;
    if (firstOverrun && t <= limit + grace) {
      return resolution({ withinLimit: false, graceGiven: true, violation: false, limit }, [
        { type: "grace-given", game: { graceUsed: [...state.game.graceUsed, player] } } as WsimEvent,
      ]);
    }
    const violations = { ...state.game.violations, [player]: (state.game.violations[player] ?? 0) + 1 };
    return resolution({ withinLimit: false, graceGiven: false, violation: true, limit }, [
      { type: "time-violation", game: { violations } } as WsimEvent,
    ]);
  },
});

export const TURN = [nextTurn, phaseTimer];
