/**
 * Age of Sail boarding: a die per remaining gun deck, the highest total captures; a 6 to disentangle; the prize
 * manned by a gun deck of the winner on separating.
 */

import { Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { oddsOfEntries } from "../../game/action-handler.ts";
import { chance, flagChance, nameOf, resolution, setting } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import { Dist } from "../../odds/distribution.ts";
import { jointOutcomes } from "../../odds/product.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type AosEvent, liveShip, shipEvent } from "./events.ts";
import { lossScore } from "./hazards.ts";
import { boardHeadline } from "./headline.ts";
import { aosAction } from "./kit.ts";
import { BOARD_MEASURES } from "./measures.ts";
import { type AosState, BROADSIDES, type Broadside, FULL_STRENGTH, type Ship, totalDecks } from "./state.ts";

/** Two different ships, each named by its action field: `[id, field]`. */
function pair(state: AosState, [xId, x]: readonly [string, string], [yId, y]: readonly [string, string]): Result<[Ship, Ship]> {
  const p = liveShip(state, xId, x);
  if (!p.ok) return p;
  const q = liveShip(state, yId, y);
  if (!q.ok) return q;
  if (p.value.id === q.value.id) return fail("input.invalid", "Two different ships are needed.", `action.${y}`);
  return ok([p.value, q.value]);
}

/** "The highest total wins and captures the opposing ship." A tie (unstated) captures nobody; the ships stay in contact. */
function boardingResult(att: Ship, def: Ship, attackerTotal: number, defenderTotal: number) {
  const winner = attackerTotal > defenderTotal ? att : defenderTotal > attackerTotal ? def : null;
  return { winner, loser: winner === null ? null : winner === att ? def : att };
}

function boardingOutcome(att: Ship, def: Ship, attackerTotal: number, defenderTotal: number) {
  const { winner, loser } = boardingResult(att, def, attackerTotal, defenderTotal);
  return { attackerTotal, defenderTotal, winner: winner?.id ?? null, captured: loser?.id ?? null };
}

const entangle = (s: Ship, other: string): string[] => (s.entangledWith.includes(other) ? s.entangledWith : [...s.entangledWith, other]);
const sum = (xs: readonly number[] = []) => xs.reduce((a, b) => a + b, 0);

export const board = aosAction({
  type: "board",
  describe: ({ state }, o) => {
    return o.captured
      ? `${nameOf(state, o.winner)} wins the boarding ${o.attackerTotal}–${o.defenderTotal} and captures ${nameOf(state, o.captured)}.`
      : `The boarding is a tie (${o.attackerTotal}–${o.defenderTotal}); the ships stay locked together.`;
  },
  outcomeSchema: outcomeOf({
    attackerTotal: fact.die("Boarders' total"),
    defenderTotal: fact.die("Defenders' total"),
    winner: fact.shipOrNull("Won by", { none: "A tie: the fight goes on" }),
    captured: fact.shipOrNull("Captured"),
  }),
  measure: BOARD_MEASURES,
  title: "Boarding",
  description: "Boarding on contact: each side rolls a die per remaining gun deck; the highest total captures (a tie fights on).",
  schema: actionSchema("board", { attacker: shipField("Boarding ship"), defender: shipField("Boarded ship") }),
  prepare({ state, action: a }) {
    const p = pair(state, [a.attacker, "attacker"], [a.defender, "defender"]);
    if (!p.ok) return p;
    const [att, def] = p.value;
    if (att.side === def.side) return fail("rules.illegal", `${def.name} is on ${att.name}'s own side.`, "action.defender");
    // "the crew cannot man their guns or board another ship whilst they attempt to repair their masts"
    if (att.repairingMasts) return fail("rules.illegal", `${att.name}'s crew is repairing masts and cannot board.`, "action.attacker");
    return ok(a);
  },
  plan({ state, action: a }) {
    const p = pair(state, [a.attacker, "attacker"], [a.defender, "defender"]);
    if (!p.ok) return p;
    const [att, def] = p.value;
    return ok([
      bySide(att.side, entry("attacker", "d6", totalDecks(att), `${att.name}: a die per remaining gun deck`)),
      bySide(def.side, entry("defender", "d6", totalDecks(def), `${def.name}: a die per remaining gun deck`)),
    ]);
  },
  resolve({ state, action: a }, dice) {
    const p = pair(state, [a.attacker, "attacker"], [a.defender, "defender"]);
    if (!p.ok) return p;
    const [att, def] = p.value;
    const attackerTotal = sum(dice[0]);
    const defenderTotal = sum(dice[1]);
    const { winner, loser } = boardingResult(att, def, attackerTotal, defenderTotal);
    const events: AosEvent[] = [
      shipEvent("contact", att, { entangledWith: entangle(att, def.id) }),
      shipEvent("contact", def, { entangledWith: entangle(def, att.id) }),
    ];
    if (winner && loser) {
      events.push(...lossScore(state, loser, winner.side, `${loser.name} captured`));
      events.push(
        shipEvent(
          "captured",
          loser,
          { captured: true, side: winner.side, prizeCrewDue: true, gunDecks: { port: 0, starboard: 0 } },
          { by: winner.id },
        ),
      );
    }
    return resolution(boardingOutcome(att, def, attackerTotal, defenderTotal), events);
  },
  // Only the totals matter: the two sums by convolution; up to 61 × 61 distinct outcomes, so the list holds the
  // likeliest (best-first) and the summary runs over every pair of totals.
  odds({ state, action: a }) {
    const p = pair(state, [a.attacker, "attacker"], [a.defender, "defender"]);
    if (!p.ok) return p;
    const [att, def] = p.value;
    const totals = [Dist.sum("d6", totalDecks(att)).entries, Dist.sum("d6", totalDecks(def)).entries];
    let [pAttackerCaptures, pDefenderCaptures, pTie] = [0, 0, 0];
    for (const x of totals[0] ?? [])
      for (const y of totals[1] ?? []) {
        const { loser } = boardingResult(att, def, x.value, y.value);
        const q = x.p * y.p;
        if (loser === null || loser === undefined) pTie += q;
        else if (loser.id === def.id) pAttackerCaptures += q;
        else pDefenderCaptures += q;
      }
    const joint = jointOutcomes(totals, ([x, y]) => boardingOutcome(att, def, x ?? 0, y ?? 0));
    const summary = {
      pAttackerCaptures: chance(`${att.name} captures ${def.name}`, pAttackerCaptures),
      pDefenderCaptures: chance(`${def.name} captures ${att.name}`, pDefenderCaptures),
      pTie: chance("A tie: locked together", pTie),
    };
    return ok(oddsOfEntries(joint.entries, summary, joint.truncated));
  },
  headline: ({ state, action }, odds) => boardHeadline(state, action, odds),
});

/** The winner's gun decks that go across: "manned by at least one gun deck from the winning ship". */
function prizeCrew(state: AosState, winner: Ship, prize: Ship, from: Broadside | undefined) {
  const want = setting<number>(state.settings, "prizeCrewDecks");
  const side: Broadside = from ?? (winner.gunDecks.starboard > winner.gunDecks.port ? "starboard" : "port");
  const moved = Math.min(want, winner.gunDecks[side], FULL_STRENGTH[prize.class].decks);
  return {
    side,
    moved,
    winnerDecks: { ...winner.gunDecks, [side]: winner.gunDecks[side] - moved },
    prizeDecks: { port: side === "port" ? moved : 0, starboard: side === "starboard" ? moved : 0 },
  };
}

export const separate = aosAction({
  type: "separate",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return o.separated ? `${ship} and ${nameOf(state, action.other)} separate.` : `${ship} stays entangled.`;
  },
  outcomeSchema: outcomeOf({
    separated: fact.flag("The ships separate", { no: "Still entangled" }),
    prizeCrew: fact.count("Prize crew moved", undefined, { omitZero: true }),
  }),
  title: "Disentangle",
  description: "Entangled ships try to separate: a 6. A captured ship is then manned by a gun deck of the winner.",
  schema: actionSchema("separate", {
    ship: shipField("Ship"),
    other: shipField("Entangled with"),
    prizeCrewFrom: Type.Optional(literals(BROADSIDES, { label: "Prize crew from" })),
  }),
  prepare({ state, action: a }) {
    const p = pair(state, [a.ship, "ship"], [a.other, "other"]);
    if (!p.ok) return p;
    return p.value[0].entangledWith.includes(p.value[1].id) ? ok(a) : fail("rules.illegal", `The ships are not entangled.`, "action.other");
  },
  plan: () => ok([entry("separate", "d6", 1, "Disentangle on a 6")]),
  resolve({ state, action: a }, dice) {
    const p = pair(state, [a.ship, "ship"], [a.other, "other"]);
    if (!p.ok) return p;
    const [x, y] = p.value;
    // "Once the ships are in contact, it takes a throw of 6 on a dice to disentangle them."
    if ((dice[0]?.[0] ?? 0) !== 6) return resolution({ separated: false, prizeCrew: 0 }, []);
    const events: AosEvent[] = [];
    const prize = x.prizeCrewDue && x.side === y.side ? x : y.prizeCrewDue && y.side === x.side ? y : null;
    const winner = prize === x ? y : x;
    let setWinner: Partial<Ship> = { entangledWith: winner.entangledWith.filter((id) => id !== (winner === x ? y.id : x.id)) };
    let setPrize: Partial<Ship> = {};
    let moved = 0;
    if (prize) {
      const c = prizeCrew(state, winner, prize, a.prizeCrewFrom);
      moved = c.moved;
      setWinner = { ...setWinner, gunDecks: c.winnerDecks };
      setPrize = { gunDecks: c.prizeDecks, prizeCrewDue: false };
    }
    const loser = winner === x ? y : x;
    events.push(shipEvent("separated", winner, setWinner));
    events.push(shipEvent("separated", loser, { ...setPrize, entangledWith: loser.entangledWith.filter((id) => id !== winner.id) }));
    return resolution({ separated: true, prizeCrew: moved }, events);
  },
  summary: (d) => ({
    pSeparate: flagChance("The ships separate", d, "separated"),
  }),
});

export const BOARDING = [board, separate];
