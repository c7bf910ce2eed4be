/**
 * How Sole Bay's geometric fields are measured from positions (declared on each action next to its schema). The
 * text's sentences: "The firing line is measured at 90° to port or starboard. If the line crosses an enemy ship
 * model's base, then firing may take place." "Ranges are measured from base of firer to base of target." "Raking
 * bow/stern … If line of fire passes through bow & stern edges of target's base." "within gunnery range (12") of an
 * enemy vessel"; "If a line drawn from the stern (bow) of the ship crosses the windward table edge"; "All ships
 * within 1D6 inches take 1D6 hits"; "within half an inch of the side edge of an enemy ship's base"; "retire to any
 * another ship of his Division within 6"".
 */

import type { ActionMeasures, GeometryCheck, MeasureContext, Reading } from "../../game/measure.ts";
import {
  beamCrossing,
  beamLine,
  betweenShips,
  centreLine,
  exactIn,
  gapReading,
  INCHES,
  inUnit,
  isNear,
  lengthWords,
  lineSlack,
  nameOf,
  nearEdge,
  shownLength,
} from "../../game/measure-kit.ts";
import { edge, endPoint } from "../../geometry/base.ts";
import { baseGap } from "../../geometry/distance.ts";
import { firingLine, rakes } from "../../geometry/firing-line.ts";
import { shipsAround } from "../../geometry/radius.ts";
import { MM_PER_INCH, scale } from "../../geometry/vec.ts";
import { edgeCrossed } from "../../geometry/windward.ts";
import { plural } from "../../odds/headline.ts";
import { fail } from "../../result.ts";
import { MOVEMENT_MOVE } from "./move.ts";
import { afloat, type SoleBayState } from "./state.ts";
import { GUNNERY_RANGE_INCHES, RANGE_BANDS } from "./tables.ts";

type Ctx<K extends string = string> = MeasureContext<SoleBayState, K>;
/** The Broadside action's fields its measures use (keys of its schema). */
type Broadside = "firer" | "target" | "broadside" | "rangeInches" | "rake";
/** The Movement action's fields its measures use (keys of its schema). */
type Movement = "ship" | "enemyWithin12" | "strategic" | "windward" | "following" | "fullSail" | "anchoredOrAground";
/** The ExplosionHits action's fields its measures use (keys of its schema). */
type ExplosionHits = "ship" | "ships" | "radius";
/** The Grapple action's fields its measures use (keys of its schema). */
type Grapple = "attacker" | "defender";
/** The Retire action's fields its measures use (keys of its schema). */
type Retire = "ship" | "to";
/** The Collision action's fields its measures use (keys of its schema). */
type Collision = "noRoom";
const EDGES = RANGE_BANDS.map((b) => b.maxInches);
const inches = (mm: number) => shownLength(inUnit(mm, INCHES), INCHES);

/** The beam whose firing line crosses the target's base (the beam given, if given). */
const firingBeam = betweenShips("firer", "target", (ctx: Ctx<Broadside>, firer, target): Reading | null => {
  const c = beamCrossing(firer, target);
  if (!c.beam) return null;
  const crossing = c[c.beam];
  const slack = lineSlack(ctx, ctx.action.firer, ctx.action.target, (crossing.at ?? 0) + target.length);
  return {
    value: c.beam,
    figure: `the ${c.beam} firing line crosses ${nameOf(ctx, ctx.action.target)}'s base by ${inches(crossing.margin)}`,
    ...(isNear(crossing.margin, slack) ? { borderline: { edge: "the edge of the target's base", other: "misses" } } : {}),
  };
});

/** "If line of fire passes through bow & stern edges of target's base", along the broadside fired. */
const rake = betweenShips("firer", "target", (ctx: Ctx<Broadside>, firer, target): Reading | null => {
  const beam = ctx.action.broadside;
  if (beam !== "port" && beam !== "starboard") return null;
  const r = rakes(firingLine(firer, beam), target);
  const slack = lineSlack(ctx, ctx.action.firer, ctx.action.target, baseGap(firer, target).distance + target.length);
  return {
    value: r.rakes,
    figure: r.rakes
      ? `the firing line passes through bow and stern edges (${inches(r.margin)} inside the nearer corner)`
      : "the firing line does not pass through both bow and stern edges",
    ...(isNear(r.margin, slack) ? { borderline: { edge: "a corner of the target's bow or stern edge", other: !r.rakes } } : {}),
  };
});

/** "If the line crosses an enemy ship model's base, then firing may take place"; beyond 12" is out of range. */
const firingLineCheck: GeometryCheck<SoleBayState, Broadside> = {
  name: "the firing line",
  check: betweenShips("firer", "target", (ctx: Ctx<Broadside>, firer, target) => {
    const c = beamCrossing(firer, target);
    const beam = ctx.action.broadside === "port" || ctx.action.broadside === "starboard" ? ctx.action.broadside : c.beam;
    const gap = baseGap(firer, target).distance;
    const name = nameOf(ctx, ctx.action.target);
    const firerName = nameOf(ctx, ctx.action.firer);
    const slack = lineSlack(ctx, ctx.action.firer, ctx.action.target, gap + target.length);
    if (!ctx.given("rangeInches") && exactIn(gap, INCHES) > GUNNERY_RANGE_INCHES) {
      return {
        refusal: fail(
          "rules.out-of-range",
          `${name} is ${lengthWords(gap, INCHES, [GUNNERY_RANGE_INCHES])} from ${firerName}, base to base; broadsides reach ${GUNNERY_RANGE_INCHES}″ at most.`,
          "action.target",
        ).error,
      };
    }
    const line = beam ? c[beam] : c.port.margin > c.starboard.margin ? c.port : c.starboard;
    if (!beam || !line.crosses) {
      const which = beam ? `${beam} firing line` : "firing lines at 90° to port and starboard";
      return {
        refusal: fail(
          "rules.illegal",
          `${firerName}'s ${which} miss${beam ? "es" : ""} ${name}'s base by ${inches(-line.margin)}.`,
          "action.target",
        ).error,
        ...(isNear(line.margin, slack) ? { borderline: { value: "misses", other: "crosses", edge: "the edge of the target's base" } } : {}),
      };
    }
    return null;
  }),
};

/** Every enemy within 12" base to base of the ship: the nearest one's gap, and whether it is inside. */
function nearestEnemy(ctx: Ctx<Movement>): { mm: number; id: string } | null {
  const me = ctx.base(ctx.action.ship);
  const ship = ctx.state.ships.find((s) => s.id === ctx.action.ship);
  if (!me || !ship) return null;
  let best: { mm: number; id: string } | null = null;
  for (const s of ctx.state.ships) {
    if (s.side === ship.side || !afloat(ctx.state, s)) continue;
    const b = ctx.base(s.id);
    if (!b) continue;
    const mm = baseGap(me, b).distance;
    if (!best || mm < best.mm) best = { mm, id: s.id };
  }
  return best;
}

function withinTwelve(ctx: Ctx<Movement>, strategic: boolean): Reading | null {
  const me = ctx.base(ctx.action.ship);
  if (!me) return null;
  const near = nearestEnemy(ctx);
  const limit = GUNNERY_RANGE_INCHES * MM_PER_INCH;
  const inside = near !== null && near.mm <= limit;
  const edge = near ? nearEdge(near.mm, [GUNNERY_RANGE_INCHES], INCHES, ctx.slack([ctx.action.ship, near.id])) : undefined;
  return {
    value: strategic ? !inside : inside,
    figure: near
      ? `nearest enemy ${nameOf(ctx, near.id)} at ${lengthWords(near.mm, INCHES, [GUNNERY_RANGE_INCHES])}`
      : "no enemy on the table",
    ...(edge ? { borderline: { edge: edge.edge, other: strategic ? inside : !inside } } : {}),
  };
}

/** "a line drawn from the stern (bow) of the ship crosses the windward table edge": needs the table's size. */
function windwardLine(ctx: Ctx<Movement>): Reading | null {
  const me = ctx.base(ctx.action.ship);
  if (!me || !ctx.table.size) return null;
  const windward = ctx.state.wind.windward;
  const stern = edgeCrossed(endPoint(me, "stern"), scale(me.forward, -1), ctx.table.size);
  const bow = edgeCrossed(endPoint(me, "bow"), me.forward, ctx.table.size);
  if (!stern || !bow) return null;
  const value = stern.edge === windward ? "stern" : bow.edge === windward ? "bow" : "neither";
  const hit = value === "stern" ? stern : value === "bow" ? bow : stern.margin < bow.margin ? stern : bow;
  const far = Math.max(ctx.table.size.width, ctx.table.size.length);
  const slack = ctx.slack([ctx.action.ship], far);
  return {
    value,
    figure: `the line from the stern reaches the ${stern.edge} edge, from the bow the ${bow.edge} edge (windward ${windward})`,
    ...(isNear(hit.margin, slack)
      ? { borderline: { edge: "a corner of the table", other: value === "neither" ? "stern or bow" : "neither" } }
      : {}),
  };
}

/** "All ships within 1D6 inches take 1D6 hits": every ship afloat within the rolled radius, base to base. */
function shipsInRadius(ctx: Ctx<ExplosionHits>): Reading | null {
  const centre = ctx.base(ctx.action.ship);
  // the action so far, before its schema parses it: the rolled radius once it is a number
  const radius = ctx.action.radius;
  if (!centre || typeof radius !== "number" || !Number.isFinite(radius)) return null;
  const others = ctx.state.ships
    .filter((s) => s.id !== ctx.action.ship && afloat(ctx.state, s))
    .flatMap((s) => {
      const base = ctx.base(s.id);
      return base ? [{ id: s.id, base }] : [];
    });
  const around = shipsAround(centre, others, radius * MM_PER_INCH);
  const inside = around.filter((w) => w.inside).map((w) => w.id);
  const close = around.find((w) => isNear(w.margin, ctx.slack([ctx.action.ship, w.id])));
  return {
    value: inside,
    figure: `${plural(inside.length, "ship")} within ${radius}″ base to base`,
    ...(close
      ? {
          borderline: {
            edge: `the ${radius}″ radius (${nameOf(ctx, close.id)} at ${inches(close.distance)})`,
            other: close.inside ? inside.filter((id) => id !== close.id) : [...inside, close.id],
          },
        }
      : {}),
  };
}

/** "within half an inch of the side edge of an enemy ship's base". */
const boardingReach: GeometryCheck<SoleBayState, Grapple> = {
  name: "boarding reach",
  check: betweenShips("attacker", "defender", (ctx: Ctx<Grapple>, a, d) => {
    const gapTo = (side: "port" | "starboard") => {
      const [p, q] = edge(d, side);
      // the side edge as a thin base: the nearest point of the attacker's base to the segment
      const probe = baseGap(a, { ...d, width: 0, center: scale({ x: p.x + q.x, y: p.y + q.y }, 0.5) });
      return probe.distance;
    };
    const mm = Math.min(gapTo("port"), gapTo("starboard"));
    const limit = 0.5 * MM_PER_INCH;
    const near = isNear(mm - limit, ctx.slack([ctx.action.attacker, ctx.action.defender]));
    const name = nameOf(ctx, ctx.action.defender);
    if (mm > limit)
      return {
        refusal: fail(
          "rules.illegal",
          `${nameOf(ctx, ctx.action.attacker)} is ${lengthWords(mm, INCHES, [0.5])} from ${name}'s side edge; boarding needs half an inch.`,
          "action.defender",
        ).error,
        ...(near ? { borderline: { value: "too far", other: "within reach", edge: "half an inch" } } : {}),
      };
    return near ? { borderline: { value: "within reach", other: "too far", edge: "half an inch" } } : null;
  }),
};

/** "retire to any another ship of his Division within 6"". */
const retireReach: GeometryCheck<SoleBayState, Retire> = {
  name: "the flag officer's 6″",
  check: betweenShips("ship", "to", (ctx: Ctx<Retire>, from, to) => {
    const mm = baseGap(from, to).distance;
    if (mm <= 6 * MM_PER_INCH) return null;
    return {
      refusal: fail(
        "rules.illegal",
        `${nameOf(ctx, ctx.action.to)} is ${lengthWords(mm, INCHES, [6])} from ${nameOf(ctx, ctx.action.ship)}; the Flag Officer may retire only within 6″.`,
        "action.to",
      ).error,
    };
  }),
};

const JUDGEMENT = "the players' judgement of a move not yet made (the text gives no geometry for it)";

export const BROADSIDE_MEASURES: ActionMeasures<SoleBayState, Broadside> = {
  map: { caption: "rangeInches", line: beamLine("firer", "target", "broadside") },
  fields: {
    broadside: firingBeam,
    rangeInches: (ctx) => gapReading(ctx, "firer", "target", INCHES, EDGES),
    rake,
  },
  checks: [{ ...firingLineCheck, givenBy: ["rangeInches", "broadside"] }],
};

export const MOVEMENT_MEASURES: ActionMeasures<SoleBayState, Movement> = {
  move: MOVEMENT_MOVE,
  fields: {
    enemyWithin12: (ctx) => withinTwelve(ctx, false),
    strategic: (ctx) => withinTwelve(ctx, true),
    windward: windwardLine,
  },
  unmeasured: {
    following: "which slower ship of the squadron a ship follows is the player's choice",
    fullSail: "a declaration; the 12″ limit on it is measured as enemyWithin12",
  },
};

export const EXPLOSION_HITS_MEASURES: ActionMeasures<SoleBayState, ExplosionHits> = {
  fields: { ships: shipsInRadius },
  unmeasured: { radius: "rolled on 1d6, not measured" },
};

export const GRAPPLE_MEASURES: ActionMeasures<SoleBayState, Grapple> = {
  map: { line: centreLine("attacker", "defender") },
  fields: {},
  checks: [boardingReach],
};
export const RETIRE_MEASURES: ActionMeasures<SoleBayState, Retire> = {
  map: { line: centreLine("ship", "to") },
  fields: {},
  checks: [retireReach],
};
export const COLLISION_MEASURES: ActionMeasures<SoleBayState, Collision> = {
  fields: {},
  unmeasured: { noRoom: `whether a collision can be avoided: ${JUDGEMENT}` },
};
