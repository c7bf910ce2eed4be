/**
 * The repair phase (text 1.4 phase 4, 4.1 F, 4.2, 4.3): every fire rolls on the Damage table, repair rolls of
 * 2D6 per repair point spent, and the sinking roll of every ship at zero speed.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { anyChance, chance, expectedOf, flagChance, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import { Dist } from "../../odds/distribution.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { type DamageCode, damageCodes, sinkingNumber } from "./chart.ts";
import { applyCodes } from "./damage.ts";
import type { QuickfireEvent } from "./events.ts";
import { fireHeadline, repairHeadline, sinkingHeadline } from "./headline.ts";
import { chartNote, quickfireAction, total, withChart } from "./kit.ts";
import { chartField, codeMeaning } from "./outcome-facts.ts";
import { immobile, type QuickfireState, type Ship } from "./ship.ts";

/** The damage a repair mends, in the text's words (4.2). */
const REPAIR_WORDS: Readonly<Record<string, string>> = {
  speed: "speed",
  "heavy-rof": "heavy ROF",
  "light-rof": "light ROF",
  direction: "direction",
};

const inRepairPhase = (state: QuickfireState): Result<true> =>
  state.game.phase === null || state.game.phase === "repair"
    ? ok(true)
    : fail("rules.illegal", `Fires and repairs are rolled in the repair phase, not the ${state.game.phase} phase (1.4).`, "game.phase");

export const fireAction = quickfireAction({
  prepareOnParse: false,
  type: "fire",
  outcomeSchema: outcomeOf({
    total: fact.die("Rolled"),
    codes: fact.entries<DamageCode>("Fire table", codeMeaning, { none: "Burns on (no effect)" }),
    burnsOn: fact.flag("The fire burns on", { no: "The fire is out" }),
    chart: chartField,
  }),
  title: "Fire roll",
  description: "One fire burning on board rolls 2D6 on the Fire line of the Damage table: out, B, E or burns on (4.1 F)",
  schema: actionSchema("fire", { ship: shipField("Burning ship") }),
  prepare({ state, action }) {
    const ship = findShip(state.ships, action.ship, "action.ship");
    if (!ship.ok) return ship;
    const phase = inRepairPhase(state);
    if (!phase.ok) return phase;
    if (ship.value.sunk) return fail("rules.illegal", `${ship.value.name} has sunk.`, "action.ship");
    if (ship.value.fires < 1) return fail("rules.illegal", `${ship.value.name} has no fire burning.`, "action.ship");
    return ok({ ship: ship.value });
  },
  plan: () => [entry("fire", "d6", 2, "Fire: the Fire line of the Damage table")],
  outcome: ({ state }, groups) => {
    const codes = damageCodes(state.data, "fire", total(groups[0]));
    return { total: total(groups[0]), codes, burnsOn: !codes.includes("out"), chart: state.data.label };
  },
  // 4.1 F: "burned out (out), caused a blast or an explosion (B or E) or continues burning (n/e)"
  effects: ({ state, prepared: ctx }, o) => applyCodes(state, ctx.ship.id, o.codes, "split", "fire"),
  summary: (dist, { state }) =>
    withChart(state, {
      out: chance(
        "The fire burns out",
        dist.probability((o) => o.codes.includes("out")),
      ),
      B: chance(
        "Blast (B)",
        dist.probability((o) => o.codes.includes("B")),
      ),
      E: chance(
        "Explosion (E)",
        dist.probability((o) => o.codes.includes("E")),
      ),
      burnsOn: flagChance("The fire burns on", dist, "burnsOn"),
    }),
  describe: ({ state, action }, o) => {
    const codes = o.codes.filter((c) => c !== "out");
    const what = o.burnsOn ? `burns on${codes.length ? ` and causes ${codes.join(", ")}` : ""}` : "goes out";
    return `The fire on ${nameOf(state, action.ship)} ${what}${chartNote(state)}.`;
  },
  headline: ({ state, action }, odds) => fireHeadline(state, action, odds),
});

type RepairTask = "speed" | "heavy-rof" | "light-rof" | "direction";
interface RepairContext {
  readonly ship: Ship;
  readonly task: RepairTask;
  readonly points: number;
  /** Hits of that kind on the log (the most a repair can fix). */
  readonly damaged: number;
  readonly fixOn: readonly number[];
}

const TASK_FIELD = { speed: "speedLost", "heavy-rof": "heavyRofLost", "light-rof": "lightRofLost", direction: "direction" } as const;

export const repairAction = quickfireAction({
  prepareOnParse: false,
  type: "repair",
  outcomeSchema: outcomeOf({ fixed: fact.count("Hits repaired"), chart: chartField }),
  title: "Damage repair",
  description: "Spend repair points: 2D6 per point against S hits (8–11), direction hits (2–7) or G hits (4.2)",
  schema: actionSchema("repair", {
    ship: shipField("Ship"),
    damage: literals(["speed", "heavy-rof", "light-rof", "direction"], {
      label: "Damage to repair",
      valueLabels: REPAIR_WORDS,
    }),
    points: Type.Integer({ minimum: 1, maximum: 12, default: 1, label: "Repair points to spend" }),
  }),
  prepare({ state, action }): Result<RepairContext> {
    const found = findShip(state.ships, action.ship, "action.ship");
    if (!found.ok) return found;
    const ship = found.value;
    const phase = inRepairPhase(state);
    if (!phase.ok) return phase;
    if (ship.sunk) return fail("rules.illegal", `${ship.name} has sunk.`, "action.ship");
    const task: RepairTask = action.damage;
    const points = action.points;
    const left = ship.repair - ship.repairUsed - ship.pending.repairUsed;
    if (points > left) return fail("rules.illegal", `${ship.name} has ${left} repair points left (4.2).`, "action.points");
    const field = TASK_FIELD[task];
    const damaged = field === "direction" ? ship.directionHits.length : ship[field];
    if (damaged < 1) return fail("rules.illegal", `${ship.name} has no ${REPAIR_WORDS[task]} damage to repair.`, "action.damage");
    const table = state.data.repair;
    const fixOn = task === "speed" ? table.speed : task === "direction" ? table.direction : table.gun;
    return ok({ ship, task, points, damaged, fixOn });
  },
  plan: ({ prepared: ctx }) =>
    Array.from({ length: ctx.points }, (_, i) =>
      entry("repair", "d6", 2, `Repair roll ${i + 1}: ${ctx.fixOn.join(", ")} fixes one ${ctx.task} hit`),
    ),
  outcome: ({ state, prepared: ctx }, groups) => {
    const successes = groups.filter((g) => ctx.fixOn.includes(total(g))).length;
    return { fixed: Math.min(successes, ctx.damaged), chart: state.data.label };
  },
  // Each point's 2D6 succeed or fail on their total alone: a binomial count of successes, not 21^points multisets.
  dist: ({ state, prepared: ctx }) => {
    const q = Dist.sum("d6", 2).probability((t) => ctx.fixOn.includes(t));
    return Dist.binomial(ctx.points, q).map((successes) => ({ fixed: Math.min(successes, ctx.damaged), chart: state.data.label }));
  },
  effects: ({ prepared: ctx }, o) => {
    const events: QuickfireEvent[] = [{ type: "repair-spent", ship: ctx.ship.id, points: ctx.points }];
    for (let i = 0; i < o.fixed; i++) events.push({ type: "repaired", ship: ctx.ship.id, field: TASK_FIELD[ctx.task] });
    return { events, followUps: [] };
  },
  summary: (dist, { state }) =>
    withChart(state, {
      anyFixed: anyChance("A hit is repaired", dist, "fixed"),
      expectedFixed: expectedOf("Hits repaired, to expect", dist, "fixed", "hits"),
    }),
  describe: ({ state, action }, o) =>
    `${nameOf(state, action.ship)} repairs ${plural(o.fixed, `${REPAIR_WORDS[action.damage]} hit`)} with ${plural(action.points, "repair point")}${chartNote(state)}.`,
  headline: ({ state, action }, odds) => repairHeadline(state, action, odds),
});

interface SinkingContext {
  readonly ship: Ship;
  readonly number: number;
  readonly modifier: number;
}

export const sinkingAction = quickfireAction({
  prepareOnParse: false,
  type: "sinking",
  outcomeSchema: outcomeOf({
    sunk: fact.flag("Sinks", { no: "Stays afloat" }),
    number: fact.hidden(Type.Integer()),
    modifier: fact.modifier("Fires and extra S hits"),
    sinksOn: fact.target("Sinks on", { below: true }),
    chart: chartField,
  }),
  title: "Sinking",
  description: "2D6 for a ship at zero speed at the end of the turn, less fires and S hits beyond the speed boxes (4.3)",
  schema: actionSchema("sinking", { ship: shipField("Immobilised ship") }),
  prepare({ state, action }): Result<SinkingContext> {
    const found = findShip(state.ships, action.ship, "action.ship");
    if (!found.ok) return found;
    const ship = found.value;
    if (ship.sunk) return fail("rules.illegal", `${ship.name} has already sunk.`, "action.ship");
    if (!immobile(ship)) return fail("rules.illegal", `${ship.name} still has speed and is in no danger of sinking (4.3).`, "action.ship");
    const number = sinkingNumber(state.data, ship.size);
    if (number === null)
      return fail("rules.illegal", `The chart (${state.data.label}) has no sinking row for size ${ship.size}.`, "action.ship");
    const { perFire, perExtraSpeedHit } = state.data.sinking;
    // 4.3 example: one fire makes 2–4 of 2–3, "a fire and two more S hits" make 2–7: each lowers the roll
    const modifier = -(perFire * ship.fires + perExtraSpeedHit * Math.max(0, ship.speedLost - 8));
    return ok({ ship, number, modifier });
  },
  plan: () => [entry("sinking", "d6", 2, "Sinking roll")],
  outcome: ({ state, prepared: ctx }, groups) => ({
    sunk: total(groups[0]) + ctx.modifier <= ctx.number,
    number: ctx.number,
    modifier: ctx.modifier,
    sinksOn: ctx.number - ctx.modifier,
    chart: state.data.label,
  }),
  effects: ({ prepared: ctx }, o) => ({ events: o.sunk ? [{ type: "sunk", ship: ctx.ship.id }] : [], followUps: [] }),
  summary: (dist, { state }) =>
    withChart(state, {
      sinks: flagChance("Sinks", dist, "sunk"),
    }),
  describe: ({ state, action }, o) =>
    `${nameOf(state, action.ship)} ${o.sunk ? "sinks" : "stays afloat"} (sinks on ${o.sinksOn} or less)${chartNote(state)}.`,
  headline: ({ state, action }, odds) => sinkingHeadline(state, action, odds),
});
