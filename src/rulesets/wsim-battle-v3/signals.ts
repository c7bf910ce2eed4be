/**
 * wsim-battle-v3 VII Signalling: words or signals per turn by rank, one message a player a turn, delivery next
 * turn unless the path is 3 hexes or less, and (optional) repeaters with 15-hex legs.
 */
import { type Static, Type } from "@sinclair/typebox";
import { nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok, type Result } from "../../result.ts";
import { liveShip, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { SIGNAL_MEASURES } from "./measures.ts";
import type { WsimState } from "./state.ts";
import { deliverCommand } from "./turn.ts";

const SIGNAL_SCHEMA = actionSchema("signal", {
  player: Type.String({ minLength: 1, label: "Player" }),
  from: shipField("Signalling ship"),
  to: shipField("Receiving ship"),
  rank: Type.Union([Type.Literal("admiral"), Type.Literal("captain")], { label: "Sender" }),
  size: Type.Integer({ minimum: 1, label: "Words or signals" }),
  pathHexes: Type.Integer({ minimum: 0, label: "Signalling path (hexes)" }),
  legs: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { label: "Legs via repeaters (hexes)" })),
  repeaters: Type.Optional(Type.Array(Type.String(), { label: "Repeaters", input: "ships" })),
  leaderLoss: Type.Boolean({ default: false, label: "Leader Loss signal" }),
  britishAfter1803: Type.Boolean({ default: false, label: "British after 1803" }),
});

/** VII.3.1 / VII.3.2: words (Close Action) or signals (Casus Belli) per turn. */
export function signalLimit(mode: string, rank: string, britishAfter1803: boolean): number {
  if (mode === "casus-belli") return rank === "admiral" ? (britishAfter1803 ? 4 : 3) : 2;
  return rank === "admiral" ? (britishAfter1803 ? 7 : 5) : 3;
}

/** Extra turns a repeater chain takes: "a signal can travel a maximum of 30 hexes per turn" — two legs a turn. */
function relayTurns(state: WsimState, a: Static<typeof SIGNAL_SCHEMA>): Result<number> {
  const legs = a.legs ?? [];
  const repeaters = a.repeaters ?? [];
  if (!setting<boolean>(state.settings, "repeaters")) {
    return repeaters.length > 0
      ? fail("rules.illegal", "Repeaters are not used in this scenario (setting repeaters).", "action.repeaters")
      : ok(0);
  }
  const maxLeg = setting<number>(state.settings, "signalLegHexes");
  // "A signal arrives if there is a clear line of sight … no longer than 15 hexes in length": a direct signal too.
  if (legs.length === 0) {
    return a.pathHexes > maxLeg
      ? fail(
          "rules.illegal",
          `VII.2: a signal arrives only along a line of sight no longer than ${maxLeg} hexes; send it through repeaters (legs).`,
          "action.pathHexes",
        )
      : ok(0);
  }
  const long = legs.findIndex((l) => l > maxLeg);
  if (long >= 0) return fail("rules.illegal", `VII.2: a signalling leg is at most ${maxLeg} hexes.`, `action.legs[${long}]`);
  if (repeaters.length !== legs.length - 1) return fail("input.invalid", "Give one repeater between each two legs.", "action.repeaters");
  for (const [i, id] of repeaters.entries()) {
    const r = liveShip(state, id, `repeaters[${i}]`);
    if (!r.ok) return r;
    // "A class 3 ship or below that is not engaged in combat"
    // Signalling comes "just after the wind change phase", before this turn's combat: engaged = in combat last turn
    // or this turn so far, or grappled.
    const engaged = r.value.grappledWith.length > 0 || (r.value.lastCombatTurn !== null && r.value.lastCombatTurn >= state.game.turn - 1);
    if (r.value.class < 3 || engaged) {
      return fail("rules.illegal", `${r.value.name} cannot repeat: class 3 or below and not engaged in combat.`, `action.repeaters[${i}]`);
    }
  }
  return ok(Math.floor((legs.length - 1) / 2));
}

export const signal = wsimAction({
  type: "signal",
  describe: ({ state, action }, o) => {
    return `A signal from ${nameOf(state, action.from)} to ${nameOf(state, action.to)}${o.delivered ? " arrives now" : ` arrives on turn ${o.deliverTurn}`}.`;
  },
  outcomeSchema: outcomeOf({
    deliverTurn: fact.number("Arrives on turn"),
    delivered: fact.flag("Delivered at once"),
  }),
  measure: SIGNAL_MEASURES,
  title: "Signal",
  description: "Send a signal (one message a player a turn); it arrives next turn unless the path is 3 hexes or less.",
  schema: SIGNAL_SCHEMA,
  prepare({ state, action: a }) {
    for (const f of ["from", "to"] as const) {
      const s = liveShip(state, a[f], f);
      if (!s.ok) return s;
    }
    // VII.4 "A player may send only one message per turn, even if he has more than one ship."
    if (state.game.signalsSent[a.player] === state.game.turn) {
      return fail("rules.illegal", `${a.player} has sent a message this turn.`, "action.player");
    }
    const limit = signalLimit(setting(state.settings, "signalling"), a.rank, a.britishAfter1803);
    const unit = setting(state.settings, "signalling") === "casus-belli" ? "signals" : "words";
    if (a.size > limit) return fail("rules.illegal", `A ${a.rank} may send ${limit} ${unit} a turn.`, "action.size");
    return ok(a);
  },
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const extra = relayTurns(state, a);
    if (!extra.ok) return extra;
    const turn = state.game.turn;
    const sameTurn = a.pathHexes <= setting<number>(state.settings, "sameTurnSignalHexes");
    const deliverTurn = turn + extra.value + (sameTurn ? 0 : 1);
    const sig = {
      player: a.player,
      from: a.from,
      to: a.to,
      size: a.size,
      leaderLoss: a.leaderLoss,
      sentTurn: turn,
      deliverTurn,
    };
    const delivered = deliverTurn === turn;
    const game = {
      signalsSent: { ...state.game.signalsSent, [sig.player]: turn },
      signals: delivered ? state.game.signals : [...state.game.signals, sig],
      ...(delivered ? { commandChanges: deliverCommand(state, [sig]) } : {}),
    };
    const events: WsimEvent[] = [{ type: delivered ? "signal-delivered" : "signal-sent", signal: sig, game }];
    return resolution({ deliverTurn, delivered }, events);
  },
});
