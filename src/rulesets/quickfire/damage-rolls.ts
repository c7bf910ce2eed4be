/**
 * Follow-up rolls of the damage codes (text 4.1): the Blast (B) and Explosion (E) lines of the Damage table
 * (2D6) and the direction table of a D hit (1D6).
 */

import { entry } from "../../dice/plan.ts";
import { chance, chances, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import { ok, type Result } from "../../result.ts";
import { type DamageCode, damageCodes } from "./chart.ts";
import { applyCodes, type GChain } from "./damage.ts";
import { damageRollHeadline } from "./headline.ts";
import { chartNote, quickfireAction, total, withChart } from "./kit.ts";
import { chartField, codeMeaning } from "./outcome-facts.ts";
import type { Ship } from "./ship.ts";

/** 4.1 D: "1 = 135° Left, 2 = 90° Left, 3 = 45° Left, 4 = 45° Right, 5 = 90° Right, 6 = 135° Right". */
export const DIRECTION_TABLE: Readonly<Record<number, string>> = {
  1: "135° left",
  2: "90° left",
  3: "45° left",
  4: "45° right",
  5: "90° right",
  6: "135° right",
};

interface DamageRollContext {
  readonly ship: Ship;
  readonly line: "blast" | "explosion";
  readonly chain: GChain;
}

export const damageRollAction = quickfireAction({
  prepareOnParse: false,
  type: "damage-roll",
  outcomeSchema: outcomeOf({
    line: fact.word("Damage table line", { blast: "Blast", explosion: "Explosion" }),
    total: fact.die("Rolled"),
    codes: fact.entries<DamageCode>("Damage", codeMeaning, { none: "No effect" }),
    chart: chartField,
  }),
  title: "Blast or explosion",
  description: "2D6 on the Blast or Explosion line of the Damage table (4.1 B, E)",
  schema: actionSchema("damage-roll", {
    ship: shipField("Damaged ship"),
    line: literals(["blast", "explosion"], { label: "Damage table line" }),
    chain: literals(["heavy", "light", "split"], { default: "split", label: "G hits mark" }),
  }),
  prepare({ state, action }): Result<DamageRollContext> {
    const ship = findShip(state.ships, action.ship, "action.ship");
    if (!ship.ok) return ship;
    // 4.1 E: "G hits caused by explosions are removed as equally as possible from the heavy and light ROF columns"
    const chain: GChain = action.line === "explosion" ? "split" : action.chain;
    return ok({ ship: ship.value, line: action.line, chain });
  },
  plan: ({ prepared: ctx }) => [entry("damage", "d6", 2, `${ctx.line === "blast" ? "Blast" : "Explosion"} line of the Damage table`)],
  outcome: ({ state, prepared: ctx }, groups) => ({
    line: ctx.line,
    total: total(groups[0]),
    codes: damageCodes(state.data, ctx.line, total(groups[0])),
    chart: state.data.label,
  }),
  effects: ({ state, prepared: ctx }, outcome) => applyCodes(state, ctx.ship.id, outcome.codes, ctx.chain, `${ctx.line} damage`),
  summary: (dist, { state }) => {
    const codes: Record<string, number> = {};
    for (const c of ["B", "D", "E", "F", "G", "R", "S", "T"] as const) {
      const p = dist.probability((o) => o.codes.includes(c));
      if (p > 0) codes[c] = p;
    }
    return withChart(state, {
      codes: chances(codes, (code) => `Damage ${code}`),
      noEffect: chance(
        "No effect",
        dist.probability((o) => o.codes.length === 0),
      ),
    });
  },
  describe: ({ state, action }, o) => {
    const codes = o.codes;
    return `${action.line === "blast" ? "Blast" : "Explosion"} on ${nameOf(state, action.ship)}: ${codes.length ? codes.join(", ") : "no effect"}${chartNote(state)}.`;
  },
  headline: ({ state, action }, odds) => damageRollHeadline(state, action, odds),
});

export const directionAction = quickfireAction({
  prepareOnParse: false,
  type: "direction",
  outcomeSchema: outcomeOf({ roll: fact.die("Rolled"), turn: fact.text("Uncontrolled turn next turn") }),
  title: "Direction hit",
  description: "1D6 on the direction table after a D hit (4.1 D)",
  schema: actionSchema("direction", { ship: shipField("Damaged ship") }),
  prepare({ state, action }) {
    const ship = findShip(state.ships, action.ship, "action.ship");
    return ship.ok ? ok({ ship: ship.value }) : ship;
  },
  plan: () => [entry("direction", "d6", 1, "Direction hit: where the ship may turn uncontrollably next turn")],
  outcome: (_ctx, groups) => {
    const roll = total(groups[0]);
    return { roll, turn: DIRECTION_TABLE[roll] ?? "" };
  },
  effects: ({ prepared: ctx }, o) => ({
    events: [{ type: "direction-hit", ship: ctx.ship.id, roll: o.roll, turn: o.turn }],
    followUps: [],
  }),
  summary: (dist, { state }) =>
    withChart(state, Object.fromEntries(dist.entries.map((e) => [String(e.value.turn), chance(`Turns ${e.value.turn}`, e.p)]))),
  describe: ({ state, action }, o) => `Direction hit on ${nameOf(state, action.ship)}: ${o.turn}.`,
});
