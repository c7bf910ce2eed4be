/**
 * "Collisions": the moving player's 1D6 + crew on the collision table, then "Collision Damage" by the hull
 * class of the MOVING ship (Stout 2D6, Average 1D6, Weak 1D3), full or half, to both ships.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { nameOf, roll } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import { ok } from "../../../result.ts";
import { afterWords, damaged, damageReport, markEvents } from "../damage.ts";
import { collisionDamageHeadline, collisionHeadline } from "../headline.ts";
import { flag, illegal, isFired, shipAt, shipWhere, soleBayAction } from "../lookup.ts";
import { COLLISION_MEASURES } from "../measures.ts";
import { damageRow, HITS, modifiedRoll } from "../outcome-facts.ts";
import { crewModifier } from "../ship.ts";
import type { SoleBayState } from "../state.ts";
import { COLLISION_DAMAGE_DICE, COLLISION_TABLE } from "../tables.ts";

/** The two ships of a collision, as an action's fields. */
const colliding = { mover: shipField("Moving ship"), other: shipField("Ship collided with") };

/** The moving ship (afloat; in play for the damage) and the other ship in play she collided with, or why not. */
function collidingShips(state: SoleBayState, a: { mover: string; other: string }, need: "afloat" | "in-play") {
  const mover = shipAt(state, a.mover, "action.mover", need);
  if (!mover.ok) return mover;
  const self = (s: { id: string }) => (s.id === mover.value.id ? "A ship cannot collide with itself." : null);
  const other = shipWhere(state, a.other, "action.other", self, "in-play");
  return other.ok ? ok({ mover: mover.value, other: other.value }) : other;
}

export const collision = soleBayAction({
  type: "collision",
  outcomeSchema: outcomeOf({
    mover: fact.hidden(Type.String()),
    other: fact.hidden(Type.String()),
    modified: modifiedRoll,
    result: fact.word<string>("Collision", {
      "come-about": "Come about!",
      impact: "Impact",
      "disastrous-impact": "Disastrous impact",
    }),
    damage: fact.word<"none" | "half" | "full">("Damage", { none: "none", half: "half", full: "full" }),
    averted: fact.flag("Collision averted"),
  }),
  measure: COLLISION_MEASURES,
  title: "Collision",
  description: "Two ships come into contact without boarding: the moving player rolls 1d6 + crew on the collision table.",
  schema: actionSchema("collision", { ...colliding, noRoom: flag("No room to avoid the collision") }),
  prepare({ state, action: a }) {
    const ships = collidingShips(state, a, "afloat");
    if (!ships.ok) return ships;
    const { mover } = ships.value;
    if (isFired(state, mover)) {
      return illegal(
        `${mover.name} is a fired fireship: roll fireship-ensnare ("Roll on the Boarding table to see if the target vessel is ensnared").`,
        "action.mover",
      );
    }
    return ok({ ...ships.value, noRoom: a.noRoom, crew: crewModifier(mover, state.game.fired) });
  },
  plan: ({ prepared: ctx }) => [
    entry("collision", "d6", 1, `${ctx.mover.name} collides with ${ctx.other.name}: 1d6 + crew (0-1 full damage, 2-4 half, 5-7 averted)`),
  ],
  outcome({ prepared: ctx }, dice) {
    const modified = (dice[0]?.[0] ?? 0) + ctx.crew;
    const row = COLLISION_TABLE.find((r) => modified <= r.max) ?? COLLISION_TABLE[2];
    // "If there is no room to avoid the collision, then inflict damage as 'Impact' result."
    const averted = row.damage === "none" && !ctx.noRoom;
    const result = row.damage === "none" && ctx.noRoom ? "impact" : row.result;
    const damage = row.damage === "none" && ctx.noRoom ? "half" : row.damage;
    return { mover: ctx.mover.id, other: ctx.other.id, modified, result, damage, averted };
  },
  effects({ prepared: ctx }, o) {
    if (o.damage === "none") return { events: [] };
    const d = COLLISION_DAMAGE_DICE[ctx.mover.hull];
    return {
      events: [],
      followUps: [
        roll(`Collision damage: ${d.count}${d.die} (${ctx.mover.name} is ${ctx.mover.hull}), ${o.damage} to both ships`, {
          type: "collision-damage",
          mover: ctx.mover.id,
          other: ctx.other.id,
          severity: o.damage,
        }),
      ],
    };
  },
  describe: ({ state }, o) =>
    o.averted
      ? `${nameOf(state, o.mover)} comes about: collision with ${nameOf(state, o.other)} averted`
      : `${nameOf(state, o.mover)} and ${nameOf(state, o.other)} collide: ${o.result === "impact" ? "Impact, half" : "Disastrous impact, full"} damage`,
  headline: ({ state, action }, odds) => collisionHeadline(state, action, odds),
});

export const collisionDamage = soleBayAction({
  type: "collision-damage",
  outcomeSchema: outcomeOf({
    rolled: fact.die("Damage rolled"),
    severity: fact.word("Impact", { half: "half damage", full: "full damage" }),
    damage: fact.count("Damage to each ship", HITS),
    results: fact.rows("Damage", damageRow, "ship"),
  }),
  title: "Collision damage",
  description: "Collision damage by the moving ship's hull (Stout 2d6, Average 1d6, Weak 1d3), full or half, to both ships.",
  schema: actionSchema("collision-damage", { ...colliding, severity: literals(["full", "half"], { label: "Damage" }) }),
  prepare({ state, action: a }) {
    const ships = collidingShips(state, a, "in-play");
    return ships.ok ? ok({ ...ships.value, severity: a.severity }) : ships;
  },
  plan({ prepared: ctx }) {
    const d = COLLISION_DAMAGE_DICE[ctx.mover.hull];
    return [entry("collision-damage", d.die, d.count, `Collision damage by ${ctx.mover.name}'s ${ctx.mover.hull} hull (${ctx.severity})`)];
  },
  outcome({ prepared: ctx, state }, dice) {
    const rolled = (dice[0] ?? []).reduce((s, v) => s + v, 0);
    const round = state.settings.collisionHalfRounding === "up" ? Math.ceil : Math.floor;
    const damage = ctx.severity === "full" ? rolled : round(rolled / 2);
    const results = [ctx.mover, ctx.other].map((s) => {
      const { ship, marked, wasted, conditionAfter, levelsLost, destroyed } = damageReport(s, damage);
      return { ship, marked, wasted, conditionAfter, levelsLost, destroyed };
    });
    return { rolled, severity: ctx.severity, damage, results };
  },
  effects: ({ prepared: ctx, state }, o) =>
    damaged(state, {
      events: [ctx.mover, ctx.other].flatMap((s) => markEvents(damageReport(s, o.damage), "collision")),
      cause: "collision",
    }),
  describe: ({ state }, o) =>
    `Collision damage ${o.damage}: ${o.results.map((r) => `${nameOf(state, r.ship)} ${afterWords(r)}`).join(", ")}`,
  headline: ({ state, action }, odds) => collisionDamageHeadline(state, action, odds),
});
