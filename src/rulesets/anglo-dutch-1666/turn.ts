/**
 * The end of a move ("5. Check for critical hits, roll for fires …") and Appendix 2's initial deployment.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chance, nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp, GameEvent } from "../../game/types.ts";
import { ok } from "../../result.ts";
import { adAction, cfg, checkShips, isBritish, isOut, loseHull, ship, shipEvent } from "./common.ts";
import { gunDeckSwept } from "./damage.ts";
import { downwindSide, HEXSIDE_NAMES, sameHex, stepHex } from "./hexes.ts";
import { HEXES, HEXSIDE_WORDS } from "./outcome-facts.ts";
import type { AdState, Hex, Ship } from "./schema.ts";
import { displacementHexes } from "./tables.ts";

/** Where a ship is displaced at deployment: how far, toward which hexside, whether onto a friend (rolled again). */
const DEPLOYMENT = {
  distance: fact.count("Displaced", HEXES),
  toward: fact.word<number>("Toward", HEXSIDE_WORDS),
  hex: fact.hidden(Type.Unknown()),
  onFriend: fact.flag("Landed on a friend: roll the direction again"),
};

/** Fire rolls still owed this move: "roll 1D ave each move". */
function fireRollsDue(state: AdState): FollowUp[] {
  return state.ships
    .filter((s) => s.onFire && !isOut(s) && s.fireRolledTurn < state.game.turn)
    .map((s) =>
      roll(`${s.name} is on fire: roll 1 average die (2 explodes, 3–4 burns on, 5 put out).`, {
        type: "fire-check",
        ship: s.id,
        turn: state.game.turn,
      }),
    );
}

export const fires = adAction({
  type: "fires",
  describe: (_ctx, o) => {
    return o.burning === 0
      ? "No ship is burning: no fire rolls."
      : `${o.burning === 1 ? "One burning ship must" : `${o.burning} burning ships must`} roll for fire.`;
  },
  outcomeSchema: outcomeOf({ burning: fact.count("Ships on fire to check") }),
  title: "Roll for fires",
  description: "Roll for fires: lists the fire rolls owed by burning ships this move (no dice).",
  schema: actionSchema("fires"),
  plan: () => [],
  resolve: ({ state }) => {
    const followUps = fireRollsDue(state);
    return ok({ outcome: { burning: followUps.length }, events: [], followUps });
  },
});

export const endTurn = adAction({
  type: "end-turn",
  describe: (_ctx, o) => {
    return `Move ${o.turn} begins.`;
  },
  outcomeSchema: outcomeOf({ turn: fact.number("Turn"), fireRollsOwed: fact.count("Fire checks owed", undefined, { omitZero: true }) }),
  title: "End of move",
  description:
    "End the move: owed fire rolls, fire ships burn down a hull point, swept gun decks recover a turn, sinking ships drift in strong winds.",
  schema: actionSchema("end-turn"),
  plan: () => [],
  resolve({ state }) {
    const events: GameEvent[] = [];
    const followUps = fireRollsDue(state);
    for (const s of state.ships) {
      // a swept gun deck rolled this move has cost nothing yet: its turns start with the next move
      if (gunDeckSwept(s, state.game.turn)) {
        const left = s.gunDeckSweptTurns - 1;
        events.push(
          shipEvent("gun-deck-recovering", s.id, { gunDeckSweptTurns: left, ...(left === 0 ? { gunDeckSweptSince: null } : {}) }),
        );
      }
      // Fire ships "move on a straight course losing 1 hull point a turn until sunk" (no critical checks: she is meant to burn).
      if (s.fireshipLit && !isOut(s)) events.push(...loseHull(s, 1, "fire ship burning").events);
      // "Sinking ships remain on table and are an obstacle, but only drift in strong winds" — "Sinking ships drift 1 hex only."
      if (s.sinking && !s.exploded && s.hex && state.wind.strength === "strong") {
        events.push(shipEvent("drifted", s.id, { hex: stepHex(s.hex, downwindSide(state.wind.direction)) }));
      }
    }
    events.push({ type: "turn-ended", game: { turn: state.game.turn + 1 } });
    if (state.wind.justChanged) events.push({ type: "wind-set", cause: "new move", wind: { ...state.wind, justChanged: false } });
    return ok({ outcome: { turn: state.game.turn + 1, fireRollsOwed: followUps.length }, events, followUps });
  },
});

/** "If you end up on a friendly ship (that has already rolled), roll the direction again" — any friend in the hex counts. */
const onFriend = (state: AdState, s: Ship, hex: Hex | null): boolean =>
  state.ships.some((o) => o.id !== s.id && o.side === s.side && !isOut(o) && sameHex(o.hex, hex));

function displace(state: AdState, s: Ship, distance: number, dirDie: number, kind: "deployed" | "redeployed") {
  // "The second die indicates the direction if the ship is displaced, 1= down wind, the 2-6 follows round clockwise."
  const toward = (downwindSide(state.wind.direction) + dirDie - 1) % 6;
  const hex = s.hex && distance > 0 ? stepHex(s.hex, toward, distance) : s.hex;
  const again = distance > 0 && onFriend(state, s, hex);
  return {
    outcome: { distance, toward, hex, onFriend: again },
    events: distance > 0 && hex ? [shipEvent(kind, s.id, { hex }, { distance, toward })] : [],
    followUps: again
      ? [roll(`${s.name} landed on a friend: roll the direction again and displace 1 hex.`, { type: "deployment-redirect", ship: s.id })]
      : [],
  };
}

/** A deployment's sentence, first roll or a roll again: where the ship ends up. */
const displacedSentence = (ship: string, o: { readonly distance: number; readonly toward: number; readonly onFriend: boolean }): string =>
  o.distance === 0
    ? `${ship} is where she should be.`
    : `${ship} is displaced ${o.distance} hex${o.distance === 1 ? "" : "es"} to the ${HEXSIDE_NAMES[o.toward]}${o.onFriend ? ", onto a friend" : ""}.`;

export const deployment = adAction({
  type: "deployment",
  describe: ({ state, action }, o) => displacedSentence(nameOf(state, action.ship), o),
  outcomeSchema: outcomeOf(DEPLOYMENT),
  title: "Initial deployment",
  description:
    "Initial deployment (Appendix 2): two dice a ship — 1–2 stays, 3–4 displaced 1 hex, 5–6 2 hexes; the second die gives the direction (1 downwind, then clockwise).",
  schema: actionSchema("deployment", { ship: shipField("Ship") }),
  prepare: ({ state, action }) => checkShips(state, action, ["ship"]),
  plan: () => [
    entry("displacement", "d6", 1, "First die: 1–2 in place, 3–4 one hex, 5–6 two hexes."),
    entry("direction", "d6", 1, "Second die: 1 downwind, 2–6 round clockwise."),
  ],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const generous = cfg(state).generousEnglish && isBritish(s) ? 1 : 0; // "English ships could subtract 1 if you’re feeling generous"
    const distance = displacementHexes((dice[0]?.[0] ?? 0) - generous);
    return ok(displace(state, s, distance, dice[1]?.[0] ?? 1, "deployed"));
  },
  summary: (d) => ({
    stays: chance(
      "Stays in place",
      d.probability((o) => o.distance === 0),
    ),
    oneHex: chance(
      "Displaced one hex",
      d.probability((o) => o.distance === 1),
    ),
    twoHexes: chance(
      "Displaced two hexes",
      d.probability((o) => o.distance === 2),
    ),
  }),
});

export const deploymentRedirect = adAction({
  type: "deployment-redirect",
  describe: ({ state, action }, o) => displacedSentence(nameOf(state, action.ship), o),
  outcomeSchema: outcomeOf(DEPLOYMENT),
  title: "Displaced again",
  description: "A displaced ship on a friend: roll the direction again and displace from there (1 hex, our reading) until clear.",
  schema: actionSchema("deployment-redirect", { ship: shipField("Ship") }),
  prepare: ({ state, action }) => checkShips(state, action, ["ship"]),
  plan: () => [entry("direction", "d6", 1, "1 downwind, 2–6 round clockwise.")],
  resolve: ({ state, action }, dice) => ok(displace(state, ship(state, action.ship), 1, dice[0]?.[0] ?? 1, "redeployed")),
});
