/**
 * wsim-battle-v3 movement plots: validates a plotted move string against the turning allowance, the movement
 * points, the turn-then-forward rule with its exceptions, the "T" plot (IV), momentum (V) and Follow in the Wake (III).
 */

import { type Static, Type } from "@sinclair/typebox";
import { nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { liveShip, shipEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { PLOT_MEASURES } from "./measures.ts";
import { momentumLimits, momentumMP, plotCost, type Token, tokenize } from "./momentum.ts";
import { MP } from "./outcome-facts.ts";
import type { Ship, WsimState } from "./state.ts";

const illegal = (message: string) => fail("rules.illegal", message, "action.plot");

/** IV.1 and IV.2: the order of turns, forward moves and T's. */
function checkOrder(tokens: readonly Token[], mayTurnAtOnce: boolean): Result<void> {
  let owe = !mayTurnAtOnce;
  let lastTurn: "L" | "R" | null = null;
  let tUsed = false;
  for (const [i, t] of tokens.entries()) {
    if (t.kind === "L" || t.kind === "R") {
      if (owe) return illegal(`Plot ${i + 1} (${t.kind}): "A ship has to move 1 forward after a turn" (IV.1).`);
      owe = true;
      lastTurn = t.kind;
      tUsed = false;
    } else if (t.kind === "T") {
      // "A T must follow either an R or an L plot in the same game turn"; one T per L/R (a T is itself the turn back).
      if (lastTurn === null || tUsed) return illegal(`Plot ${i + 1} (T): a T must follow its own L or R earlier this game turn (IV.2).`);
      tUsed = true;
      owe = true; // "A T plot counts as a turn for rule A above" — and as the 1 forward that the previous turn owed.
    } else if (t.kind === "F") owe = false;
  }
  return ok(undefined);
}

const PLOT_SCHEMA = actionSchema("plot", {
  ship: shipField("Ship"),
  plot: Type.String({ label: "Plot" }),
  allowanceMP: Type.Integer({ minimum: 0, label: "Movement allowance this turn (MP)" }),
  follows: Type.Optional(shipField("Ship followed (W)")),
  deferLastTurn: Type.Boolean({ default: false, label: "Carry the last turn to next turn (V.5)" }),
});

/** A plot action as its schema gives it. */
type PlotAction = Static<typeof PLOT_SCHEMA>;

export interface PlotOutcome {
  readonly plot: string;
  readonly mp: number;
  readonly momentumMP: number;
  readonly turns: number;
  /** Null: no record of last turn's movement, so V's limits do not apply this turn. */
  readonly lastMP: number | null;
  readonly minimumMP: number;
  readonly maximumMP: number;
  readonly wake: string | null;
  readonly deferredTurn: "L" | "R" | null;
}

function validatePlot(state: WsimState, ship: Ship, a: PlotAction): Result<PlotOutcome> {
  const allowance = a.allowanceMP;
  const { last, accel, decel, maximumMP, minimumMP, forcedLow, mayTurnAtOnce } = momentumLimits(ship, state.settings, allowance);
  const plot = a.plot.toUpperCase();
  const wake = /^W(\w*)$/i.exec(a.plot);
  if (wake) {
    // III: follows "up to the maximum allowed for movement, adding B's … when needed".
    // "notation: W, or W with the number of the ship being followed if there is more than one candidate"
    const friends = state.ships.filter((x) => x.side === ship.side && x.id !== ship.id && !x.sunk);
    const named = a.follows ?? (wake[1] ? wake[1] : friends.length === 1 ? friends[0]?.id : undefined);
    if (named === undefined)
      return fail("input.invalid", "More than one ship could be followed: plot W<ship> or give `follows`.", "action.follows");
    const followed = findShip(state.ships, named, "action.follows");
    if (!followed.ok) return followed;
    if (followed.value.side !== ship.side || followed.value.id === ship.id) {
      return fail("rules.illegal", "Follow in the Wake follows an adjacent friendly ship.", "action.follows");
    }
    const theirs = momentumMP(tokenize(followed.value.plot ?? "") ?? []);
    const mp = Math.max(minimumMP, Math.min(theirs, maximumMP));
    return ok({ plot, mp, momentumMP: mp, turns: 0, lastMP: last, minimumMP, maximumMP, wake: followed.value.id, deferredTurn: null });
  }
  const tokens = tokenize(plot);
  if (!tokens) return illegal(`"${a.plot}" is not a plot: use L, R, T, B, D, forward numbers, or W.`);
  const turns = tokens.filter((t) => t.kind === "L" || t.kind === "R").length;
  const allowed = ship.turningAllowance ?? (ship.class === 1 ? 1 : null);
  if (allowed === null) return fail("input.invalid", `${ship.name} needs its turningAllowance (from its ship card).`, `action.ship`);
  if (turns > allowed) return illegal(`${turns} turns exceed ${ship.name}'s turning allowance of ${allowed} (a T does not count).`);
  // V.5: "turn and move are executed next turn as a combined move of 1 MP" — the plot must open with that move.
  const first = tokens[0];
  if (ship.deferredTurn && !(first?.kind === "F" && first.n >= 1)) {
    return illegal(
      `V.5: ${ship.name}'s carried ${ship.deferredTurn} turn is executed with the first forward move: start the plot with a number.`,
    );
  }
  // V.5: "If such a turn ends the movement for the ship this turn …" — only a plot ending in L or R can carry it.
  const lastToken = tokens[tokens.length - 1];
  if (a.deferLastTurn && lastToken?.kind !== "L" && lastToken?.kind !== "R") {
    return illegal("V.5: only a plot that ends with its turn (L or R) can carry that turn to the next game turn.");
  }
  // IV.1 Exception 1 and Exception 2 ("may turn if it may decelerate to 0"): momentumLimits.
  const order = checkOrder(tokens, mayTurnAtOnce);
  if (!order.ok) return order;
  const backing = setting<number>(state.settings, "backingMP");
  const mp = plotCost(tokens, backing);
  if (mp > allowance) return illegal(`The plot costs ${mp} MP; the movement allowance is ${allowance}.`);
  const counted = momentumMP(tokens);
  if (last !== null && counted > last + accel)
    return illegal(`V.1: ${ship.name} may accelerate ${accel} MP a turn: at most ${last + accel} MP after ${last} last turn.`);
  const bs = tokens.filter((t) => t.kind === "B").length;
  if (forcedLow && bs > 0)
    return illegal(
      'V.2: a ship forced below its deceleration limit "has to move the maximum allowed then, and plots of B … are not allowed".',
    );
  if (counted < minimumMP) {
    const add = minimumMP - counted;
    const strike = Math.max(0, Math.min(bs, Math.ceil((mp + add - allowance) / Math.max(1, backing))));
    return illegal(
      `V.4: ${ship.name} may decelerate only ${decel} MP: add ${plural(add, '"1" plot')} to reach ${minimumMP} MP${strike ? ` and strike the last ${plural(strike, "B plot")}` : ""}.`,
    );
  }
  const deferredTurn = a.deferLastTurn && (lastToken?.kind === "L" || lastToken?.kind === "R") ? lastToken.kind : null;
  return ok({ plot, mp, momentumMP: counted, turns, lastMP: last, minimumMP, maximumMP, wake: null, deferredTurn });
}

export const plotMove = wsimAction({
  type: "plot",
  describe: ({ state, action }, o) => {
    return `${nameOf(state, action.ship)}'s plot ${o.plot} is legal (${o.mp} MP).`;
  },
  outcomeSchema: outcomeOf({
    legal: fact.hidden(Type.Boolean()),
    plot: fact.text("Plot"),
    mp: fact.count("Movement", MP),
    momentumMP: fact.count("Counts for momentum", MP),
    turns: fact.count("Turns"),
    lastMP: fact.nullable(fact.count("Last turn's movement", MP)),
    minimumMP: fact.count("Least allowed", MP),
    maximumMP: fact.count("Most allowed", MP),
    wake: fact.hidden(Type.Unknown()),
    deferredTurn: fact.wordOrNull("Turn deferred to next turn", { L: "left", R: "right" }),
  }),
  measure: PLOT_MEASURES,
  title: "Movement plot",
  description: "Check a movement plot (L, R, T, B, D, numbers, W) against turning allowance, MP and momentum.",
  schema: PLOT_SCHEMA,
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const v = validatePlot(state, s.value, a);
    if (!v.ok) return v;
    return resolution({ legal: true, ...v.value }, [
      shipEvent("plotted", s.value, { plot: v.value.plot, plotMP: v.value.momentumMP, deferredTurn: v.value.deferredTurn }),
    ]);
  },
});
