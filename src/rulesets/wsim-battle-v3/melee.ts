/**
 * wsim-battle-v3 VI Battle Melee Rule: forming boarding parties (DBP/OBP/TBP), crew section 1 turning DBP
 * automatically, the melee modifiers, three rounds a turn, and the 2:1 / 3:1 checks after each round.
 * The base game's melee results (losses) are not in our text: the person reads them (`melee-losses`).
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
import { leadersLost } from "./criticals.ts";
import { liveShip, shipEvent, type WsimEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { PARTY_WORDS } from "./outcome-facts.ts";
import type { CrewSection, Party, Ship, WsimState } from "./state.ts";

export const formParty = wsimAction({
  type: "form-party",
  describe: ({ state, action }, o) => {
    return `Crew section ${o.section} of ${nameOf(state, action.ship)} forms a ${o.party}.`;
  },
  outcomeSchema: outcomeOf({
    section: fact.number("Crew section"),
    party: fact.word("Forms", PARTY_WORDS),
    boardersReady: fact.flag("Boarders ready"),
  }),
  title: "Boarding party",
  description: "Boarding preparation: ready a crew section as DBP, or change a party (DBP → OBP/TBP a turn later).",
  schema: actionSchema("form-party", {
    ship: shipField("Ship"),
    section: Type.Integer({ minimum: 1, maximum: 3, label: "Crew section" }),
    party: Type.Union([Type.Literal("DBP"), Type.Literal("OBP"), Type.Literal("TBP")], { label: "Party" }),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = liveShip(state, a.ship, "ship");
    if (!s.ok) return s;
    const ship = s.value;
    const sections = ship.crewSections;
    if (!sections) return fail("input.invalid", `${ship.name} needs its crewSections.`, "action.ship");
    const idx = a.section - 1;
    const sec = sections[idx];
    if (!sec) return fail("rules.illegal", `${ship.name} has no crew section ${a.section}.`, "action.section");
    const to: Party = a.party;
    const turn = state.game.turn;
    const bad = (m: string) => fail("rules.illegal", `VI.1: ${m}`, "action.section");
    let set: Partial<Ship> = {};
    if (to === "DBP" && sec.party === "none") {
      if (ship.dbpFormedTurn === turn) return bad("one crew section only may be selected as a new DBP each boarding preparation phase.");
      const anyParty = sections.some((x) => x.party !== "none");
      const lowest = sections.findIndex((x) => x.party === "none");
      if (!anyParty && idx > 1) return bad("the first boarding party must be crew section 1 or 2.");
      if (anyParty && idx !== lowest) return bad(`it has to be the lowest numbered crew section available (${lowest + 1}).`);
      set = { dbpFormedTurn: turn };
    } else if (to === "DBP") {
      if (sec.party === "DBP") return bad("that section is already a DBP.");
      // "OBP and TBP crew sections may always be changed into DBP."
    } else if (sec.party === "none") {
      return bad("crew sections have to be formed as DBP first (so it takes 2 turns to form an OBP).");
    } else if (sec.party === "DBP") {
      if (idx === 2) return bad("crew section number 3 may never be changed into OBP or TBP.");
      if (sec.formedTurn === null || sec.formedTurn >= turn) return bad("only a DBP readied on a previous turn may become an OBP or TBP.");
      if (ship.convertedTurn === turn) return bad("one crew section readied as DBP may be changed a turn.");
      set = { convertedTurn: turn };
    } else if (sec.party === to) return bad(`that section is already a ${to}.`);
    const crewSections = sections.map((x, i) => (i === idx ? { ...x, party: to, formedTurn: turn } : x));
    return resolution({ section: idx + 1, party: to, boardersReady: true }, [shipEvent("boarders-ready", ship, { ...set, crewSections })]);
  },
});

/** Points left in a ship's sections of one party. */
export const partyPoints = (ship: Ship, party: Party): number =>
  (ship.crewSections ?? []).filter((c) => c.party === party).reduce((s, c) => s + Math.max(0, c.boxes - c.marked), 0);

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

const meleeSchemaFields = {
  ship: shipField("Ship"),
  enemy: shipField("Enemy ship"),
  multiplierShip: Type.Optional(Type.Number({ exclusiveMinimum: 0, label: "Melee multiplier (ship)" })),
  multiplierEnemy: Type.Optional(Type.Number({ exclusiveMinimum: 0, label: "Melee multiplier (enemy)" })),
};

/** The fields melee and its losses share. */
type MeleeFields = Static<ReturnType<typeof Type.Object<typeof meleeSchemaFields>>>;

interface Sides {
  readonly x: Ship;
  readonly y: Ship;
  readonly mx: number;
  readonly my: number;
}

function sides(state: WsimState, a: MeleeFields): Result<Sides> {
  const x = liveShip(state, a.ship, "ship");
  if (!x.ok) return x;
  const y = liveShip(state, a.enemy, "enemy");
  if (!y.ok) return y;
  const mx = multiplierOf(state, x.value, a.multiplierShip);
  if (mx === null)
    return fail(
      "input.invalid",
      `${x.value.name}'s melee multiplier (${x.value.crew}) is not loaded: give multiplierShip.`,
      "action.multiplierShip",
    );
  const my = multiplierOf(state, y.value, a.multiplierEnemy);
  if (my === null)
    return fail(
      "input.invalid",
      `${y.value.name}'s melee multiplier (${y.value.crew}) is not loaded: give multiplierEnemy.`,
      "action.multiplierEnemy",
    );
  return ok({ x: x.value, y: y.value, mx, my });
}

/** VI.2: crew section 1 turns DBP when a grappled/fouled enemy has an OBP. */
function autoDbp(ship: Ship, enemy: Ship, turn: number): CrewSection[] | null {
  const first = ship.crewSections?.[0];
  if (first?.party !== "none" || partyPoints(enemy, "OBP") === 0) return null;
  return (ship.crewSections ?? []).map((c, i) => (i === 0 ? { ...c, party: "DBP" as const, formedTurn: turn } : c));
}

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

const lossOptions = (n: number) => Array.from({ length: n + 1 }, (_, i) => ({ value: i, label: String(i) }));

/** Marks `losses` crew points on the sections of one party, lowest numbered first. */
function takeLosses(ship: Ship, party: Party, losses: number): CrewSection[] {
  let leftToTake = losses;
  return (ship.crewSections ?? []).map((c) => {
    if (c.party !== party || leftToTake <= 0) return c;
    const take = Math.min(leftToTake, c.boxes - c.marked);
    leftToTake -= take;
    return { ...c, marked: c.marked + take };
  });
}

const toDbp = (secs: CrewSection[]): CrewSection[] => secs.map((c) => (c.party === "OBP" ? { ...c, party: "DBP" as const } : c));

export const meleeLosses = wsimAction({
  type: "melee-losses",
  describe: ({ state }, o) => {
    return o.result === "captured"
      ? `${nameOf(state, o.captured)} is captured!${o.leadersCaptured?.length ? ` Leaders taken: ${o.leadersCaptured.map((id) => state.game.leaders.find((l) => l.id === id)?.name ?? id).join(", ")}.` : ""}`
      : o.result === "repulsed"
        ? "The boarders are thrown back."
        : "The melee goes on.";
  },
  // While the enemy's losses are still to be chosen, the outcome only says so (`waiting`); then the melee's result.
  outcomeSchema: outcomeOf({
    waiting: Type.Optional(fact.hidden(Type.Literal("lossesEnemy"))),
    strengths: Type.Optional(fact.words<number>("Strengths after", {})),
    parties: Type.Optional(fact.words<Party>("Parties", PARTY_WORDS)),
    result: Type.Optional(
      fact.word<"continues" | "captured" | "repulsed">("Melee", {
        continues: "continues",
        captured: "a ship is captured",
        repulsed: "the boarders are repulsed",
      }),
    ),
    captured: Type.Optional(fact.shipOrNull("Captured")),
    continuesNextTurn: Type.Optional(fact.flag("Continues next turn")),
    leadersCaptured: Type.Optional(fact.hidden(Type.Array(Type.String()))),
  }),
  title: "Melee losses",
  description: "Losses of a melee round as read from the base game's table; then the 2:1 and 3:1 checks.",
  schema: actionSchema("melee-losses", {
    ...meleeSchemaFields,
    round: Type.Integer({ minimum: 1, maximum: 3, label: "Round" }),
    lossesShip: Type.Integer({ minimum: 0, label: "Crew points the ship loses" }),
    lossesEnemy: Type.Optional(Type.Integer({ minimum: 0, label: "Crew points the enemy loses" })),
  }),
  plan: () => ok([]),
  resolve({ state, action: a }) {
    const s = sides(state, a);
    if (!s.ok) return s;
    const { x, y, mx, my } = s.value;
    const bothObp = partyPoints(x, "OBP") > 0 && partyPoints(y, "OBP") > 0;
    const partyX: Party = partyPoints(x, "OBP") > 0 ? "OBP" : "DBP";
    const partyY: Party = partyPoints(y, "OBP") > 0 && (bothObp || partyX !== "OBP") ? "OBP" : "DBP";
    if (a.lossesEnemy === undefined) {
      return resolution(
        { waiting: "lossesEnemy" as const },
        [],
        [
          {
            kind: "choose",
            purpose: `Crew points ${y.name} loses in this melee round?`,
            action: { ...a, lossesEnemy: null },
            choice: { field: "lossesEnemy", options: lossOptions(partyPoints(y, partyY)), min: 1, max: 1 },
          },
        ],
      );
    }
    let secX = takeLosses(x, partyX, a.lossesShip);
    let secY = takeLosses(y, partyY, a.lossesEnemy);
    const pts = (secs: CrewSection[], p: Party) => secs.filter((c) => c.party === p).reduce((t, c) => t + c.boxes - c.marked, 0);
    let result: "continues" | "captured" | "repulsed" = "continues";
    let capturedId: string | null = null;
    let sx = strength(pts(secX, partyX), mx);
    let sy = strength(pts(secY, partyY), my);
    let fight: [Party, Party] = [partyX, partyY];
    if (bothObp) {
      // "If after any melee round either side's OBP has a 2:1 disadvantage it is changed into a DBP and the odds are recalculated"
      if (sy >= 2 * sx) {
        secX = toDbp(secX);
        fight = ["DBP", "OBP"];
      } else if (sx >= 2 * sy) {
        secY = toDbp(secY);
        fight = ["OBP", "DBP"];
      }
      sx = strength(pts(secX, fight[0]), mx);
      sy = strength(pts(secY, fight[1]), my);
    }
    if (fight[0] !== fight[1]) {
      const [obp, dbp, obpIsX] = fight[0] === "OBP" ? [sx, sy, true] : [sy, sx, false];
      if (obp > 0 && obp >= 3 * dbp) {
        // "If after any melee round an OBP has a 3:1 advantage over a DBP, the enemy ship is captured."
        result = "captured";
        capturedId = obpIsX ? y.id : x.id;
      } else if (dbp >= 2 * obp) {
        // "If … a DBP has a 2:1 advantage over an OBP, the OBP is changed into a DBP and the melee ends."
        result = "repulsed";
        if (obpIsX) secX = toDbp(secX);
        else secY = toDbp(secY);
      }
    }
    const events: WsimEvent[] = [
      shipEvent("melee-losses", x, { crewSections: secX }),
      shipEvent("melee-losses", y, { crewSections: secY }),
    ];
    if (capturedId === x.id) events.push(shipEvent("captured", x, { captured: true, side: y.side }));
    if (capturedId === y.id) events.push(shipEvent("captured", y, { captured: true, side: x.side }));
    // XII.1.1: "Use the same procedure if a leader is captured" — leaders aboard a captured ship.
    const aboard = state.game.leaders.filter((l) => l.ship === capturedId && l.status === "active").map((l) => l.id);
    const lost = leadersLost(state, aboard, "captured");
    events.push(...lost.events);
    const continuesNextTurn = result === "continues" && a.round >= 3;
    return resolution(
      { strengths: [sx, sy], parties: fight, result, captured: capturedId, continuesNextTurn, leadersCaptured: aboard },
      events,
      lost.followUps,
    );
  },
});

export const MELEE = [formParty, melee, meleeLosses];
