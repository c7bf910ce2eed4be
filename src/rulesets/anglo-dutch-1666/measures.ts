/**
 * How 1666's geometric fields are measured from positions (declared on each action next to its schema). On a hex
 * cloth (the table's `hexGrid`) a ship is in the hex of its base's centre and range is counted in hexes against the
 * range settings; without one, Appendix 3: "Moves can be measured at 2” per hex … Ranges would be 2” close, 4”
 * medium and 8” long, with a 60° fire arc", base to base. "Stern rake (short range only)": the firer within 30° of
 * dead astern of the target (the stern hexside's 60°). Appendix 2 Strong: "Ships firing down wind": the target lies
 * within 90° of the way the wind blows.
 */

import type { ActionMeasures, GeometryCheck, MeasureContext, Reading } from "../../game/measure.ts";
import { bearingSlack, betweenShips, centreLine, exactIn, INCHES, isNear, lengthWords, nameOf } from "../../game/measure-kit.ts";
import { relativeBearing } from "../../geometry/arcs.ts";
import { baseGap } from "../../geometry/distance.ts";
import { hexAt, hexDistance } from "../../geometry/hex.ts";
import { angleGap, bearingTo, distance, MM_PER_INCH, oppositeBearing } from "../../geometry/vec.ts";
import { plural } from "../../odds/headline.ts";
import { fail } from "../../result.ts";
import { cfg, isOut } from "./common.ts";
import { MOVE_MOVE, plotReading } from "./move.ts";
import type { AdState } from "./schema.ts";

type Ctx<K extends string = string> = MeasureContext<AdState, K>;
/** The Fire action's fields its measures use (keys of its schema). */
type Fire = "firer" | "target" | "range" | "sternRake" | "downwind" | "smallTarget" | "strongWinds";
/** The Move action's fields its measures use (keys of its schema). */
type Move = "ship" | "plot";
/** The Initiative action's fields its measures use (keys of its schema). */
type Initiative = "outOfCommand" | "flagshipUnseen";
/** The Grapple action's fields its measures use (keys of its schema). */
type Grapple = "bothMoved" | "kind";
type Band = "short" | "medium" | "long";
const INCHES_PER_HEX = 2;
/** Degrees as players read them: whole, with a decimal where rounding would land on an arc's edge. */
const shownDegrees = (deg: number): string =>
  `${Math.round(deg) === 60 || Math.round(deg) === 120 ? Math.round(deg * 10) / 10 : Math.round(deg)}°`;

/** The range band between firer and target, how it was measured, and the band on the other side of a near edge. */
type RangeOf = { band: Band | null; figure: string; other: Band | null | undefined };

/** The range band of a count of hexes (the settings' bands), or null beyond long range. */
function bandOfHexes(ctx: Ctx, d: number): Band | null {
  const s = cfg(ctx.state);
  return d <= s.rangeShort ? "short" : d <= s.rangeMedium ? "medium" : d <= s.rangeLong ? "long" : null;
}

/** The range between firer and target: hexes on a hex cloth, else inches base to base read as 2″ a hex. */
const rangeOf = betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b): RangeOf => {
  const slack = ctx.slack([ctx.action.firer, ctx.action.target], 0);
  const grid = ctx.table.hexGrid;
  if (grid) {
    const ha = hexAt(grid, a.center);
    const hb = hexAt(grid, b.center);
    const d = hexDistance(ha.hex, hb.hex);
    const band = bandOfHexes(ctx, d);
    // a centre within the uncertainty of its hex's edge may be in the next hex: one hex nearer or farther
    const unsure = isNear(Math.min(ha.margin, hb.margin), slack);
    const other = unsure ? [bandOfHexes(ctx, d - 1), bandOfHexes(ctx, d + 1)].find((x) => x !== band) : undefined;
    return { band, figure: `${d} hex${d === 1 ? "" : "es"}`, other };
  }
  const mm = baseGap(a, b).distance;
  const s = cfg(ctx.state);
  const edges = [s.rangeShort, s.rangeMedium, s.rangeLong].map((h) => h * INCHES_PER_HEX * MM_PER_INCH);
  const bandOf = (x: number): Band | null =>
    x <= (edges[0] ?? 0) ? "short" : x <= (edges[1] ?? 0) ? "medium" : x <= (edges[2] ?? 0) ? "long" : null;
  // the band of the unrounded gap (to a millionth of an inch): 4.004″ is beyond the 4″ edge, whatever it shows as
  const exact = exactIn(mm, INCHES) * MM_PER_INCH;
  const band = bandOf(exact);
  const edge = edges.find((e) => isNear(mm - e, slack));
  const other = edge === undefined ? undefined : bandOf(mm <= edge ? edge + 1 : edge - 1);
  const inchEdges = edges.map((e) => e / MM_PER_INCH);
  return { band, figure: `${lengthWords(mm, INCHES, inchEdges)} base to base (2″ a hex)`, other };
});

function range(ctx: Ctx<Fire>): Reading | null {
  const r = rangeOf(ctx);
  if (!r?.band) return null;
  return {
    value: r.band,
    figure: r.figure,
    ...(r.other !== undefined ? { borderline: { edge: "a range band's edge", other: r.other ?? "out of range" } } : {}),
  };
}

/** The firer within 30° of dead astern of the target, at short range. */
const sternRake = betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b): Reading => {
  const off = angleGap(relativeBearing(b, a.center), 180);
  const astern = off <= 30;
  const slack = bearingSlack(ctx, ctx.action.firer, ctx.action.target);
  const short = ctx.action.range === "short";
  return {
    value: astern && short,
    figure: `the firer bears ${Math.round(off)}° off the target's stern${short ? "" : " (a stern rake is at short range only)"}`,
    ...(short && isNear(off - 30, slack) ? { borderline: { edge: "30° off the target's stern", other: !astern } } : {}),
  };
});

/** "Ships firing down wind": the target within 90° of the way the wind blows (it blows from `wind.direction` × 60°). */
const downwind = betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b): Reading => {
  const off = angleGap(bearingTo(a.center, b.center), oppositeBearing(ctx.state.wind.direction * 60));
  return { value: off < 90, figure: `the target bears ${Math.round(off)}° off downwind` };
});

/**
 * Appendix 3, "Doing without a hex grid": "Ranges would be 2” close, 4” medium and 8” long, with a 60° fire arc" — on
 * a table without a hex cloth the arc is the text's own rule and always applies: the target's centre within 30° of
 * either beam (60°–120° off the bow). On a hex cloth the text fires "only into the indicated hexes", a diagram our
 * text lacks: the same arc then applies only with the setting `fireArcs`. Beyond long range is refused either way.
 */
const arcAndRange: GeometryCheck<AdState, Fire> = {
  name: "the fire arc",
  givenBy: ["range"],
  check: betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b) => {
    const r = rangeOf(ctx);
    if (r && !r.band && !ctx.given("range"))
      return {
        refusal: fail("rules.out-of-range", `${nameOf(ctx, ctx.action.target)} is ${r.figure} away, beyond long range.`, "action.target")
          .error,
      };
    if (ctx.table.hexGrid && !cfg(ctx.state).fireArcs) return null;
    const rel = Math.abs(relativeBearing(a, b.center));
    const slack = bearingSlack(ctx, ctx.action.firer, ctx.action.target);
    const off = Math.min(Math.abs(rel - 60), Math.abs(rel - 120));
    const inside = rel >= 60 && rel <= 120;
    const borderline = isNear(off, slack)
      ? {
          borderline: {
            value: inside ? "in the arc" : "outside",
            other: inside ? "outside" : "in the arc",
            edge: "the 60° fire arc's edge",
          },
        }
      : {};
    if (inside) return Object.keys(borderline).length ? borderline : null;
    return {
      refusal: fail(
        "rules.illegal",
        `${nameOf(ctx, ctx.action.target)} bears ${shownDegrees(rel)} off ${nameOf(ctx, ctx.action.firer)}'s bow, outside both broadsides' 60° fire arcs (60°–120° off the bow; Appendix 3).`,
        "action.target",
      ).error,
      ...borderline,
    };
  }),
};

export const FIRE_MEASURES: ActionMeasures<AdState, Fire> = {
  map: { caption: "range", line: centreLine("firer", "target") },
  fields: { range, sternRake, downwind },
  checks: [arcAndRange],
  unmeasured: { smallTarget: "from the target's guns, not positions", strongWinds: "from the wind's strength, not positions" },
};

/** With `table.before` on the hex cloth, the plot of the move made (move.ts); without it, the player's order. */
export const MOVE_MEASURES: ActionMeasures<AdState, Move> = { move: MOVE_MOVE, fields: { plot: plotReading } };

/**
 * "Squadrons must try to stay within 4 hexes of the flagship, ships beyond that are out of command, unless they can
 * trace a line of command via ships in adjacent hexes to a ship that is in command": per squadron with a flagship
 * afloat, the ships within 4 hexes of it are in command, then any ship of the squadron in a hex adjacent to one in
 * command, until none is added. Without a hex cloth, hexes are 2″ centre to centre (Appendix 3).
 */
function outOfCommand(ctx: Ctx): Reading | null {
  const grid = ctx.table.hexGrid;
  const afloat = ctx.state.ships.filter((s) => !isOut(s) && !s.fireshipLit && s.squadron !== "");
  const hexesApart = (a: string, b: string): number | null => {
    const x = ctx.base(a);
    const y = ctx.base(b);
    if (!x || !y) return null;
    if (grid) return hexDistance(hexAt(grid, x.center).hex, hexAt(grid, y.center).hex);
    // 2″ a hex, centre to centre: a ship 8.0″ away is 4 hexes away
    return Math.ceil(exactIn(distance(x.center, y.center), INCHES) / INCHES_PER_HEX - 1e-9);
  };
  const out: string[] = [];
  let measuredAny = false;
  for (const name of new Set(afloat.map((s) => s.squadron))) {
    const ships = afloat.filter((s) => s.squadron === name);
    const flagship = ships.find((s) => s.flagship);
    if (!flagship || !ctx.base(flagship.id)) continue;
    const placed = ships.filter((s) => ctx.base(s.id));
    measuredAny = true;
    const inCommand = new Set(placed.filter((s) => (hexesApart(flagship.id, s.id) ?? 99) <= 4).map((s) => s.id));
    let grew = true;
    while (grew) {
      grew = false;
      for (const s of placed)
        if (!inCommand.has(s.id) && [...inCommand].some((c) => (hexesApart(c, s.id) ?? 99) <= 1)) {
          inCommand.add(s.id);
          grew = true;
        }
    }
    out.push(...placed.filter((s) => !inCommand.has(s.id)).map((s) => s.id));
  }
  if (!measuredAny) return null;
  return {
    value: out,
    figure: `${plural(out.length, "ship")} beyond 4 hexes of their flagship with no chain of adjacent ships to one in command`,
  };
}

export const INITIATIVE_MEASURES: ActionMeasures<AdState, Initiative> = {
  fields: { outOfCommand },
  unmeasured: {
    flagshipUnseen: "whether a flagship can be seen is the players' judgement (the text names no line of sight)",
  },
};

export const GRAPPLE_MEASURES: ActionMeasures<AdState, Grapple> = {
  fields: {},
  unmeasured: {
    bothMoved: "whether both ships have moved this turn is the turn's history, not positions",
    kind: "boarding, collision or fire ship: the players' intent",
  },
};
