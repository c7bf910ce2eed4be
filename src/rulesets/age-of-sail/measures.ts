/**
 * How Age of Sail's geometric fields are measured from positions (declared on each action next to its schema), in
 * cm base to base: the range table's bands "0- 4cm", "4- 8cm", "8-12cm"; "Each gun deck has an arc of fire of 90
 * degrees" — the battery is the beam the target lies on, its arc 90° centred on the beam (45°–135° off the bow; the
 * text's "Port side has a fire arc of NE to SE … if the foredeck is N" is read as naming the arcs' width and place,
 * the broadside taken by ordinary usage, port = left); the side of the target fired at is the quarter of the target
 * that faces the firer (bow, beams, stern: 90° each); "All ships within 12cm of this explosion"; the heading is the
 * ship's bearing rounded to the 16-point turning circle; "Boarding a ship occurs when two ships contact each other".
 */

import type { ActionMeasures, GeometryCheck, MeasureContext, Reading } from "../../game/measure.ts";
import { bearingSlack, betweenShips, CM, centreLine, exactIn, gapReading, isNear, lengthWords, nameOf } from "../../game/measure-kit.ts";
import { arcOf, QUARTERS, relativeBearing } from "../../geometry/arcs.ts";
import { baseGap } from "../../geometry/distance.ts";
import { shipsAround } from "../../geometry/radius.ts";
import { compassPoint } from "../../geometry/wind.ts";
import { plural } from "../../odds/headline.ts";
import { fail } from "../../result.ts";
import { COMPASS_16 } from "../../wind/compass.ts";
import { SPEED_MOVE } from "./move.ts";
import type { AosState } from "./state.ts";

type Ctx<K extends string = string> = MeasureContext<AosState, K>;
/** The Fire action's fields its measures use (keys of its schema). */
type Fire = "firer" | "target" | "rangeCm" | "battery" | "side";
/** The Speed action's fields its measures use (keys of its schema). */
type Speed = "ship" | "heading";
/** The Turn action's fields its measures use (keys of its schema). */
type Turn = "to" | "movedCm";
/** The CatchFire action's fields its measures use (keys of its schema). */
type CatchFire = "ship" | "from" | "rangeCm";
/** The ExplosionFire action's fields its measures use (keys of its schema). */
type ExplosionFire = "from" | "ships";
/** The Board action's fields its measures use (keys of its schema). */
type Board = "attacker" | "defender";
const EDGES = [4, 8, 12];
const EXPLOSION_CM = 12;

/** The firer's beam the target is on, when within that beam's 90° arc. */
const battery = betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b): Reading | null => {
  const rel = relativeBearing(a, b.center);
  const { arc, margin } = arcOf(rel, QUARTERS);
  if (arc !== "port" && arc !== "starboard") return null;
  const slack = bearingSlack(ctx, ctx.action.firer, ctx.action.target);
  return {
    value: arc,
    figure: `the target bears ${Math.round(Math.abs(rel))}° off the bow to ${arc}`,
    ...(isNear(margin, slack) ? { borderline: { edge: "the gun decks' 90° arc", other: "outside the arc" } } : {}),
  };
});

/** The quarter of the target that faces the firer (bow, beams, stern). */
const targetSide = betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b): Reading | null => {
  const rel = relativeBearing(b, a.center);
  const { arc, margin } = arcOf(rel, QUARTERS);
  if (!arc) return null;
  const slack = bearingSlack(ctx, ctx.action.target, ctx.action.firer);
  const next = arcOf(rel + (rel >= 0 ? 1 : -1) * (margin + 1) * (Math.abs(rel) % 90 > 45 ? 1 : -1), QUARTERS).arc;
  return {
    value: arc,
    figure: `the firer bears ${Math.round(Math.abs(rel))}° off the target's bow`,
    ...(isNear(margin, slack) ? { borderline: { edge: "a quarter's edge (45° or 135° off the target's bow)", other: next } } : {}),
  };
});

/** Out of range or out of arc: refused with the measured figures. */
const arcAndRange: GeometryCheck<AosState, Fire> = {
  name: "the gun decks' arc",
  givenBy: ["battery"],
  check: betweenShips("firer", "target", (ctx: Ctx<Fire>, a, b) => {
    const gap = baseGap(a, b).distance;
    const target = nameOf(ctx, ctx.action.target);
    if (!ctx.given("rangeCm") && exactIn(gap, CM) > 12)
      return {
        refusal: fail(
          "rules.out-of-range",
          `${target} is ${lengthWords(gap, CM, [12])} away, beyond the range table (12 cm).`,
          "action.target",
        ).error,
      };
    const rel = relativeBearing(a, b.center);
    const { arc } = arcOf(rel, QUARTERS);
    if (arc === "port" || arc === "starboard") return null;
    return {
      refusal: fail(
        "rules.illegal",
        `${target} bears ${Math.round(Math.abs(rel))}° off ${nameOf(ctx, ctx.action.firer)}'s bow, outside both gun decks' arcs (90° on each beam).`,
        "action.target",
      ).error,
    };
  }),
};

function heading(ctx: Ctx<Speed>): Reading | null {
  const pose = typeof ctx.action.ship === "string" ? ctx.table.ships[ctx.action.ship] : undefined;
  if (!pose) return null;
  const { index, margin } = compassPoint(pose.heading, 16);
  const value = COMPASS_16[index];
  const other = COMPASS_16[(index + (((pose.heading % 22.5) + 22.5) % 22.5 > 11.25 ? 1 : 15)) % 16];
  return {
    value,
    figure: `heading ${Math.round(pose.heading)}°`,
    ...(isNear(margin, ctx.table.uncertainty.degrees) ? { borderline: { edge: "half-way between two compass points", other } } : {}),
  };
}

function nearExplosion(ctx: Ctx<ExplosionFire>): Reading | null {
  const centre = ctx.base(ctx.action.from);
  if (!centre) return null;
  const others = ctx.state.ships
    .filter((s) => s.id !== ctx.action.from && !s.sunk)
    .flatMap((s) => {
      const base = ctx.base(s.id);
      return base ? [{ id: s.id, base }] : [];
    });
  const around = shipsAround(centre, others, EXPLOSION_CM * CM.mm);
  const inside = around.filter((w) => w.inside);
  const close = around.find((w) => isNear(w.margin, ctx.slack([ctx.action.from, w.id])));
  const value = inside.map((w) => ({ ship: w.id, rangeCm: exactIn(w.distance, CM) }));
  return {
    value,
    figure: `${plural(inside.length, "ship")} within 12 cm base to base`,
    ...(close
      ? {
          borderline: {
            edge: `12 cm (${nameOf(ctx, close.id)} at ${lengthWords(close.distance, CM, [12])})`,
            other: "check that ship",
          },
        }
      : {}),
  };
}

const contact: GeometryCheck<AosState, Board> = {
  name: "contact",
  check: betweenShips("attacker", "defender", (ctx: Ctx<Board>, a, b) => {
    const gap = baseGap(a, b).distance;
    const slack = ctx.slack([ctx.action.attacker, ctx.action.defender]);
    if (gap <= slack) return null;
    return {
      refusal: fail(
        "rules.illegal",
        `${nameOf(ctx, ctx.action.attacker)} is ${lengthWords(gap, CM)} from ${nameOf(ctx, ctx.action.defender)}; boarding needs the ships in contact.`,
        "action.defender",
      ).error,
    };
  }),
};

export const FIRE_MEASURES: ActionMeasures<AosState, Fire> = {
  map: { caption: "rangeCm", line: centreLine("firer", "target") },
  fields: { rangeCm: (ctx) => gapReading(ctx, "firer", "target", CM, EDGES), battery, side: targetSide },
  checks: [arcAndRange],
};
export const SPEED_MEASURES: ActionMeasures<AosState, Speed> = { move: SPEED_MOVE, fields: { heading } };
export const TURN_MEASURES: ActionMeasures<AosState, Turn> = {
  fields: {},
  unmeasured: {
    to: "a turn not yet made: the new heading is the player's order",
    movedCm: "a move not yet made: the distance is the player's (the positions show it after the move)",
  },
};
export const CATCH_FIRE_MEASURES: ActionMeasures<AosState, CatchFire> = {
  map: { caption: "rangeCm", line: centreLine("from", "ship") },
  fields: { rangeCm: (ctx) => gapReading(ctx, "ship", "from", CM, EDGES) },
};
export const EXPLOSION_FIRE_MEASURES: ActionMeasures<AosState, ExplosionFire> = { fields: { ships: nearExplosion } };
export const BOARD_MEASURES: ActionMeasures<AosState, Board> = {
  map: { line: centreLine("attacker", "defender") },
  fields: {},
  checks: [contact],
};
