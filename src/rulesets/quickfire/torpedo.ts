/**
 * Torpedoes (text 3.2): second fire phase only, within torpedo range but not inside its minimum, one or two
 * targets (a split rating in one arc, the full rating in two arcs), 3D6 ≤ the hit number, then 1D6 S hits.
 */
import { Type } from "@sinclair/typebox";
import { byTotal, entry } from "../../dice/plan.ts";
import { anyChance, chance, expectedOf, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import { findShip } from "../../game/engine.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { Dist } from "../../odds/distribution.ts";
import { fail, ok } from "../../result.ts";
import { torpedoHitNumber } from "./chart.ts";
import { applyCodes } from "./damage.ts";
import type { QuickfireEvent } from "./events.ts";
import { torpedoDamageHeadline, torpedoHeadline } from "./headline.ts";
import { chartNote, quickfireAction, total, withChart } from "./kit.ts";
import { TORPEDO_MEASURES } from "./measures.ts";
import { chartField } from "./outcome-facts.ts";
import { torpedoRangeCheck } from "./scales.ts";
import { boxesUsed, currentTorpedo, type QuickfireState, type Ship } from "./ship.ts";
import { checkTargetable, checkTorpedoShot } from "./shots.ts";

interface TorpedoContext {
  readonly firer: Ship;
  readonly checks: ReadonlyArray<{ target: Ship; rating: number; moving: boolean; hitNumber: number }>;
}

/** The default split of a rating between two targets in one arc: the first target gets the larger half. */
export const splitRating = (rating: number): [number, number] => [Math.ceil(rating / 2), Math.floor(rating / 2)];

function torpedoOutcome(state: QuickfireState, ctx: TorpedoContext, hitOf: (check: number) => boolean) {
  const results = ctx.checks.map((c, i) => ({
    target: c.target.id,
    rating: c.rating,
    moving: c.moving,
    hitNumber: c.hitNumber,
    hit: hitOf(i),
  }));
  return { results, hits: results.filter((r) => r.hit).length, chart: state.data.label };
}

export const torpedoAction = quickfireAction({
  prepareOnParse: false,
  type: "torpedo",
  outcomeSchema: outcomeOf({
    results: fact.rows(
      "Torpedoes",
      {
        target: fact.hidden(Type.String()),
        rating: fact.number("Torpedo rating"),
        moving: fact.flag("Target moving", { no: "Target static" }),
        hitNumber: fact.target("Hit on", { below: true }),
        hit: fact.flag("Hit", { no: "Missed" }),
      },
      "target",
    ),
    hits: fact.count("Torpedo hits"),
    chart: chartField,
  }),
  measure: TORPEDO_MEASURES,
  title: "Torpedo fire",
  description:
    "Check for torpedo fire at one or two targets, in the second fire phase only (3.2): the rating may be split between two targets in one arc, and each target's distance, measured on the table, must be within torpedo range.",
  schema: actionSchema("torpedo", {
    firer: shipField("Firing ship"),
    targets: Type.Array(Type.String(), { minItems: 1, maxItems: 2, label: "Targets (one or two)", input: "ships" }),
    sameArc: Type.Boolean({ default: true, label: "Both targets in the same arc (split the rating)" }),
    ratings: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 2, hidden: true })),
    distances: Type.Optional(Type.Array(Type.Number({ minimum: 0 }), { minItems: 1, maxItems: 2, hidden: true })),
  }),
  prepare({ state, action }) {
    const firer = findShip(state.ships, action.firer, "action.firer");
    if (!firer.ok) return firer;
    const ids = action.targets;
    if (new Set(ids).size !== ids.length)
      return fail("input.invalid", "The two torpedo targets must be different ships.", "action.targets");
    const once = checkTorpedoShot(state, firer.value);
    if (!once.ok) return once;
    const rating = currentTorpedo(firer.value);
    if (rating < 1) return fail("rules.illegal", `${firer.value.name} has no torpedo rating left (3.2).`, "action.firer");
    const split = ids.length === 2 && action.sameArc;
    const given = action.ratings;
    if (given && given.length !== ids.length) return fail("input.invalid", "Give one rating per target.", "action.ratings");
    const ratings = given ?? (split ? splitRating(rating) : ids.map(() => rating));
    if (split && ratings.reduce((a, b) => a + b, 0) > rating) {
      return fail("rules.illegal", `Two targets in the same arc split the rating of ${rating} between them (3.2a).`, "action.ratings");
    }
    const distances = action.distances;
    if (distances && distances.length !== ids.length) return fail("input.invalid", "Give one distance per target.", "action.distances");
    const checks: TorpedoContext["checks"][number][] = [];
    for (const [i, id] of ids.entries()) {
      const target = findShip(state.ships, id, `action.targets[${i}]`);
      if (!target.ok) return target;
      const legal = checkTargetable(state, firer.value, target.value, "action.firer", true);
      if (!legal.ok) return legal;
      const d = distances?.[i];
      if (d !== undefined) {
        const inRange = torpedoRangeCheck(state.settings, d, `action.distances[${i}]`);
        if (!inRange.ok) return inRange;
      }
      const r = ratings[i] ?? 0;
      if (r < 1) return fail("rules.illegal", `A rating of ${rating} cannot be split between two targets (3.2a).`, "action.targets");
      if (r > rating) return fail("rules.illegal", `${firer.value.name}'s torpedo rating is ${rating}.`, `action.ratings[${i}]`);
      // 3.2: "moving if it used two or more speed boxes during the current game turn"
      const moving = boxesUsed(target.value, target.value.moved) >= 2;
      checks.push({ target: target.value, rating: r, moving, hitNumber: torpedoHitNumber(state.data, moving, r) });
    }
    return ok({ firer: firer.value, checks });
  },
  plan: ({ prepared: ctx }) =>
    // 3.2 "the dice total must be equal to or less than the hit number": the three dice are read by their total
    ctx.checks.map((c) => byTotal(entry("torpedo", "d6", 3, `Torpedo check at ${c.target.name}: ${c.hitNumber} or less hits`))),
  outcome: ({ state, prepared: ctx }, groups) => torpedoOutcome(state, ctx, (i) => total(groups[i]) <= (ctx.checks[i]?.hitNumber ?? 0)),
  // Each check's three dice hit or miss on their total alone: a product of per-check hit chances, not 56^n multisets.
  dist: ({ state, prepared: ctx }) =>
    ctx.checks
      .reduce((acc: Dist<boolean[]>, c) => {
        const pHit = Dist.sum("d6", 3).probability((t) => t <= c.hitNumber);
        const one = Dist.from([
          { value: true, p: pHit },
          { value: false, p: 1 - pHit },
        ]);
        return acc.chain((hits) => one.map((h) => [...hits, h]));
      }, Dist.of<boolean[]>([]))
      .map((hits) => torpedoOutcome(state, ctx, (i) => hits[i] === true)),
  effects: ({ state, prepared: ctx }, outcome) => {
    const results = outcome.results;
    const events: QuickfireEvent[] = [];
    if (state.game.phase !== null) {
      events.push({
        type: "shot",
        shot: {
          firer: ctx.firer.id,
          kind: "torpedo",
          battery: null,
          targets: ctx.checks.map((c) => c.target.id),
          range: null,
          quickfire: false,
        },
      });
    }
    // 3.2: "until they score a hit against any one target. At that time their torpedo rating is crossed out"
    if (results.some((r) => r.hit)) events.push({ type: "torpedo-spent", ship: ctx.firer.id });
    const followUps = results
      .filter((r) => r.hit)
      .map((r) => ({
        kind: "roll" as const,
        purpose: `Torpedo hit: roll 1D6 for the number of S hits on ${state.ships.find((s) => s.id === r.target)?.name ?? "the target"}`,
        action: { type: "torpedo-damage", firer: ctx.firer.id, target: r.target },
      }));
    return { events, followUps };
  },
  summary: (dist, { state }) =>
    withChart(state, {
      noHit: chance(
        "No torpedo hits",
        dist.probability((o) => o.hits === 0),
      ),
      anyHit: anyChance("A torpedo hits", dist, "hits"),
      expectedHits: expectedOf("Torpedo hits to expect", dist, "hits", "hits"),
    }),
  describe: ({ state, action }, o) => {
    const hits = o.results.filter((r) => r.hit).map((r) => nameOf(state, r.target));
    return hits.length
      ? `${nameOf(state, action.firer)}'s torpedoes hit ${hits.join(" and ")}${chartNote(state)}.`
      : `${nameOf(state, action.firer)}'s torpedoes missed${chartNote(state)}.`;
  },
  headline: ({ state, action }, odds) => torpedoHeadline(state, action, odds),
});

export const torpedoDamageAction = quickfireAction({
  prepareOnParse: false,
  type: "torpedo-damage",
  outcomeSchema: outcomeOf({ sHits: fact.count("Speed hits (S)") }),
  title: "Torpedo hit",
  description: "1D6 S hits from a torpedo hit (3.2)",
  schema: actionSchema("torpedo-damage", { firer: shipField("Firing ship"), target: shipField("Ship hit") }),
  prepare({ state, action }) {
    // the firer is named in the follow-up of a torpedo check; an unknown or self-named firer is a typo, not a hit
    const firer = findShip(state.ships, action.firer, "action.firer");
    if (!firer.ok) return firer;
    const target = findShip(state.ships, action.target, "action.target");
    if (!target.ok) return target;
    if (firer.value.id === target.value.id)
      return fail("rules.illegal", `${firer.value.name} cannot torpedo herself (3.2).`, "action.target");
    return ok({ target: target.value });
  },
  plan: () => [entry("damage", "d6", 1, "Torpedo damage: the number of S hits")],
  outcome: (_ctx, groups) => ({ sHits: total(groups[0]) }),
  effects: ({ state, prepared: ctx }, outcome) =>
    applyCodes(state, ctx.target.id, Array<"S">(outcome.sHits).fill("S"), "split", "torpedo hit"),
  summary: (dist, { state }) =>
    withChart(state, {
      expectedSHits: expectedOf("Speed hits to expect", dist, "sHits", "S hits"),
    }),
  describe: ({ state, action }, o) => `A torpedo hit gives ${nameOf(state, action.target)} ${o.sHits} S hits.`,
  headline: ({ state, action }, odds) => torpedoDamageHeadline(state, action, odds),
});
