/**
 * How WS&IM's geometric fields are measured from positions (declared on each action next to its schema). WS&IM is
 * played on hexes: without the table's `hexGrid` nothing is measured. A ship's counter spans two hexes, its bow
 * hex and its stern hex (the hexes of its base's bow and stern halves). Range: the fewest hexes from either hex of
 * the firer to either hex of the target. The broadside fired is the side of the firer the target's centre lies on,
 * the target's side hit the side of the target the firer's centre lies on. Rake (v3 IX): "Ships qualify for raking
 * only when they occupy a hex which is completely within the area defined by the 60 degree arc of the spines of the
 * hex towards which the bow or stern is pointing". Signals (v3 VII.2): "a clear line of sight from the stern hex of
 * the signalling ship to either hex of the ship to receive the signal … The own bow hex does not block"; other
 * ships' hexes block.
 */

import { setting } from "../../game/action-kit.ts";
import type { ActionMeasures, GeometryCheck, MeasureContext, Reading } from "../../game/measure.ts";
import { bearingSlack, centreLine, isNear, nameOf } from "../../game/measure-kit.ts";
import { beamOf, relativeBearing } from "../../geometry/arcs.ts";
import type { Base } from "../../geometry/base.ts";
import { type Hex, hexDistance, hexKey, hexRange, inRakeZone, lineOfSight, sameHex, shipHexes } from "../../geometry/hex.ts";
import { oppositeBearing } from "../../geometry/vec.ts";
import { fail } from "../../result.ts";
import { PLOT_MOVE, plotReading } from "./move.ts";
import type { WsimState } from "./state.ts";

type Ctx<K extends string = string> = MeasureContext<WsimState, K>;
/** The Fire action's fields its measures use (keys of its schema). */
type Fire = "firer" | "target" | "rangeHexes" | "broadside" | "targetBroadside" | "rake";
/** The Signal action's fields its measures use (keys of its schema). */
type Signal = "from" | "to" | "pathHexes" | "legs";
/** The Critical action's fields its measures use (keys of its schema). */
type Critical = "rangeHexes";
/** The LeaderCasualty action's fields its measures use (keys of its schema). */
type LeaderCasualty = "rangeHexes";
/** The Plot action's fields its measures use (keys of its schema). */
type Plot = "ship" | "plot" | "allowanceMP" | "follows";
/** The Movement action's fields its measures use (keys of its schema). */
type Sail = "ship" | "plot" | "allowanceMP";
/** The Contact action's fields its measures use (keys of its schema). */
type Contact = "other";

function hexesOf(ctx: Ctx, id: unknown): { base: Base; bow: Hex; stern: Hex; margin: number } | null {
  const grid = ctx.table.hexGrid;
  const base = ctx.base(id);
  return grid && base ? { base, ...shipHexes(grid, base) } : null;
}

function rangeHexes(ctx: Ctx<Fire>): Reading | null {
  const a = hexesOf(ctx, ctx.action.firer);
  const b = hexesOf(ctx, ctx.action.target);
  if (!a || !b) return null;
  const d = hexRange([a.bow, a.stern], [b.bow, b.stern]);
  const unsure = isNear(Math.min(a.margin, b.margin), ctx.slack([ctx.action.firer, ctx.action.target]));
  return {
    value: d,
    figure: `${d} hex${d === 1 ? "" : "es"}, nearest hex to nearest hex`,
    ...(unsure ? { borderline: { edge: "a hex's edge", other: d + 1 } } : {}),
  };
}

/** The side of `from` that `to`'s centre lies on (left = port), with the borderline when it is near the keel line. */
function sideReading(ctx: Ctx, fromId: unknown, toId: unknown, what: string): Reading | null {
  const from = ctx.base(fromId);
  const to = ctx.base(toId);
  if (!from || !to || !ctx.table.hexGrid) return null;
  const rel = relativeBearing(from, to.center);
  const value = rel < 0 ? "left" : "right";
  const off = beamOf(rel).margin;
  const slack = bearingSlack(ctx, fromId, toId);
  return {
    value,
    figure: `${what} bears ${Math.round(Math.abs(rel))}° off ${nameOf(ctx, fromId)}'s bow to the ${value}`,
    ...(isNear(off, slack) ? { borderline: { edge: "the keel line", other: value === "left" ? "right" : "left" } } : {}),
  };
}

function rake(ctx: Ctx<Fire>): Reading | null {
  const grid = ctx.table.hexGrid;
  const a = hexesOf(ctx, ctx.action.firer);
  const b = hexesOf(ctx, ctx.action.target);
  if (!grid || !a || !b) return null;
  const zone = (end: Hex, pointing: number) => [a.bow, a.stern].map((h) => inRakeZone(grid, end, pointing, h));
  const bow = zone(b.bow, b.base.heading);
  const stern = zone(b.stern, oppositeBearing(b.base.heading));
  const value = bow.some((z) => z.inside) ? "bow" : stern.some((z) => z.inside) ? "stern" : "none";
  const margin = Math.min(...[...bow, ...stern].map((z) => z.margin));
  return {
    value,
    figure:
      value === "none"
        ? "no hex of the firer lies completely within the target's rake zones"
        : `a hex of the firer lies within the target's ${value} rake zone`,
    ...(isNear(margin, ctx.table.uncertainty.degrees)
      ? { borderline: { edge: "the hexside the target points at", other: "check the rake zone" } }
      : {}),
  };
}

/** The signalling path: from the sender's stern hex to the nearer hex of the receiver, clear of other ships. */
function signalPath(ctx: Ctx<Signal>): { hexes: number; clear: boolean; blocker: string | null } | null {
  const from = hexesOf(ctx, ctx.action.from);
  const to = hexesOf(ctx, ctx.action.to);
  if (!from || !to) return null;
  const end = [to.bow, to.stern].reduce((best, h) => (hexDistance(from.stern, h) < hexDistance(from.stern, best) ? h : best));
  const blocked = new Map<string, string>();
  for (const s of ctx.state.ships) {
    if (s.id === ctx.action.from || s.id === ctx.action.to) continue;
    const h = hexesOf(ctx, s.id);
    if (h) for (const x of [h.bow, h.stern]) if (!sameHex(x, from.bow)) blocked.set(hexKey(x), s.name);
  }
  const clear = lineOfSight(from.stern, end, new Set(blocked.keys()));
  const blocker = clear ? null : ([...blocked.values()][0] ?? null);
  return { hexes: hexDistance(from.stern, end), clear, blocker };
}

/**
 * VII.2 as a whole: "Optional: only to be used when repeaters (Frigates and below) are used in the scenario. A signal
 * arrives if there is a clear line of sight from the stern hex of the signalling ship to either hex of the ship to
 * receive the signal, no longer than 15 hexes in length." With repeaters in the scenario (setting `repeaters`) a
 * direct signal needs both — a blocked 6-hex line and a clear 16-hex one are refused alike, each with its figure;
 * without them VII.2 is not in play and neither is asked of a signal (its path's length still sets when it arrives,
 * VII.3). A chain through repeaters (`legs`) is the players' to give, each leg checked against the 15 hexes.
 */
const signalSight: GeometryCheck<WsimState, Signal> = {
  name: "the signal's line of sight",
  givenBy: ["pathHexes"],
  check(ctx: Ctx) {
    if (!setting<boolean>(ctx.state.settings, "repeaters")) return null;
    if (Array.isArray(ctx.action.legs) && ctx.action.legs.length > 0) return null;
    const p = signalPath(ctx);
    if (!p) return null;
    const from = nameOf(ctx, ctx.action.from);
    const to = nameOf(ctx, ctx.action.to);
    const maxLeg = setting<number>(ctx.state.settings, "signalLegHexes");
    const why = !p.clear
      ? `no clear line of sight from ${from}'s stern hex to ${to} (${p.hexes} hexes; ${p.blocker ?? "another ship"} blocks it)`
      : p.hexes > maxLeg
        ? `the line of sight from ${from}'s stern hex to ${to} is ${p.hexes} hexes, longer than ${maxLeg}; send it through repeaters`
        : null;
    return why ? { refusal: fail("rules.illegal", `VII.2: ${why}.`, "action.to").error } : null;
  },
};

export const FIRE_MEASURES: ActionMeasures<WsimState, Fire> = {
  map: { caption: "rangeHexes", line: centreLine("firer", "target") },
  fields: {
    rangeHexes,
    broadside: (ctx) => sideReading(ctx, ctx.action.firer, ctx.action.target, "the target"),
    targetBroadside: (ctx) => sideReading(ctx, ctx.action.target, ctx.action.firer, "the firer"),
    rake,
  },
};

export const SIGNAL_MEASURES: ActionMeasures<WsimState, Signal> = {
  map: { caption: "pathHexes", line: centreLine("from", "to") },
  fields: {
    pathHexes: (ctx) => {
      if (Array.isArray(ctx.action.legs) && ctx.action.legs.length > 0) return null;
      const p = signalPath(ctx);
      return p ? { value: p.hexes, figure: `${p.hexes} hexes from the stern hex${p.clear ? ", a clear line of sight" : ""}` } : null;
    },
  },
  checks: [signalSight],
  unmeasured: { legs: "a chain of repeaters is the players' choice of ships; each leg is measured as its own signal" },
};

const NO_FIRER = "the action names no firing ship: the range is the fire's, carried over from it";
export const CRITICAL_MEASURES: ActionMeasures<WsimState, Critical> = { fields: {}, unmeasured: { rangeHexes: NO_FIRER } };
export const LEADER_CASUALTY_MEASURES: ActionMeasures<WsimState, LeaderCasualty> = { fields: {}, unmeasured: { rangeHexes: NO_FIRER } };
/** With `table.before` on the hex grid, the plot of the move made and the move judged (move.ts); else the player's order. */
export const PLOT_MEASURES: ActionMeasures<WsimState, Plot> = {
  move: PLOT_MOVE,
  fields: { plot: plotReading },
  unmeasured: {
    follows: "following in the wake is the player's order (the adjacency it needs is checked by the players)",
  },
};
/** Movement: her move judged against the plot she sails (move.ts); the plot is her order, never measured here. */
export const SAIL_MEASURES: ActionMeasures<WsimState, Sail> = {
  move: PLOT_MOVE,
  fields: {},
  unmeasured: { plot: "her order, made in movement plotting: the move made is judged against it" },
};
export const CONTACT_MEASURES: ActionMeasures<WsimState, Contact> = {
  fields: {},
  unmeasured: { other: "which ship a moving ship ran into is known from the move, not from where the ships stand after it" },
};
