/**
 * Age of Sail sailing actions: speed, turning on the 16-point circle, anchoring, shoals and mast repair.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { flagChance, nameOf, resolution } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok } from "../../result.ts";
import { COMPASS_16 } from "../../wind/compass.ts";
import { liveShip, shipEvent } from "./events.ts";
import { aosAction } from "./kit.ts";
import { SPEED_MEASURES, TURN_MEASURES } from "./measures.ts";
import { CM } from "./outcome-facts.ts";
import { leaderOf, speedOf } from "./speed.ts";
import { type AosState, FULL_STRENGTH, type Ship } from "./state.ts";
import { turnCostCm } from "./tables.ts";

const shipAction = <T extends string>(type: T) => actionSchema(type, { ship: shipField("Ship") });
const noDice = () => ok([]);
/** The ship `action.ship` names, afloat, and refused in the words `unfit` gives for her when it gives any. */
const ship = (s: AosState, a: { readonly ship: string }, unfit?: (her: Ship) => string | null) => liveShip(s, a.ship, "ship", unfit);

export const speed = aosAction({
  type: "speed",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    if (o.held) return `${ship} cannot move: ${o.held}.`;
    if (o.drift) return `${ship} has no mast standing and drifts 1 cm downwind.`;
    return `${ship} may move up to ${o.maxMove} cm (${o.pointOfSail}).`;
  },
  outcomeSchema: outcomeOf({
    heading: fact.text("Heading"),
    mastUnits: fact.count("Mast units standing"),
    followsLeader: fact.shipOrNull("Follows"),
    pointOfSail: fact.wordOrNull("Point of sail", {
      "in-irons": "in irons",
      "close-hauled": "close hauled",
      reaching: "reaching",
      running: "running",
    }),
    modifier: fact.modifier("Point of sail modifier"),
    maxMove: fact.number("May move", CM),
    drift: fact.nullable(fact.row("Drifts", { cm: fact.number("", CM), to: fact.text("with the wind toward") })),
    held: fact.textOrNull("Held"),
  }),
  measure: SPEED_MEASURES,
  title: "Maximum speed",
  description: "Maximum move in cm: mast units × (wind speed + point of sail), at least 1; drift with no masts.",
  schema: actionSchema("speed", { ship: shipField("Ship"), heading: Type.Optional(literals(COMPASS_16, { label: "Heading" })) }),
  plan: noDice,
  resolve({ state, action: a }) {
    const s = ship(state, a);
    if (!s.ok) return s;
    const out = speedOf(state, s.value, a.heading);
    return out.ok ? resolution({ ...out.value }, []) : out;
  },
});

export const turn = aosAction({
  type: "turn",
  describe: ({ state, action }, o) => {
    const ship = nameOf(state, action.ship);
    return `${ship} turns to ${o.to} for ${o.costCm} cm; ${o.remainingCm} cm of the move left.`;
  },
  outcomeSchema: outcomeOf({
    from: fact.change("Heading", "to", {}),
    to: fact.hidden(Type.String()),
    costCm: fact.number("Turning costs", CM),
    maxMove: fact.number("May move", CM),
    remainingCm: fact.number("Left of the move", CM),
    followsLeader: fact.shipOrNull("Follows"),
  }),
  measure: TURN_MEASURES,
  title: "Alter course",
  description: "Alter course on the 16-point circle: each point costs 1 cm of the move.",
  schema: actionSchema("turn", {
    ship: shipField("Ship"),
    to: literals(COMPASS_16, { label: "New heading" }),
    movedCm: Type.Number({ minimum: 0, default: 0, label: "Already moved this move (cm)" }),
  }),
  plan: noDice,
  resolve({ state, action: a }) {
    const s = ship(state, a);
    if (!s.ok) return s;
    const to = a.to;
    const allowance = speedOf(state, s.value);
    if (!allowance.ok) return allowance;
    const into = speedOf(state, s.value, to);
    if (!into.ok) return { ...into, error: { ...into.error, path: "action.to" } };
    if (allowance.value.held || allowance.value.drift) {
      return fail("rules.illegal", `${s.value.name} cannot turn: ${allowance.value.held ?? "no mast standing"}.`, "action.ship");
    }
    const costCm = turnCostCm(s.value.heading, to);
    const remainingCm = allowance.value.maxMove - a.movedCm - costCm;
    if (remainingCm < 0) {
      return fail(
        "rules.illegal",
        `Turning ${plural(costCm, "point")} costs ${costCm} cm but ${s.value.name} has only ${allowance.value.maxMove - a.movedCm} cm of this move left.`,
        "action.to",
      );
    }
    const leader = leaderOf(state, s.value);
    return resolution(
      { from: s.value.heading, to, costCm, maxMove: allowance.value.maxMove, remainingCm, followsLeader: leader?.id ?? null },
      [shipEvent("course-altered", s.value, { heading: to })],
    );
  },
});

export const anchor = aosAction({
  type: "anchor",
  describe: ({ state, action }) => `${nameOf(state, action.ship)} drops anchor.`,
  outcomeSchema: outcomeOf({ anchor: fact.word("Anchor", { down: "let go" }) }),
  title: "Drop anchor",
  description: "Drop anchor: the ship cannot move until it has spent an entire move raising it.",
  schema: shipAction("anchor"),
  prepare: ({ state, action: a }) => ship(state, a, (s) => (s.anchor === "none" ? null : `${s.name} is already at anchor.`)),
  plan: noDice,
  resolve: ({ prepared: s }) => resolution({ anchor: "down" }, [shipEvent("anchored", s, { anchor: "down" })]),
});

export const weighAnchor = aosAction({
  type: "weigh-anchor",
  describe: ({ state, action }) => `${nameOf(state, action.ship)} raises her anchor this move; she sails again next round.`,
  outcomeSchema: outcomeOf({ anchor: fact.word("Anchor", { raising: "being raised (an entire move)" }) }),
  title: "Raise anchor",
  description: "Raise the anchor: this takes the ship's entire move; it sails again next round.",
  schema: shipAction("weigh-anchor"),
  prepare: ({ state, action: a }) => ship(state, a, (s) => (s.anchor === "down" ? null : `${s.name} is not at anchor.`)),
  plan: noDice,
  resolve: ({ prepared: s }) => resolution({ anchor: "raising" }, [shipEvent("raising-anchor", s, { anchor: "raising" })]),
});

const oneDie = (purpose: string) => () => ok([entry("check", "d6", 1, purpose)]);
const die = (dice: readonly number[][]) => dice[0]?.[0] ?? 0;

export const shoal = aosAction({
  type: "shoal",
  describe: ({ state, action }, o) => `${nameOf(state, action.ship)} ${o.foundered ? "founders on" : "passes over"} the shoal.`,
  outcomeSchema: outcomeOf({ foundered: fact.flag("Runs aground", { no: "Clears the shoal" }) }),
  title: "Shoals or mudflats",
  description: "A ship passes over shoals or mudflats: 1, 2 or 3 and it founders.",
  schema: shipAction("shoal"),
  prepare: ({ state, action: a }) => ship(state, a),
  plan: oneDie("Shoals: 1–3 founders"),
  resolve({ prepared: s }, dice) {
    const foundered = die(dice) <= 3;
    return resolution({ foundered }, foundered ? [shipEvent("foundered", s, { aground: true })] : []);
  },
  summary: (d) => ({ pFounder: flagChance("Founders", d, "foundered") }),
});

export const refloat = aosAction({
  type: "refloat",
  describe: ({ state, action }, o) => `${nameOf(state, action.ship)} ${o.refloated ? "floats off" : "stays aground"}.`,
  outcomeSchema: outcomeOf({ refloated: fact.flag("Refloated", { no: "Still aground" }) }),
  title: "Refloat",
  description: "A foundered ship tries to refloat: a 6.",
  schema: shipAction("refloat"),
  prepare: ({ state, action: a }) => ship(state, a, (s) => (s.aground ? null : `${s.name} is not aground.`)),
  plan: oneDie("Refloat on a 6"),
  resolve({ prepared: s }, dice) {
    const refloated = die(dice) === 6;
    return resolution({ refloated }, refloated ? [shipEvent("refloated", s, { aground: false })] : []);
  },
  summary: (d) => ({ pRefloat: flagChance("Refloats", d, "refloated") }),
});

const firstFallen = (s: Ship): number => s.masts.indexOf(0);

export const repairMast = aosAction({
  type: "repair-mast",
  describe: ({ state, action }, o) => `${nameOf(state, action.ship)}'s mast ${o.mast} ${o.repaired ? "is up again" : "is not repaired"}.`,
  outcomeSchema: outcomeOf({ mast: fact.number("Mast"), repaired: fact.flag("Repaired", { no: "Not repaired" }) }),
  title: "Repair a mast",
  description: "Repair a fallen mast: a 6. The crew cannot man the guns or board this round.",
  schema: actionSchema("repair-mast", {
    ship: shipField("Ship"),
    mast: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, label: "Mast (1 fore, 2 main, 3 mizzen)" })),
  }),
  prepare({ state, action: a }) {
    const s = ship(state, a);
    if (!s.ok) return s;
    const idx = a.mast === undefined ? firstFallen(s.value) : a.mast - 1;
    if (idx < 0 || s.value.masts[idx] !== 0) return fail("rules.illegal", `${s.value.name} has no fallen mast there.`, "action.mast");
    // "throwing one dice per turn"
    if (s.value.repairingMasts) return fail("rules.illegal", `${s.value.name} has already tried a repair this round.`, "action.ship");
    // "the crew cannot man their guns … whilst they attempt to repair their masts"
    if (s.value.firedThisRound.length > 0)
      return fail("rules.illegal", `${s.value.name}'s crew manned the guns this round.`, "action.ship");
    return ok({ ship: s.value, idx });
  },
  plan: oneDie("Mast repair on a 6"),
  resolve({ prepared: { ship: s, idx } }, dice) {
    const repaired = die(dice) === 6;
    const masts = s.masts.map((m, k) => (k === idx && repaired ? (FULL_STRENGTH[s.class].masts[k] ?? 1) : m));
    return resolution({ mast: idx + 1, repaired }, [
      shipEvent(repaired ? "mast-repaired" : "mast-repair-failed", s, { masts, repairingMasts: true }),
    ]);
  },
  summary: (d) => ({ pRepair: flagChance("The mast is repaired", d, "repaired") }),
});

export const SAILING = [speed, turn, anchor, weighAnchor, shoal, refloat, repairMast];
