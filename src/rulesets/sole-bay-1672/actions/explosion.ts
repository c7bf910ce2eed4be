/**
 * "Ship Destruction": 2D6 to explode (11–12; 10–12 if by fire), then a radius of 1D6", a choice of the ships
 * within, and 1D6 hits to each (with Risk to Flag Officer). A ship destroyed by those hits rolls in turn, so a
 * chain of explosions runs on follow-ups alone.
 */

import { Type } from "@sinclair/typebox";
import { entry } from "../../../dice/plan.ts";
import { oddsOfEntries } from "../../../game/action-handler.ts";
import { chance, chances, type DiceGroups, flagChance, nameOf, roll } from "../../../game/action-kit.ts";
import { actionSchema, shipField } from "../../../game/action-schema.ts";
import { fact, outcomeOf } from "../../../game/outcome.ts";
import { literals } from "../../../game/schema.ts";
import type { FollowUp } from "../../../game/types.ts";
import type { Weighted } from "../../../odds/distribution.ts";
import { jointOutcomes } from "../../../odds/product.ts";
import { ok } from "../../../result.ts";
import { afterWords, damaged, damageReport, markEvents } from "../damage.ts";
import { explosionHitsHeadline, explosionRadiusHeadline, explosionRollHeadline } from "../headline.ts";
import { illegal, shipAt, shipWhere, soleBayAction } from "../lookup.ts";
import { EXPLOSION_HITS_MEASURES } from "../measures.ts";
import { damageFields, INCHES } from "../outcome-facts.ts";
import type { SoleBayShip } from "../ship.ts";
import { afloat, type SoleBayState } from "../state.ts";
import { EXPLOSION_MIN } from "../tables.ts";

/** The roll for the radius, once a ship has exploded. */
export const radiusFollowUp = (ship: SoleBayShip): FollowUp =>
  roll(`${ship.name} explodes: 1d6 for the radius in inches`, { type: "explosion-radius", ship: ship.id });

function explosionMin(state: SoleBayState, cause: "broadside" | "fire" | "explosion"): number | null {
  if (cause !== "explosion") return EXPLOSION_MIN[cause];
  const as = state.settings.chainExplosionAs;
  return as === "none" ? null : EXPLOSION_MIN[as];
}

/** A ship's 2d6 to explode (a destroyed ship's, a fired fireship's each move): what she rolled, needed, and whether she explodes. */
export const EXPLOSION_ROLL = outcomeOf({
  ship: fact.hidden(Type.String()),
  total: fact.die("Rolled"),
  needed: fact.target("Explodes on"),
  exploded: fact.flag("Explodes", { no: "Does not explode" }),
});

/** Her 2d6 `dice` against `needed`: she explodes on `needed` or more. */
export function explosionOf(ship: SoleBayShip, needed: number, dice: DiceGroups) {
  const total = (dice[0] ?? []).reduce((s, v) => s + v, 0);
  return { ship: ship.id, total, needed, exploded: total >= needed };
}

/** The ship an action field names that has exploded (removed from play). */
const exploded = (state: SoleBayState, id: string) =>
  shipWhere(state, id, "action.ship", (s) => (state.game.removed.includes(s.id) ? null : `${s.name} has not exploded.`), "any");

export const explosionRoll = soleBayAction({
  type: "explosion-roll",
  outcomeSchema: EXPLOSION_ROLL,
  title: "Ship destruction",
  description: "A ship destroyed by broadside or fire: 2d6, explodes on 11–12 (10–12 if by fire).",
  schema: actionSchema("explosion-roll", {
    ship: shipField("Destroyed ship"),
    cause: literals(["broadside", "fire", "explosion"], { default: "broadside", label: "Destroyed by" }),
  }),
  prepare({ state, action: a }) {
    const ship = shipWhere(state, a.ship, "action.ship", (s) => (s.destroyed ? null : `${s.name} is not destroyed.`), "in-play");
    if (!ship.ok) return ship;
    const needed = explosionMin(state, a.cause);
    if (needed === null) return illegal("With chainExplosionAs = none, ships destroyed by explosion hits do not roll.", "action.cause");
    return ok({ ship: ship.value, needed });
  },
  plan: ({ prepared: ctx }) => [entry("explosion", "d6", 2, `${ctx.ship.name} is destroyed: explodes on ${ctx.needed}+ on 2d6`)],
  outcome: ({ prepared: ctx }, dice) => explosionOf(ctx.ship, ctx.needed, dice),
  effects: ({ prepared: ctx }, o) =>
    o.exploded
      ? { events: [{ type: "ship-removed", ship: ctx.ship.id }], followUps: [radiusFollowUp(ctx.ship)] }
      : { events: [{ type: "explosion-averted", ship: ctx.ship.id }] },
  summary: (d) => ({ pExplodes: flagChance("Explodes", d, "exploded") }),
  describe: ({ state }, o) =>
    o.exploded
      ? `${nameOf(state, o.ship)} explodes (${o.total} on 2d6, needed ${o.needed}+)`
      : `${nameOf(state, o.ship)} does not explode (${o.total} on 2d6) and remains as a prize`,
  headline: ({ state, action }, odds) => explosionRollHeadline(state, action, odds),
});

export const explosionRadius = soleBayAction({
  type: "explosion-radius",
  outcomeSchema: outcomeOf({ ship: fact.hidden(Type.String()), radius: fact.number("Blast radius", INCHES) }),
  title: "Explosion radius",
  description: "An exploding ship: 1d6 for the radius in inches; then choose the ships within it.",
  schema: actionSchema("explosion-radius", { ship: shipField("Exploding ship") }),
  prepare: ({ state, action: a }) => exploded(state, a.ship),
  plan: ({ prepared: ship }) => [entry("radius", "d6", 1, `Radius of ${ship.name}'s explosion in inches`)],
  outcome: ({ prepared: ship }, dice) => ({ ship: ship.id, radius: dice[0]?.[0] ?? 0 }),
  effects({ prepared: ship, state }, o) {
    const near = state.ships.filter((s) => s.id !== ship.id && afloat(state, s));
    if (near.length === 0) return { events: [] };
    const choose: FollowUp = {
      kind: "choose",
      purpose: `Which ships are within ${o.radius}" of ${ship.name}? Each takes 1d6 hits`,
      action: { type: "explosion-hits", ship: ship.id, radius: o.radius, ships: [] },
      choice: { field: "ships", options: near.map((s) => ({ value: s.id, label: s.name })), min: 0, max: near.length },
    };
    return { events: [], followUps: [choose] };
  },
  describe: ({ state }, o) => `${nameOf(state, o.ship)}'s explosion reaches ${o.radius}"`,
  headline: ({ state, action }, odds) => explosionRadiusHeadline(state, action, odds),
});

interface HitsCtx {
  readonly ship: SoleBayShip;
  readonly radius: number;
  readonly within: readonly SoleBayShip[];
}

function shipResult(s: SoleBayShip, hits: number) {
  const { ship, marked, wasted, conditionAfter, levelsLost, destroyed } = damageReport(s, hits);
  return { ship, hits, marked, wasted, conditionAfter, levelsLost, destroyed };
}

function hitsOutcome(ctx: HitsCtx, dice: DiceGroups, state: SoleBayState) {
  const one = state.settings.explosionHitsRoll === "one";
  const results = ctx.within.map((s, i) => shipResult(s, (one ? dice[0]?.[0] : dice[i]?.[0]) ?? 0));
  return { ship: ctx.ship.id, radius: ctx.radius, results };
}

type ShipResult = ReturnType<typeof shipResult>;

/** Summary over the whole distribution: each ship's chance of destruction, and of any ship's. */
function hitsSummary(ctx: HitsCtx, perShip: readonly (readonly Weighted<ShipResult>[])[], one: boolean) {
  const pDestroyed = Object.fromEntries(
    ctx.within.map((s, i) => [s.id, (perShip[i] ?? []).reduce((p, e) => p + (e.value.destroyed ? e.p : 0), 0)]),
  );
  // One die for all: the ships are destroyed together by the largest roll any of them needs, so count faces.
  const pAnyDestroyed = one
    ? [1, 2, 3, 4, 5, 6].filter((h) => ctx.within.some((s) => shipResult(s, h).destroyed)).length / 6
    : 1 - Object.values(pDestroyed).reduce((q, p) => q * (1 - p), 1);
  return {
    pAnyDestroyed: chance("A ship within is destroyed", pAnyDestroyed),
    pDestroyed: chances(pDestroyed, (id) => `${ctx.within.find((s) => s.id === id)?.name ?? id} is destroyed`),
  };
}

export const explosionHits = soleBayAction({
  type: "explosion-hits",
  outcomeSchema: outcomeOf({
    ship: fact.hidden(Type.String()),
    radius: fact.number("Blast radius", INCHES),
    results: fact.rows("Damage", { ship: fact.hidden(Type.String()), hits: fact.count("Hits"), ...damageFields }, "ship"),
  }),
  measure: EXPLOSION_HITS_MEASURES,
  title: "Explosion hits",
  description: "1d6 hits to each ship within an explosion's radius (one die per ship, or one for all by setting).",
  schema: actionSchema("explosion-hits", {
    ship: shipField("Exploding ship"),
    radius: Type.Integer({ minimum: 1, maximum: 6, label: "Radius (inches)" }),
    // A choice of exactly one ship may arrive as a single id.
    ships: Type.Union([Type.Array(Type.String()), Type.String()], { default: [], label: "Ships within the radius", input: "ships" }),
  }),
  prepare({ state, action: a }) {
    const ship = exploded(state, a.ship);
    if (!ship.ok) return ship;
    const within: SoleBayShip[] = [];
    const ids = typeof a.ships === "string" ? [a.ships] : a.ships;
    for (const [i, id] of ids.entries()) {
      const s = shipAt(state, id, `action.ships[${i}]`);
      if (!s.ok) return s;
      if (within.some((w) => w.id === id)) return illegal(`${s.value.name} is listed twice.`, `action.ships[${i}]`);
      within.push(s.value);
    }
    return ok({ ship: ship.value, radius: a.radius, within });
  },
  plan({ prepared: ctx, state }) {
    if (state.settings.explosionHitsRoll === "one") {
      return [entry("hits", "d6", ctx.within.length > 0 ? 1 : 0, `Hits on every ship within ${ctx.ship.name}'s explosion`)];
    }
    return ctx.within.map((s) => entry("hits", "d6", 1, `Hits on ${s.name} from ${ctx.ship.name}'s explosion`));
  },
  outcome: ({ prepared, state }, dice) => hitsOutcome(prepared, dice, state),
  odds({ prepared: ctx, state }) {
    // Each ship's own die is independent: 6^n joint outcomes are listed best-first, the summary is a product.
    const one = state.settings.explosionHitsRoll === "one";
    const faces = [1, 2, 3, 4, 5, 6];
    const perShip = ctx.within.map((s) => faces.map((h) => ({ value: shipResult(s, h), p: 1 / 6 })));
    const summary = hitsSummary(ctx, perShip, one);
    if (one) {
      const entries =
        ctx.within.length === 0 ? [{ value: [], p: 1 }] : faces.map((h) => ({ value: ctx.within.map((s) => shipResult(s, h)), p: 1 / 6 }));
      return oddsOfEntries(
        entries.map((e) => ({ value: { ship: ctx.ship.id, radius: ctx.radius, results: e.value }, p: e.p })),
        summary,
      );
    }
    const joint = jointOutcomes(perShip, (results) => ({ ship: ctx.ship.id, radius: ctx.radius, results }));
    return oddsOfEntries(joint.entries, summary, joint.truncated);
  },
  effects({ prepared: ctx, state }, o) {
    const events = ctx.within.flatMap((s, i) => markEvents(damageReport(s, o.results[i]?.hits ?? 0), "explosion"));
    const extraRisk = state.settings.explosionFlagRisk ? ctx.within.filter((s) => s.flagOfficer === "present").map((s) => s.id) : [];
    return damaged(state, { events, cause: "explosion", extraRisk });
  },
  describe: ({ state }, o) =>
    o.results.length === 0
      ? `${nameOf(state, o.ship)}'s explosion catches no ship`
      : o.results.map((r) => `${r.hits} hits on ${nameOf(state, r.ship)} — ${afterWords(r)}`).join("; "),
  headline: ({ state, action }) => explosionHitsHeadline(state, action),
});
