/**
 * wsim-battle-v3 VI Battle Melee Rule: crew section 1 turning DBP automatically, the melee modifiers, three rounds a
 * turn, and the 2:1 / 3:1 checks after each round. Forming the parties is `parties.ts`; the base game's melee
 * results (losses), which our text does not hold, `melee-losses.ts`.
 */

import { type Static, Type } from "@sinclair/typebox";
import { bySide, entry } from "../../dice/plan.ts";
import { detail, fieldDistribution, nameOf, resolution } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import type { FollowUp } from "../../game/types.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { meleeLosses as meleeTableLosses } from "./base-tables.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { PARTY_WORDS } from "./outcome-facts.ts";
import { partyPoints } from "./parties.ts";
import type { CrewSection, Party, Ship, WsimState } from "./state.ts";

/** Melee multiplier: seasoned "3.5 (round fractions up after computation)"; the rest from the club data or the action. */
export function multiplierOf(state: WsimState, ship: Ship, given: number | undefined): number | null {
  if (given !== undefined) return given;
  if (ship.crew === "seasoned") return 3.5;
  return state.data?.meleeMultipliers?.[ship.crew] ?? null;
}

export const strength = (points: number, mult: number): number => Math.ceil(points * mult);

/** VI.3 class modifiers for a ship of class `own` fighting one of class `other`. */
export function classModifier(own: number, other: number): number {
  if (own === 1 && other >= 2) return -1;
  if (own === 2 && other >= 3) return -1;
  if (own === 2 && other === 1) return 1;
  if (own >= 3 && other === 2) return 1;
  if (own >= 3 && other === 1) return 2;
  return 0;
}

const clampDie = (v: number) => Math.min(6, Math.max(1, v));
const pairKey = (a: string, b: string) => [a, b].sort();

/** The fields melee and its losses share, as the schema writes them. */
export const meleeSchemaFields = {
  ship: shipField("Ship"),
  enemy: shipField("Enemy ship"),
  multiplierShip: Type.Optional(Type.Number({ exclusiveMinimum: 0, label: "Melee multiplier (ship)" })),
  multiplierEnemy: Type.Optional(Type.Number({ exclusiveMinimum: 0, label: "Melee multiplier (enemy)" })),
};

/** The fields melee and its losses share. */
export type MeleeFields = Static<ReturnType<typeof Type.Object<typeof meleeSchemaFields>>>;

interface Sides {
  readonly x: Ship;
  readonly y: Ship;
  readonly mx: number;
  readonly my: number;
}

/** A side's melee multiplier (given in `field`, else by her crew quality), or why it is missing: give it. */
function multiplierFor(
  state: WsimState,
  ship: Ship,
  given: number | undefined,
  field: "multiplierShip" | "multiplierEnemy",
): Result<number> {
  const m = multiplierOf(state, ship, given);
  return m === null
    ? fail("input.invalid", `${ship.name}'s melee multiplier (${ship.crew}) is not loaded: give ${field}.`, `action.${field}`)
    : ok(m);
}

/** Both sides of a melee and their multipliers, or why they cannot fight. */
export function sides(state: WsimState, a: MeleeFields): Result<Sides> {
  const x = liveShip(state, a.ship, "ship");
  if (!x.ok) return x;
  const y = liveShip(state, a.enemy, "enemy");
  if (!y.ok) return y;
  const mx = multiplierFor(state, x.value, a.multiplierShip, "multiplierShip");
  if (!mx.ok) return mx;
  const my = multiplierFor(state, y.value, a.multiplierEnemy, "multiplierEnemy");
  return my.ok ? ok({ x: x.value, y: y.value, mx: mx.value, my: my.value }) : my;
}

/** VI.2: crew section 1 turns DBP when a grappled/fouled enemy has an OBP. */
function autoDbp(ship: Ship, enemy: Ship, turn: number): CrewSection[] | null {
  const first = ship.crewSections?.[0];
  if (first?.party !== "none" || partyPoints(enemy, "OBP") === 0) return null;
  return (ship.crewSections ?? []).map((c, i) => (i === 0 ? { ...c, party: "DBP" as const, formedTurn: turn } : c));
}

/** The choices of a side's losses: 0 to `n` crew points. */
export const lossOptions = (n: number) => Array.from({ length: n + 1 }, (_, i) => ({ value: i, label: String(i) }));

export const melee = wsimAction({
  type: "melee",
  describe: ({ state, action }, o) => {
    const [a, b] = o.strengths ?? [];
    return `Melee round ${o.round}: ${nameOf(state, action.ship)} ${a} against ${nameOf(state, action.enemy)} ${b}.`;
  },
  outcomeSchema: outcomeOf({
    round: fact.number("Melee round"),
    parties: fact.words("Parties", PARTY_WORDS),
    modifiers: fact.words("Modifiers", {}),
    rolls: fact.dice("Rolls"),
    strengths: fact.words("Strengths", {}),
    losses: Type.Optional(fact.words("Crew points lost", {})),
  }),
  title: "Melee round",
  description: "One melee round between grappled ships (three a turn).",
  schema: actionSchema("melee", { ...meleeSchemaFields }),
  prepare({ state, action: a }) {
    const s = sides(state, a);
    if (!s.ok) return s;
    const { x, y } = s.value;
    if (!x.grappledWith.includes(y.id)) return fail("rules.illegal", `${x.name} is not grappled or fouled with ${y.name}.`, "action.enemy");
    // VI.4 "If both ships have DBP's, TBP's or no boarding parties at all, no melee takes place."
    if (partyPoints(x, "OBP") === 0 && partyPoints(y, "OBP") === 0) {
      return fail("rules.illegal", "VI.4: neither ship has an OBP: no melee takes place.", "action.ship");
    }
    const key = pairKey(x.id, y.id).join("|");
    const m = state.game.melees.find((r) => r.ships.join("|") === key && r.turn === state.game.turn);
    if (m && m.rounds >= 3)
      return fail("rules.illegal", "VI.4: three melee rounds were fought this turn; it continues next turn.", "action.ship");
    return ok(a);
  },
  plan: ({ state, action: a }) =>
    ok(
      (
        [
          ["melee", a.ship],
          ["melee-enemy", a.enemy],
        ] as const
      ).map(([role, id]) => {
        const s = state.ships.find((x) => x.id === id);
        return bySide(s?.side, entry(role, "d6", 1, `Melee roll for ${s?.name ?? id}`));
      }),
    ),
  resolve({ state, action: a }, dice) {
    const s = sides(state, a);
    if (!s.ok) return s;
    const turn = state.game.turn;
    const events: WsimEvent[] = [];
    let { x, y } = s.value;
    const ax = autoDbp(x, y, turn);
    if (ax) {
      x = { ...x, crewSections: ax };
      events.push(shipEvent("auto-dbp", x, { crewSections: ax }));
    }
    const ay = autoDbp(y, x, turn);
    if (ay) {
      y = { ...y, crewSections: ay };
      events.push(shipEvent("auto-dbp", y, { crewSections: ay }));
    }
    const bothObp = partyPoints(x, "OBP") > 0 && partyPoints(y, "OBP") > 0;
    const partyX: Party = partyPoints(x, "OBP") > 0 ? "OBP" : "DBP";
    const partyY: Party = partyPoints(y, "OBP") > 0 && (bothObp || partyX !== "OBP") ? "OBP" : "DBP";
    const mod = (own: Party, other: Party, c1: number, c2: number) =>
      (own === "OBP" && other === "DBP" ? 1 : 0) + (own === "DBP" && other === "OBP" ? -2 : 0) + classModifier(c1, c2);
    const modX = mod(partyX, partyY, x.class, y.class);
    const modY = mod(partyY, partyX, y.class, x.class);
    const rollX = clampDie((dice[0]?.[0] ?? 0) + modX);
    const rollY = clampDie((dice[1]?.[0] ?? 0) + modY);
    const key = pairKey(x.id, y.id);
    const prev = state.game.melees.find((r) => r.ships.join("|") === key.join("|") && r.turn === turn);
    const round = (prev?.rounds ?? 0) + 1;
    const melees = [...state.game.melees.filter((r) => r !== prev && r.turn === turn), { ships: key, turn, rounds: round }];
    events.push({ type: "melee-round", game: { melees } });
    // I: a frigate "involved in grappling or boarding with, a SOL" may be fired on for three turns — each melee round counts.
    const engaged = (s: Ship, o: Ship): Partial<Ship> =>
      s.kind !== "sol" && o.kind === "sol" ? { lastCombatTurn: turn, lastEngagedSol: turn } : { lastCombatTurn: turn };
    events.push(shipEvent("in-combat", x, engaged(x, y)), shipEvent("in-combat", y, engaged(y, x)));
    const strengthX = strength(partyPoints(x, partyX), s.value.mx);
    const strengthY = strength(partyPoints(y, partyY), s.value.my);
    const outcome = { round, parties: [partyX, partyY], modifiers: [modX, modY], rolls: [rollX, rollY], strengths: [strengthX, strengthY] };
    const table = state.data?.melee;
    const losses = { type: "melee-losses", ship: x.id, enemy: y.id, multiplierShip: s.value.mx, multiplierEnemy: s.value.my, round };
    if (table) {
      // The club's melee result table: each side's strength and modified roll give the crew points the other loses.
      const lossesShip = meleeTableLosses(table, strengthY, rollY);
      const lossesEnemy = meleeTableLosses(table, strengthX, rollX);
      const apply: FollowUp = {
        kind: "roll",
        purpose: `Melee table: ${x.name} loses ${plural(lossesShip, "crew point")}, ${y.name} ${lossesEnemy}.`,
        action: { ...losses, lossesShip, lossesEnemy },
      };
      return resolution({ ...outcome, losses: [lossesShip, lossesEnemy] }, events, [apply]);
    }
    const follow: FollowUp = {
      kind: "choose",
      purpose: `Read the melee results: ${x.name} ${partyX} ${strengthX} rolls ${rollX}, ${y.name} ${partyY} ${strengthY} rolls ${rollY}. Crew points ${x.name} loses?`,
      action: { ...losses, lossesShip: null },
      choice: { field: "lossesShip", options: lossOptions(partyPoints(x, partyX)), min: 1, max: 1 },
    };
    return resolution(outcome, events, [follow]);
  },
  // the pairs of rolls are detail a player is not told
  summary: (d) => ({ rolls: detail(fieldDistribution(d, "rolls")) }),
});
