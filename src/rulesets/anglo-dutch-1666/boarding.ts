/**
 * "Boarding actions" and "Fire Ships": rounds of boarding combat, separation, and the fire ship's contact. The
 * grapple and placement in the hex are `grapple.ts`.
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { chance, flagChance, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { type OutcomeOf, outcomeOrRefusal } from "../../game/define-action.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { Resolution } from "../../game/types.ts";
import { Dist } from "../../odds/distribution.ts";
import { oddsOverDistinctTotals } from "../../odds/plan-odds.ts";
import { fail, ok, type Result } from "../../result.ts";
import { adAction, cfg, checkNotEnded, checkPlay, checkShips, loseHull, ship, shipEvent } from "./common.ts";
import { startFire } from "./criticals.ts";
import { avoidModifier, freed, pair } from "./grapple.ts";
import { boardHeadline } from "./headline.ts";
import { HULL_POINTS } from "./outcome-facts.ts";
import type { AdState } from "./schema.ts";

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
    const c = checkPlay(state, action, ["attacker", "defender"]);
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
    capture: flagChance("A ship is captured", d, "captured"),
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
    separateChance: flagChance("The ships separate", d, "separated"),
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
