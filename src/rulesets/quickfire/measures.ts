/**
 * How Quickfire's geometric fields are measured from positions (declared on each action next to its schema). The
 * text's sentences: "always measure from the forward funnel on the spotting vessel to the forward funnel of the
 * target vessel" (the funnel is taken at the base's centre: a base does not say where its funnel is); the Game
 * Scales' bands; "a 120° arc centered on each broadside … the remaining 60° arcs to the front and rear"; "The
 * potential target may not be fired upon if line-of-sight is blocked in any way by other vessels"; torpedoes "within
 * the same firing arc (both targets to starboard, etc.)".
 */

import type { ActionMeasures, GeometryCheck, MeasureContext, Reading } from "../../game/measure.ts";
import {
  bearingSlack,
  betweenShips,
  centreLine,
  centresApart,
  exactIn,
  INCHES,
  isNear,
  type LengthUnit,
  lengthWords,
  MILLIMETRES,
  nameOf,
  shownLength,
} from "../../game/measure-kit.ts";
import { type Arc, arcOf, QUICKFIRE_ARCS, relativeBearing } from "../../geometry/arcs.ts";
import { type Base, contains, corners } from "../../geometry/base.ts";
import { closestOnSegment, pointToBase, segmentsMeet } from "../../geometry/distance.ts";
import { add, distance, type Point, scale, sub } from "../../geometry/vec.ts";
import { fail } from "../../result.ts";
import { MOVE_FIELDS, QUICKFIRE_MOVE } from "./move.ts";
import { scaleBands } from "./scales.ts";
import type { QuickfireState } from "./ship.ts";

type Ctx<K extends string = string> = MeasureContext<QuickfireState, K>;
/** The Gunnery action's fields its measures use (keys of its schema). */
type Gunnery = "firer" | "target" | "distance" | "arc" | "range";
/** The QuickfireAttack action's fields its measures use (keys of its schema). */
type QuickfireAttack = "distance" | "arc" | "range";
/** The Torpedo action's fields its measures use (keys of its schema). */
type Torpedo = "firer" | "targets" | "distances" | "sameArc";
/** The Move action's fields its measures use (keys of its schema). */
type Move = "ship" | "distance" | "turn" | "turns";
const unitOf = (ctx: Ctx): LengthUnit => (scaleBands(ctx.state.settings).unit === "mm" ? MILLIMETRES : INCHES);

/** The target's arc of the firer: broadside, or fore-aft (the 60° arcs to the front and rear). */
const gunArc = betweenShips("firer", "target", (ctx: Ctx<Gunnery>, firer, target): Reading => {
  const bearing = relativeBearing(firer, target.center);
  const { arc, margin } = arcOf(bearing, QUICKFIRE_ARCS);
  const slack = bearingSlack(ctx, ctx.action.firer, ctx.action.target);
  return {
    value: arc,
    figure: `the target bears ${Math.round(Math.abs(bearing))}° off the bow to ${bearing < 0 ? "port" : "starboard"}`,
    ...(isNear(margin, slack)
      ? { borderline: { edge: "an arc's edge (30° or 150° off the bow)", other: arc === "broadside" ? "fore-aft" : "broadside" } }
      : {}),
  };
});

/** Whether any part of a base lies on the segment `a`–`b`, and how far (mm) the segment passes from it when it does not. */
function onSegment(b: Base, a: Point, z: Point): { meets: boolean; gap: number } {
  const c = corners(b);
  const meets = contains(b, a) || contains(b, z) || c.some((p, i) => segmentsMeet(a, z, p, c[(i + 1) % 4] ?? p));
  if (meets) return { meets, gap: 0 };
  const gap = Math.min(...c.map((p) => distance(p, closestOnSegment(p, a, z))), pointToBase(a, b), pointToBase(z, b));
  return { meets, gap };
}

/** Beyond long range (Game Scales), funnel to funnel: refused with the measured figure before anything is asked. */
const gunsReach: GeometryCheck<QuickfireState, Gunnery> = {
  name: "long range",
  check: betweenShips("firer", "target", (ctx: Ctx<Gunnery>, firer, target) => {
    if (ctx.given("distance") || ctx.given("range")) return null;
    const unit = unitOf(ctx);
    const { long } = scaleBands(ctx.state.settings);
    const mm = distance(firer.center, target.center);
    if (exactIn(mm, unit) <= long) return null;
    return {
      refusal: fail(
        "rules.out-of-range",
        `${nameOf(ctx, ctx.action.target)} is ${lengthWords(mm, unit, [long])} from ${nameOf(ctx, ctx.action.firer)}, funnel to funnel; long range ends at ${shownLength(long, unit)}.`,
        "action.target",
      ).error,
    };
  }),
};

/** Ships on the table other than the firer and the target (a sunk ship is off it). */
const othersOf = (ctx: Ctx) => ctx.state.ships.filter((s) => s.id !== ctx.action.firer && s.id !== ctx.action.target && !s.sunk);

/** "The potential target may not be fired upon if line-of-sight is blocked in any way by other vessels": the funnel-to-funnel line crosses another ship's base. */
const lineOfSight: GeometryCheck<QuickfireState, Gunnery> = {
  name: "line of sight",
  check: betweenShips("firer", "target", (ctx: Ctx<Gunnery>, firer, target) => {
    for (const s of othersOf(ctx)) {
      const b = ctx.base(s.id);
      if (!b || !onSegment(b, firer.center, target.center).meets) continue;
      return {
        refusal: fail(
          "rules.illegal",
          `${s.name} blocks the line of sight from ${nameOf(ctx, ctx.action.firer)} to ${nameOf(ctx, ctx.action.target)} (3.0 Line of Sight).`,
          "action.target",
        ).error,
      };
    }
    return null;
  }),
};

/**
 * 3.1 Friendly Fire: "A ship may not fire on an enemy vessel if any part of a friendly vessel is both on the other side
 * of the prospective target and in the line of fire. Set-up line of fire using standard distance measurement (forward
 * funnel of firing vessel to forward funnel of target vessel)." The line of fire runs on past the target's funnel as
 * far as the guns reach (long range from the firer; the text gives no end, and a shot carries no farther).
 */
const friendlyFire: GeometryCheck<QuickfireState, Gunnery> = {
  name: "friendly fire",
  check: betweenShips("firer", "target", (ctx: Ctx<Gunnery>, firer, target) => {
    const side = ctx.state.ships.find((s) => s.id === ctx.action.firer)?.side;
    if (side === undefined) return null;
    const gap = distance(firer.center, target.center);
    if (gap === 0) return null;
    const reach = Math.max(scaleBands(ctx.state.settings).long * unitOf(ctx).mm, gap);
    const end = add(firer.center, scale(sub(target.center, firer.center), reach / gap));
    const slack = ctx.slack([ctx.action.firer, ctx.action.target], 0) + ctx.swing(reach);
    let near: string | null = null;
    for (const s of othersOf(ctx)) {
      const b = s.side === side ? ctx.base(s.id) : null;
      if (!b) continue;
      const m = onSegment(b, target.center, end);
      if (m.meets)
        return {
          refusal: fail(
            "rules.illegal",
            `${s.name} is in the line of fire beyond ${nameOf(ctx, ctx.action.target)} (3.1 Friendly Fire: a ship may not fire on an enemy if a friendly vessel is on the other side of the target and in the line of fire).`,
            "action.target",
          ).error,
        };
      if (near === null && isNear(m.gap, slack)) near = s.name;
    }
    return near ? { borderline: { value: "clear", other: "blocked", edge: `${near}'s base beyond the target` } } : null;
  }),
};

/** The four firing arcs for torpedoes: fore, starboard, aft, port. */
const FOUR_ARCS: readonly Arc[] = [
  { name: "starboard", from: 30, to: 150 },
  { name: "port", from: -150, to: -30 },
  { name: "fore", from: -30, to: 30 },
  { name: "aft", from: 150, to: -150 },
];

/** The torpedo's targets so far (the action is not parsed yet while it is measured): none unless a list. */
const targetsOf = (ctx: Ctx): readonly unknown[] => {
  const targets: unknown = ctx.action.targets;
  return Array.isArray(targets) ? targets : [];
};

function sameArc(ctx: Ctx<Torpedo>): Reading | null {
  const firer = ctx.base(ctx.action.firer);
  const ids = targetsOf(ctx);
  const targets = ids.map((id) => ctx.base(id));
  if (!firer || targets.length !== 2 || targets.some((t) => !t)) return null;
  const arcs = targets.map((t) => (t ? arcOf(relativeBearing(firer, t.center), FOUR_ARCS) : { arc: null, margin: 0 }));
  const value = arcs[0]?.arc === arcs[1]?.arc;
  const slack = Math.max(...ids.map((id) => bearingSlack(ctx, ctx.action.firer, id)));
  return {
    value,
    figure: `the targets are in the ${arcs.map((a) => a.arc).join(" and ")} arcs`,
    ...(arcs.some((a) => isNear(a.margin, slack)) ? { borderline: { edge: "an arc's edge", other: !value } } : {}),
  };
}

function torpedoDistances(ctx: Ctx<Torpedo>): Reading | null {
  const ids = targetsOf(ctx);
  const unit = unitOf(ctx);
  const [min, max] = scaleBands(ctx.state.settings).torpedo;
  const readings = ids.map((id) => centresApart(ctx, ctx.action.firer, id, unit, [min, max]));
  if (readings.length === 0 || readings.some((r) => !r)) return null;
  const near = readings.find((r) => r?.borderline)?.borderline;
  return {
    value: readings.map((r) => r?.value),
    figure: readings.map((r) => r?.figure).join("; "),
    ...(near ? { borderline: { edge: near.edge, other: readings.map((r) => r?.borderline?.other ?? r?.value) } } : {}),
  };
}

const distanceField = (ctx: Ctx) => {
  // a band a person gives stands: a measured distance beside it would contradict it
  if (ctx.given("range")) return null;
  const b = scaleBands(ctx.state.settings);
  return centresApart(ctx, ctx.action.firer, ctx.action.target, unitOf(ctx), [b.pointBlank, b.short, b.long]);
};

export const GUNNERY_MEASURES: ActionMeasures<QuickfireState, Gunnery> = {
  map: { caption: "distance", line: centreLine("firer", "target") },
  fields: { distance: distanceField, arc: gunArc },
  checks: [gunsReach, lineOfSight, friendlyFire],
  unmeasured: {
    range:
      "the band is read from the measured distance by the rule set (Game Scales); a band a person gives stands, and no distance is measured beside it",
  },
};

export const QUICKFIRE_ATTACK_MEASURES: ActionMeasures<QuickfireState, QuickfireAttack> = {
  fields: {},
  unmeasured: {
    distance: "one distance for several firing ships: each ship's own is measured by its gunnery, not this combined attack",
    arc: "one arc for several firing ships (as distance)",
    range: "as distance",
  },
};

/**
 * 3.2: "torpedoes have a minimum range within which they may not be used", and a maximum: each target measured funnel
 * to funnel, refused with its figure before anything is asked.
 */
const torpedoReach: GeometryCheck<QuickfireState, Torpedo> = {
  name: "torpedo range",
  givenBy: ["distances"],
  check(ctx) {
    const unit = unitOf(ctx);
    const [min, max] = scaleBands(ctx.state.settings).torpedo;
    for (const id of targetsOf(ctx)) {
      const from = ctx.base(ctx.action.firer);
      const to = ctx.base(id);
      if (!from || !to) continue;
      const mm = distance(from.center, to.center);
      const d = exactIn(mm, unit);
      const shown = lengthWords(mm, unit, [min, max]);
      const name = nameOf(ctx, id);
      if (d < min)
        return {
          refusal: fail(
            "rules.illegal",
            `${name} is ${shown} away, inside the torpedo minimum range of ${shownLength(min, unit)} (3.2).`,
            "action.targets",
          ).error,
        };
      if (d > max)
        return {
          refusal: fail(
            "rules.out-of-range",
            `${name} is ${shown} away, beyond torpedo range (${shownLength(max, unit)}).`,
            "action.targets",
          ).error,
        };
    }
    return null;
  },
};

export const TORPEDO_MEASURES: ActionMeasures<QuickfireState, Torpedo> = {
  fields: { distances: torpedoDistances, sameArc },
  checks: [torpedoReach],
};

/** With `table.before`, the move made is measured (src/rulesets/quickfire/move.ts); without it, it is the player's plan. */
export const MOVE_MEASURES: ActionMeasures<QuickfireState, Move> = {
  move: QUICKFIRE_MOVE,
  fields: MOVE_FIELDS,
};
