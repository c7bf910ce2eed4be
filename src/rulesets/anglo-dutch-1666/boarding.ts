/**
 * "Boarding actions", collisions and "Fire Ships": avoiding a grapple, placement in the hex, rounds of boarding
 * combat, separation, and the fire ship's contact.
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { chance, nameOf, roll } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { type OutcomeOf, outcomeOrRefusal } from "../../game/define-action.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { FollowUp, GameEvent, Resolution } from "../../game/types.ts";
import { Dist } from "../../odds/distribution.ts";
import { oddsOverDistinctTotals } from "../../odds/plan-odds.ts";
import { fail, ok, type Result } from "../../result.ts";
import { adAction, cfg, checkNotEnded, checkShips, loseHull, ship, shipEvent } from "./common.ts";
import { startFire } from "./criticals.ts";
import { effectiveHandling } from "./damage.ts";
import { boardHeadline } from "./headline.ts";
import { GRAPPLE_MEASURES } from "./measures.ts";
import { HULL_POINTS, SIDE_WORDS } from "./outcome-facts.ts";
import type { AdState, GrappleKind, Ship } from "./schema.ts";
import type { AdSettings } from "./settings.ts";

const KINDS = ["boarding", "collision", "fire-ship"] as const;
const INITIATIVE = ["attacker", "defender", "none"] as const;
/** The two ships of a grapple, as form fields. */
const pair = {
  attacker: shipField("Ship attempting the grapple"),
  defender: shipField("Ship grappled"),
};

/**
 * Avoiding a grapple: "+1 for each of H, smaller, or have the initiative, -1 if UH, -1 for each step of damage";
 * a fire ship does not count "smaller, handy, or damage steps".
 */
export function avoidModifier(s: Ship, other: Ship, hasInitiative: boolean, settings: AdSettings, isFireShip = false): number {
  const h = effectiveHandling(s, s.stepsLost);
  const size = (x: Ship) => (settings.smallerBy === "guns" ? x.guns : x.hullPoints);
  let m = 0;
  if (!isFireShip && h.handy) m += 1;
  if (!isFireShip && size(s) < size(other)) m += 1;
  if (hasInitiative) m += 1;
  if (h.unhandy) m -= 1;
  if (!isFireShip) m -= s.stepsLost;
  return m;
}

const held = (a: Ship, b: Ship, kind: GrappleKind): GameEvent[] => [
  shipEvent("grappled", a.id, { grappledWith: b.id, grappleKind: kind, lostBoardingRound: false, wonBoardingRound: false }),
  shipEvent("grappled", b.id, { grappledWith: a.id, grappleKind: kind, lostBoardingRound: false, wonBoardingRound: false }),
];
const freed = (a: Ship, b: Ship): GameEvent[] => [
  shipEvent("separated", a.id, { grappledWith: null, grappleKind: null, lostBoardingRound: false, wonBoardingRound: false }),
  shipEvent("separated", b.id, { grappledWith: null, grappleKind: null, lostBoardingRound: false, wonBoardingRound: false }),
];

export const grapple = adAction({
  type: "grapple",
  describe: ({ state, action }, o) => {
    return o.grappled
      ? `${nameOf(state, action.attacker)} and ${nameOf(state, action.defender)} are locked together (${o.kind}).`
      : `${nameOf(state, action.defender)} avoids ${nameOf(state, action.attacker)}.`;
  },
  outcomeSchema: outcomeOf({
    grappled: fact.flag("Grappled", { no: "Not grappled" }),
    avoided: fact.hidden(Type.Boolean()),
    kind: fact.word("Grapple", { boarding: "to board", collision: "a collision", "fire-ship": "by a fire ship" }),
    attackerScore: fact.nullable(fact.die("Attacker's score")),
    defenderScore: fact.nullable(fact.die("Defender's score")),
  }),
  measure: GRAPPLE_MEASURES,
  title: "Grapple",
  description:
    "Contact: a grapple, a collision of friends in one hex, or a fire ship's strike. The defender may try to avoid it (an average die each).",
  schema: actionSchema("grapple", {
    ...pair,
    kind: literals(KINDS, { default: "boarding", label: "Kind" }),
    defenderAvoids: Type.Boolean({ default: true, label: "Defender tries to avoid" }),
    initiative: literals(INITIATIVE, { default: "none", label: "Who has the initiative" }),
    bothMoved: Type.Boolean({ default: false, label: "Both ships have moved" }),
  }),
  prepare({ state, action }) {
    const e = checkNotEnded(state, action);
    if (!e.ok) return e;
    const c = checkShips(state, action, ["attacker", "defender"]);
    if (!c.ok) return c;
    const a = ship(state, action.attacker);
    const d = ship(state, action.defender);
    if (a.grappledWith !== null || d.grappledWith !== null)
      return fail("rules.illegal", "One of these ships is already held by another.", "action.attacker");
    if (action.kind === "fire-ship" && !a.fireshipLit)
      return fail("rules.illegal", `${a.name} is not a fired fire ship.`, "action.attacker");
    if (action.kind === "collision" && a.side !== d.side)
      return fail("rules.illegal", "A collision is between friendly ships.", "action.defender");
    if (action.kind !== "boarding" && action.defenderAvoids === false)
      return fail("rules.illegal", "Only a boarding can be accepted without a roll.", "action.defenderAvoids");
    return ok(action);
  },
  plan: ({ state, action }) =>
    action.defenderAvoids === false
      ? []
      : [
          bySide(ship(state, action.attacker).side, entry("attacker", "dave", 1, `${ship(state, action.attacker).name} tries to close.`)),
          bySide(ship(state, action.defender).side, entry("defender", "dave", 1, `${ship(state, action.defender).name} tries to avoid.`)),
        ],
  resolve({ state, action }, dice) {
    const a = ship(state, action.attacker);
    const d = ship(state, action.defender);
    const kind = action.kind;
    const s = cfg(state);
    let attackerScore: number | null = null;
    let defenderScore: number | null = null;
    if (action.defenderAvoids) {
      attackerScore = (dice[0]?.[0] ?? 0) + avoidModifier(a, d, action.initiative === "attacker", s, kind === "fire-ship");
      defenderScore = (dice[1]?.[0] ?? 0) + avoidModifier(d, a, action.initiative === "defender", s);
    }
    // "If the defender scores higher, they successfully avoid the grapple."
    const avoided = attackerScore !== null && defenderScore !== null && defenderScore > attackerScore;
    const events: GameEvent[] = avoided ? [] : held(a, d, kind);
    const followUps: FollowUp[] = [];
    if (!avoided && kind === "fire-ship") {
      // "If successful, they have struck the target, treat as a critical hit fire."
      const f = startFire(d, "fire ship");
      events.push(...f.events);
      followUps.push(...f.followUps);
    }
    // "If both ships have moved they both stay in the hex, roll a DAve, odds the attacker is placed to port, evens to starboard"
    if (action.bothMoved === true && kind === "boarding") {
      followUps.push(
        roll("Both ships stay in the hex: 1 average die places the attacker (odd port, even starboard).", {
          type: "placement",
          attacker: a.id,
          defender: d.id,
        }),
      );
    }
    return ok({ outcome: { grappled: !avoided, avoided, kind, attackerScore, defenderScore }, events, followUps });
  },
  summary: (d) => ({
    grappleChance: chance(
      "Grappled",
      d.probability((o) => o.grappled === true),
    ),
  }),
});

export const placement = adAction({
  type: "placement",
  describe: ({ state, action }, o) => {
    return `${nameOf(state, action.attacker)} lies to ${o.attackerTo} of ${nameOf(state, action.defender)}.`;
  },
  outcomeSchema: outcomeOf({ attackerTo: fact.word("Attacker placed to", SIDE_WORDS) }),
  title: "Port or starboard",
  description: "Both ships in one hex: 1 average die — odd, the attacker lies to port of the defender; even, to starboard.",
  schema: actionSchema("placement", { ...pair }),
  prepare: ({ state, action }) => checkShips(state, action, ["attacker", "defender"]),
  plan: () => [entry("placement", "dave", 1, "Odd: attacker to port of the defender; even: to starboard.")],
  resolve: (_ctx, dice) => ok({ outcome: { attackerTo: (dice[0]?.[0] ?? 0) % 2 === 1 ? "port" : "starboard" }, events: [], followUps: [] }),
  summary: (d) => ({
    port: chance(
      "The attacker lies to port",
      d.probability((o) => o.attackerTo === "port"),
    ),
  }),
});

const round = (x: number, how: "down" | "up") => (how === "up" ? Math.ceil(x) : Math.floor(x));

/** Two average dice showing a total (2 + 2 … 5 + 5): `resolve` reads the total alone. */
const totalAsDice = (t: number): number[] => [Math.min(5, t - 2), t - Math.min(5, t - 2)];

/** A boarding round: who won, both scores, the hull each side lost. */
const BOARD_OUTCOME = outcomeOf({
  winner: fact.shipOrNull("Round won by", { none: "Drawn round" }),
  attackerScore: fact.die("Attacker's score"),
  defenderScore: fact.die("Defender's score"),
  inflicted: fact.count("Hull lost by the loser", HULL_POINTS),
  winnerHits: fact.count("Hull lost by the winner", HULL_POINTS, { omitZero: true }),
  captured: fact.flag("Captured"),
});

/** One boarding round from both sides' dice (each side's total is all that counts). */
function boardingRound(
  state: AdState,
  action: { readonly attacker: string; readonly defender: string },
  dice: readonly (readonly number[])[],
): Result<Resolution<OutcomeOf<typeof BOARD_OUTCOME>>> {
  const a = ship(state, action.attacker);
  const d = ship(state, action.defender);
  const s = cfg(state);
  const sum = (g: readonly number[] | undefined) => (g ?? []).reduce((x, y) => x + y, 0);
  const aScore = sum(dice[0]) + a.hullPoints - a.damage;
  const dScore = sum(dice[1]) + d.hullPoints - d.damage;
  if (aScore === dScore)
    return ok({
      outcome: { winner: null, attackerScore: aScore, defenderScore: dScore, inflicted: 0, winnerHits: 0, captured: false },
      // a drawn round has no winner: neither may try to separate after it
      events: [a, d].filter((x) => x.wonBoardingRound).map((x) => shipEvent("drawn-boarding-round", x.id, { wonBoardingRound: false })),
      followUps: [],
    });
  const [winner, loser] = aScore > dScore ? [a, d] : [d, a];
  const inflicted = round(Math.abs(aScore - dScore) / 2, s.boardingLoserRounding);
  const winnerHits = round(inflicted / 3, s.boardingWinnerRounding);
  const lost = loseHull(loser, inflicted, "boarding", { capture: true, capturedBy: winner.id });
  const won = loseHull(winner, winnerHits, "boarding");
  const events = [...lost.events, ...won.events];
  if (!lost.captured) {
    events.push(shipEvent("lost-boarding-round", loser.id, { lostBoardingRound: true, wonBoardingRound: false }));
    if (!won.sinking) events.push(shipEvent("won-boarding-round", winner.id, { wonBoardingRound: true }));
  }
  if (lost.captured || won.sinking) events.push(...freed(winner, loser));
  return ok({
    outcome: { winner: winner.id, attackerScore: aScore, defenderScore: dScore, inflicted, winnerHits, captured: lost.captured },
    events,
    followUps: [...lost.followUps, ...won.followUps],
  });
}

export const board = adAction({
  type: "board",
  describe: ({ state }, o) => {
    return o.winner === null
      ? "The boarding round is even."
      : `${nameOf(state, o.winner)} wins the boarding round, inflicting ${o.inflicted}${o.captured ? " and taking her prize" : ""}.`;
  },
  outcomeSchema: BOARD_OUTCOME,
  title: "Boarding round",
  description: "A round of boarding: each rolls 2 average dice + remaining hull points; the loser takes half the difference.",
  schema: actionSchema("board", { ...pair }),
  prepare({ state, action }) {
    const e = checkNotEnded(state, action);
    if (!e.ok) return e;
    const c = checkShips(state, action, ["attacker", "defender"]);
    if (!c.ok) return c;
    const a = ship(state, action.attacker);
    if (a.grappledWith !== action.defender || a.grappleKind !== "boarding")
      return fail("rules.illegal", `${a.name} is not grappled with that ship.`, "action.defender");
    return ok(action);
  },
  plan: ({ state, action }) => [
    bySide(ship(state, action.attacker).side, entry("attacker", "dave", 2, `${ship(state, action.attacker).name}'s boarders.`)),
    bySide(ship(state, action.defender).side, entry("defender", "dave", 2, `${ship(state, action.defender).name}'s boarders.`)),
  ],
  // The round reads each side's DAve total alone: 7 × 7 totals instead of 10 × 10 multisets, each resolved. Every
  // outcome carries both scores (total + hull left), so they are distinct and need no merging.
  dist(ctx) {
    const plan = [entry("attacker", "dave", 2, ""), entry("defender", "dave", 2, "")];
    const each = oddsOverDistinctTotals(plan, ([a = 0, d = 0]) =>
      outcomeOrRefusal(boardingRound(ctx.state, ctx.action, [totalAsDice(a), totalAsDice(d)])),
    );
    // A refused round (none is, once checked) would repeat its error: those are merged.
    return ok(each.entries.some((e) => "error" in e.value) ? Dist.from(each.entries) : each);
  },
  resolve: ({ state, action }, dice) => boardingRound(state, action, dice),
  summary: (d) => ({
    attackerWins: chance(
      "The attacker wins the round",
      d.probability((o) => o.winner !== null && o.attackerScore > o.defenderScore),
    ),
    defenderWins: chance(
      "The defender wins the round",
      d.probability((o) => o.winner !== null && o.defenderScore > o.attackerScore),
    ),
    draw: chance(
      "A drawn round",
      d.probability((o) => o.winner === null),
    ),
    capture: chance(
      "A ship is captured",
      d.probability((o) => o.captured === true),
    ),
  }),
  headline: ({ state, action }, odds) => boardHeadline(state, action, odds),
});

export const separate = adAction({
  type: "separate",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return o.separated ? `${ship} gets clear.` : `${ship} fails to get clear${o.furtherFire ? " and catches fire again" : ""}.`;
  },
  outcomeSchema: outcomeOf({
    separated: fact.flag("The ships separate", { no: "Still grappled" }),
    roll: Type.Optional(fact.die("Rolled")),
    shipScore: Type.Optional(fact.die("Score to get clear")),
    otherScore: Type.Optional(fact.die("Score to hold on")),
    furtherFire: Type.Optional(fact.flag("A further fire from the fire ship")),
  }),
  title: "Separation",
  description: "Separate: a collision needs 4+ on a D6; a boarding winner or a fire ship's target rolls as if avoiding a grapple.",
  schema: actionSchema("separate", {
    ship: shipField("Ship trying to separate"),
    initiative: literals(["ship", "other", "none"], { default: "none", label: "Who has the initiative" }),
  }),
  prepare({ state, action }) {
    const c = checkShips(state, action, ["ship"]);
    if (!c.ok) return c;
    const s = ship(state, action.ship);
    if (s.grappledWith === null) return fail("rules.illegal", `${s.name} is not held by another ship.`, "action.ship");
    if (s.grappleKind === "fire-ship" && s.fireshipLit)
      return fail("rules.illegal", "The fire ship's target makes the roll to get clear.", "action.ship");
    if (s.grappleKind === "boarding" && !s.wonBoardingRound)
      return fail(
        "rules.illegal",
        `Only the winner of a round of boarding combat may try to separate; ${s.name} did not win the last round.`,
        "action.ship",
      );
    return ok(action);
  },
  plan({ state, action }) {
    const s = ship(state, action.ship);
    if (s.grappleKind === "collision") return [entry("separate", "d6", 1, "Collision: 4+ to separate.")];
    const o = state.ships.find((x) => x.id === s.grappledWith);
    return [
      bySide(s.side, entry("ship", "dave", 1, `${s.name} tries to get clear.`)),
      bySide(o?.side, entry("other", "dave", 1, `${o?.name ?? "The other ship"} holds on.`)),
    ];
  },
  resolve({ state, action }, dice) {
    const s = ship(state, action.ship);
    const o = state.ships.find((x) => x.id === s.grappledWith) ?? s;
    if (s.grappleKind === "collision") {
      const d = dice[0]?.[0] ?? 0;
      return ok({ outcome: { separated: d >= 4, roll: d }, events: d >= 4 ? freed(s, o) : [], followUps: [] });
    }
    const fireShip = s.grappleKind === "fire-ship";
    // "rolling as if attempting to avoid a grapple, but with additional -1 if have lost a previous round of combat"
    const myScore = (dice[0]?.[0] ?? 0) + avoidModifier(s, o, action.initiative === "ship", cfg(state)) - (s.lostBoardingRound ? 1 : 0);
    const otherScore = (dice[1]?.[0] ?? 0) + avoidModifier(o, s, action.initiative === "other", cfg(state), fireShip);
    const separated = myScore > otherScore;
    if (separated) return ok({ outcome: { separated, shipScore: myScore, otherScore }, events: freed(s, o), followUps: [] });
    // Fire ship: "If the target is unable to disengage the next turn (by another grapple roll), a further fire is caused."
    const f = fireShip ? startFire(s, "fire ship") : { events: [], followUps: [] };
    return ok({ outcome: { separated, shipScore: myScore, otherScore, furtherFire: fireShip }, events: f.events, followUps: f.followUps });
  },
  summary: (d) => ({
    separateChance: chance(
      "The ships separate",
      d.probability((o) => o.separated === true),
    ),
  }),
});

export const lightFireShip = adAction({
  type: "light-fire-ship",
  describe: ({ state, action }, _o) => {
    const ship = nameOf(state, action.ship);
    return `${ship} is fired and bears down.`;
  },
  outcomeSchema: outcomeOf({ lit: fact.flag("Fire ship lit") }),
  title: "Fire ship fired",
  description: "Fire a fire ship at the beginning of a turn: from now on she moves first, straight, losing a hull point a turn.",
  schema: actionSchema("light-fire-ship", { ship: shipField("Fire ship") }),
  prepare({ state, action }) {
    const c = checkShips(state, action, ["ship"]);
    if (!c.ok) return c;
    const s = ship(state, action.ship);
    if (!s.fireship || s.fireshipLit) return fail("rules.illegal", `${s.name} is not an unfired fire ship.`, "action.ship");
    return checkNotEnded(state, action);
  },
  plan: () => [],
  resolve: ({ state, action }) =>
    ok({
      outcome: { lit: true },
      events: [shipEvent("fire-ship-lit", ship(state, action.ship).id, { fireshipLit: true })],
      followUps: [],
    }),
});
