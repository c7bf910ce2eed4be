/**
 * "Critical hits" (2 average dice at each step lost) and their follow-ups: fire each move, the gun deck swept
 * for 1D Ave turns, the helm's next-move turn, the flag officer hit.
 */
import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { chanceOfEach, expectedOf, nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp, GameEvent } from "../../game/types.ts";
import { fail, ok } from "../../result.ts";
import { adAction, checkShips, loseHull, releaseGrapple, ship, shipEvent } from "./common.ts";
import { HULL_POINTS } from "./outcome-facts.ts";
import type { Ship } from "./schema.ts";
import { type CriticalEffect, criticalEffect, type FireResult, fireResult, helmResult } from "./tables.ts";

const shipOnly = <T extends string>(type: T) => actionSchema(type, { ship: shipField("Ship") });

/** A fire starts: "roll 1D ave each move (inc move inflicted)" — the first roll follows at once. */
export function startFire(s: Ship, cause: string): { events: GameEvent[]; followUps: FollowUp[] } {
  return {
    events: [shipEvent("fire-started", s.id, { onFire: true }, { cause })],
    followUps: [
      roll(`${s.name} is on fire: roll 1 average die (2 explodes, 3–4 burns on, 5 put out).`, { type: "fire-check", ship: s.id }),
    ],
  };
}

/** The odds' words for each critical effect, each fire check's result and each way the helm goes (summary figures). */
const CRITICAL_EFFECTS = {
  fire: "Fire",
  none: "No effect",
  "gun-deck-swept": "Gun deck swept",
  helm: "Helm damaged",
  "flag-officer": "Flag officer hit",
};
const FIRE_RESULTS = { explodes: "Explodes", burns: "Burns on", extinguished: "Fire extinguished" };
const HELM_WAYS = { port: "Helm to port", none: "Helm amidships", starboard: "Helm to starboard" };

export const critical = adAction({
  type: "critical",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `Critical hit check on ${ship}: ${o.effect.replace(/-/g, " ")}.`;
  },
  outcomeSchema: outcomeOf({
    score: fact.die("Rolled"),
    effect: fact.word<CriticalEffect>("Critical hit", {
      fire: "fire",
      none: "no special effect",
      "gun-deck-swept": "gun deck swept by fire: an extra gunnery step lost for 1D Ave turns",
      helm: "helm hit",
      "flag-officer": "flag officer hit",
    }),
  }),
  title: "Critical hit check",
  description: "Critical hit check at a step lost: 2 average dice (4–5 fire, 8 gun deck swept, 9 helm, 10 flag officer).",
  schema: shipOnly("critical"),
  prepare: ({ state, action }) => checkShips(state, action, ["ship"]),
  plan: ({ state, action }) => [entry("critical", "dave", 2, `Critical hit check for ${ship(state, action.ship).name}.`)],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const score = (dice[0] ?? []).reduce((a, b) => a + b, 0);
    const effect = criticalEffect(score);
    let events: GameEvent[] = [];
    let followUps: FollowUp[] = [];
    if (effect === "fire") ({ events, followUps } = startFire(s, "critical"));
    if (effect === "gun-deck-swept")
      followUps = [
        roll(`${s.name}'s gun deck is swept: roll 1 average die for the turns she loses a further gunnery step.`, {
          type: "gun-deck-swept",
          ship: s.id,
        }),
      ];
    if (effect === "helm")
      followUps = [roll(`${s.name}'s helm is hit: roll 1 average die (2 port, 3–4 no turn, 5 starboard).`, { type: "helm", ship: s.id })];
    if (effect === "flag-officer") {
      // "Flag officer hit." — read as killed (Initiative: "reduced by -1 if the flag officer is killed"); no effect without one aboard.
      events = s.flagOfficer === "present" ? [shipEvent("flag-officer-hit", s.id, { flagOfficer: "killed" })] : [];
    }
    return ok({ outcome: { score, effect }, events, followUps });
  },
  summary: (d) => chanceOfEach(CRITICAL_EFFECTS, d, "effect"),
});

export const fireCheck = adAction({
  type: "fire-check",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `Fire aboard ${ship}: ${o.result === "burns" ? "burns on, 1 hull point lost" : o.result}.`;
  },
  outcomeSchema: outcomeOf({
    result: fact.word<FireResult>("Fire", {
      explodes: "the ship explodes",
      burns: "burns on: 1 hull point lost",
      extinguished: "extinguished",
    }),
    hullLost: fact.count("Hull lost", HULL_POINTS, { omitZero: true }),
    sinking: Type.Optional(fact.flag("Sinking")),
  }),
  title: "Fire roll",
  description: "A burning ship rolls 1 average die each move: 2 explodes, 3–4 burns on and loses a hull point, 5 put out.",
  schema: actionSchema("fire-check", {
    ship: shipField("Ship"),
    turn: Type.Optional(Type.Integer({ minimum: 1, label: "Turn of this roll" })),
  }),
  prepare({ state, action }) {
    const c = checkShips(state, action, ["ship"]);
    if (!c.ok) return c;
    return ship(state, action.ship).onFire
      ? ok(action)
      : fail("rules.illegal", `${ship(state, action.ship).name} is not on fire.`, "action.ship");
  },
  plan: ({ state, action }) => [entry("fire", "dave", 1, `Fire aboard ${ship(state, action.ship).name}.`)],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const d = dice[0]?.[0] ?? 0;
    const result = fireResult(d);
    const turn = typeof action.turn === "number" ? action.turn : state.game.turn;
    const rolled = shipEvent("fire-rolled", s.id, { fireRolledTurn: turn });
    if (result === "explodes") {
      return ok({
        outcome: { result, hullLost: s.hullPoints - s.damage },
        events: [rolled, ...releaseGrapple(s), shipEvent("exploded", s.id, { exploded: true, onFire: false, damage: s.hullPoints })],
        followUps: [],
      });
    }
    if (result === "extinguished")
      return ok({ outcome: { result, hullLost: 0 }, events: [rolled, shipEvent("fire-out", s.id, { onFire: false })], followUps: [] });
    const loss = loseHull(s, 1, "fire");
    const out = loss.sinking ? [shipEvent("fire-out", s.id, { onFire: false }, { cause: "sinking" })] : [];
    return ok({
      outcome: { result, hullLost: loss.lost, sinking: loss.sinking },
      events: [rolled, ...loss.events, ...out],
      followUps: loss.followUps,
    });
  },
  summary: (d) => chanceOfEach(FIRE_RESULTS, d, "result"),
});

export const gunDeckSwept = adAction({
  type: "gun-deck-swept",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `${ship}'s gun deck is swept for ${o.turns} turns.`;
  },
  outcomeSchema: outcomeOf({ turns: fact.count("Turns with an extra step lost") }),
  title: "Gun deck swept",
  description: "Gun deck swept: 1 average die gives the turns of the extra gunnery step lost.",
  schema: shipOnly("gun-deck-swept"),
  prepare: ({ state, action }) => checkShips(state, action, ["ship"]),
  plan: ({ state, action }) => [entry("turns", "dave", 1, `Turns ${ship(state, action.ship).name}'s gun deck stays swept.`)],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const turns = dice[0]?.[0] ?? 0;
    // Rolled in step 5, "Check for critical hits", after all ships fired: the turns start with the next move.
    const set =
      turns >= s.gunDeckSweptTurns
        ? { gunDeckSweptTurns: turns, gunDeckSweptSince: state.game.turn }
        : { gunDeckSweptTurns: s.gunDeckSweptTurns };
    return ok({ outcome: { turns }, events: [shipEvent("gun-deck-swept", s.id, set)], followUps: [] });
  },
  summary: (d) => ({
    expectedTurns: expectedOf("Turns out of action, to expect", d, "turns", "turns"),
  }),
});

export const helm = adAction({
  type: "helm",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `${ship}'s helm: ${o.next === "none" ? "no turn" : `turn to ${o.next}`} next move.`;
  },
  outcomeSchema: outcomeOf({
    next: fact.word("Next move", { port: "turns to port", starboard: "turns to starboard", none: "no turn next turn" }),
  }),
  title: "Helm hit",
  description: "Helm hit: 1 average die — 2 next move turns to port, 3–4 no turn next turn, 5 turns to starboard.",
  schema: shipOnly("helm"),
  prepare: ({ state, action }) => checkShips(state, action, ["ship"]),
  plan: ({ state, action }) => [entry("helm", "dave", 1, `Helm damage aboard ${ship(state, action.ship).name}.`)],
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const next = helmResult(dice[0]?.[0] ?? 0);
    return ok({ outcome: { next }, events: [shipEvent("helm-hit", s.id, { helm: next })], followUps: [] });
  },
  summary: (d) => chanceOfEach(HELM_WAYS, d, "next"),
});
