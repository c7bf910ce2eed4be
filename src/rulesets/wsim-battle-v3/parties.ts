/**
 * wsim-battle-v3 VI.1–2 boarding parties: a crew section forms a DBP, OBP or TBP, and the points a ship has left in
 * one party.
 */

import { Type } from "@sinclair/typebox";
import { nameOf, resolution } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { fail, ok } from "../../result.ts";
import { liveShip, shipEvent } from "./events.ts";
import { wsimAction } from "./kit.ts";
import { PARTY_WORDS } from "./outcome-facts.ts";
import type { Party, Ship } from "./state.ts";

export const formParty = wsimAction({
  type: "form-party",
  describe: ({ state, action }, o) => `Crew section ${o.section} of ${nameOf(state, action.ship)} forms a ${o.party}.`,
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
  prepare: ({ state, action: a }) => liveShip(state, a.ship, "ship"),
  plan: () => ok([]),
  resolve({ state, action: a, prepared: ship }) {
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
