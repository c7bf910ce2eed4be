/**
 * "Firing": 1D6 plus modifiers against the fire table row of the firing ship's current fire points. Each action
 * is one broadside ("may fire both broadsides, and all fire individually (don’t combine fire points)").
 */

import { type Static, Type } from "@sinclair/typebox";
import { entry } from "../../dice/plan.ts";
import { anyChance, chances, expectedOf, nameOf } from "../../game/action-kit.ts";
import { actionSchema, shipField } from "../../game/action-schema.ts";
import type { OutcomeOf } from "../../game/define-action.ts";
import { fact, outcomeOf } from "../../game/outcome.ts";
import { literals } from "../../game/schema.ts";
import type { Resolution } from "../../game/types.ts";
import { angleGap } from "../../geometry/vec.ts";
import { plural } from "../../odds/headline.ts";
import { fail, ok, type Result } from "../../result.ts";
import { adAction, cfg, checkPlay, isBritish, loseHull, ship, shipEvent } from "./common.ts";
import { firePointsAfter, gunDeckSwept } from "./damage.ts";
import { fireHeadline } from "./headline.ts";
import { hexDistance, isDownwind, relativeBearing } from "./hexes.ts";
import { FIRE_MEASURES } from "./measures.ts";
import { HULL_POINTS, SIDE_WORDS } from "./outcome-facts.ts";
import type { AdState, Ship } from "./schema.ts";
import { FIRE_MODIFIERS, fireColumn, fireRow, SMALL_TARGET_GUNS } from "./tables.ts";

const RANGES = ["short", "medium", "long"] as const;
const BROADSIDES = ["port", "starboard"] as const;
type Broadside = (typeof BROADSIDES)[number];

const FIRE_SCHEMA = actionSchema("fire", {
  firer: shipField("Firing ship"),
  target: shipField("Target"),
  range: literals(RANGES, { label: "Range" }),
  sternRake: Type.Boolean({ default: false, label: "Stern rake" }),
  smallTarget: Type.Boolean({ default: false, label: "Small target (20 guns or less)" }),
  strongWinds: Type.Boolean({ default: false, label: "Strong winds" }),
  shooterOnFire: Type.Boolean({ default: false, label: "Shooter on fire" }),
  downwind: Type.Optional(Type.Boolean({ label: "Firing downwind (strong winds)" })),
  broadside: Type.Optional(literals(BROADSIDES, { label: "Broadside" })),
});

/** A broadside as its schema gives it. */
type FireAction = Static<typeof FIRE_SCHEMA>;

/** The broadsides a ship has fired in this move (those of an earlier move no longer count). */
const firedThisMove = (state: AdState, s: Ship): readonly Broadside[] => (s.broadsidesMove === state.game.turn ? s.broadsidesFired : []);

/**
 * The broadside an action fires: the one named, else the one not yet fired this move (port first); a refusal when
 * it has been fired. "Ships fire at the end of their movement, may fire both broadsides": each broadside once a move.
 */
function broadsideOf(state: AdState, action: FireAction): Result<Broadside> {
  const firer = ship(state, action.firer);
  const used = firedThisMove(state, firer);
  const named = action.broadside;
  const side = named ?? BROADSIDES.find((b) => !used.includes(b));
  if (side === undefined)
    return fail("rules.illegal", `${firer.name} has fired both broadsides this move (each broadside once a move).`, "action.firer");
  if (used.includes(side))
    return fail(
      "rules.illegal",
      `${firer.name} has fired her ${side} broadside this move (each broadside once a move).`,
      named === undefined ? "action.firer" : "action.broadside",
    );
  return ok(side);
}

/** Everything a broadside's roll depends on, before the die. */
export interface Gunnery {
  readonly gunnerySteps: number;
  readonly firePoints: number;
  readonly row: string;
  readonly modifiers: ReadonlyArray<{ readonly label: string; readonly value: number }>;
  readonly total: number;
}

/** Whether this broadside is fired downwind: the action's `downwind`, else from the hexes when both are known. */
function firesDownwind(state: AdState, action: FireAction): boolean {
  if (action.downwind !== undefined) return action.downwind;
  const a = ship(state, action.firer).hex;
  const b = ship(state, action.target).hex;
  return a !== null && b !== null && isDownwind(a, b, state.wind.direction);
}

export function gunnery(state: AdState, action: FireAction): Result<Gunnery> {
  const firer = ship(state, action.firer);
  const target = ship(state, action.target);
  const s = cfg(state);
  const range = action.range;
  const strong = action.strongWinds || state.wind.strength === "strong";
  // Appendix 2 Strong: "Ships firing down wind lose one step of fire points (British 2 steps) due to lower gunports being swamped."
  const swamped = state.wind.strength === "strong" && firesDownwind(state, action) ? (isBritish(firer) ? 2 : 1) : 0;
  // Critical 8: "Gun deck swept by fire: lose additional gunnery step for 1D Ave turns".
  // Rolled after all ships fired (move sequence step 5), so it costs nothing in the move it was rolled.
  const swept = gunDeckSwept(firer, state.game.turn) ? 1 : 0;
  const gunnerySteps = firer.stepsLost + swept + swamped;
  const firePoints = firePointsAfter(firer, gunnerySteps, s);
  const row = fireRow(firePoints);
  if (!row)
    return fail("rules.illegal", `${firer.name} has no fire points left (${plural(gunnerySteps, "gunnery step")} lost).`, "action.firer");
  const modifiers: { label: string; value: number }[] = [];
  if (range === "long") modifiers.push({ label: "long range", value: FIRE_MODIFIERS.long });
  if (action.shooterOnFire || firer.onFire) modifiers.push({ label: "shooter on fire", value: FIRE_MODIFIERS.shooterOnFire });
  if (action.smallTarget || target.guns <= SMALL_TARGET_GUNS) modifiers.push({ label: "small target", value: FIRE_MODIFIERS.smallTarget });
  if (strong) modifiers.push({ label: "strong winds", value: s.strongWindFirePenalty });
  if (range === "short") modifiers.push({ label: "short range", value: FIRE_MODIFIERS.short });
  if (action.sternRake) modifiers.push({ label: "stern rake", value: FIRE_MODIFIERS.sternRake });
  if (swamped) modifiers.push({ label: `lower gunports swamped (−${swamped} step${swamped > 1 ? "s" : ""})`, value: 0 });
  if (swept) modifiers.push({ label: "gun deck swept (−1 step)", value: 0 });
  return ok({ gunnerySteps, firePoints, row: row.label, modifiers, total: modifiers.reduce((t, m) => t + m.value, 0) });
}

function checkFire(state: AdState, action: FireAction): Result<FireAction> {
  const c = checkPlay(state, action, ["firer", "target"], ["firer"]);
  if (!c.ok) return c;
  const target = ship(state, action.target);
  if (target.sinking || target.exploded) return fail("rules.illegal", `${target.name} is already lost.`, "action.target");
  // "Ships fire only into the indicated hexes …": the text never has a ship fire on her own side; a broadside at a
  // friend is a mistaken tap, refused rather than scored.
  const firer = ship(state, action.firer);
  if (firer.id === target.id) return fail("rules.illegal", `${firer.name} cannot fire on herself.`, "action.target");
  if (firer.side === target.side)
    return fail("rules.illegal", `${target.name} is on ${firer.name}'s own side (${firer.side}).`, "action.target");
  if (action.sternRake && action.range !== "short") {
    return fail("rules.illegal", "A stern rake is at short range only.", "action.sternRake");
  }
  const a = ship(state, action.firer).hex;
  const b = target.hex;
  if (a && b) {
    const s = cfg(state);
    const d = hexDistance(a, b);
    const band = { short: [0, s.rangeShort], medium: [s.rangeShort + 1, s.rangeMedium], long: [s.rangeMedium + 1, s.rangeLong] }[
      action.range
    ];
    if (d > s.rangeLong) return fail("rules.out-of-range", `The target is ${d} hexes away; long range is ${s.rangeLong}.`, "action.range");
    if (band && (d < (band[0] ?? 0) || d > (band[1] ?? 0))) {
      return fail("rules.illegal", `The target is ${d} hexes away, which is not ${action.range} range.`, "action.range");
    }
    if (s.fireArcs && d > 0) {
      const rel = relativeBearing(a, ship(state, action.firer).heading, b);
      const tol = 1e-6;
      if (!((rel >= 60 - tol && rel <= 120 + tol) || (rel >= 240 - tol && rel <= 300 + tol))) {
        return fail("rules.illegal", `The target bears ${Math.round(rel)}° off the bow, outside both broadside arcs.`, "action.target");
      }
      const astern = angleGap(relativeBearing(b, target.heading, a), 180);
      if (action.sternRake && astern > 30 + tol) {
        return fail("rules.illegal", "A stern rake needs the firer astern of the target.", "action.sternRake");
      }
    }
  }
  const side = broadsideOf(state, action);
  if (!side.ok) return side;
  const g = gunnery(state, action);
  return g.ok ? ok(action) : g;
}

/** A broadside's result: the fire table read, the hull lost. */
const FIRE_OUTCOME = outcomeOf({
  hits: fact.count("Hits"),
  roll: fact.die("Rolled"),
  modifiedRoll: fact.die("With modifiers"),
  column: fact.text("Fire table column"),
  row: fact.text("Fire points row"),
  firePoints: fact.number("Fire points"),
  modifiers: fact.rows("Modifiers", { label: fact.hidden(Type.String()), value: fact.modifier("") }, "label"),
  hullLost: fact.count("Hull lost", HULL_POINTS),
  stepsCrossed: fact.count("Steps crossed", undefined, { omitZero: true }),
  sinking: fact.flag("Sinking"),
  broadside: fact.word<"port" | "starboard">("Broadside", SIDE_WORDS),
});

/** One broadside's resolution from its die. */
function broadside(
  state: AdState,
  action: FireAction,
  dice: readonly (readonly number[])[],
): Result<Resolution<OutcomeOf<typeof FIRE_OUTCOME>>> {
  const g = gunnery(state, action);
  if (!g.ok) return g;
  const d = dice[0]?.[0] ?? 0;
  const modifiedRoll = d + g.value.total;
  const row = fireRow(g.value.firePoints);
  const column = fireColumn(modifiedRoll);
  const hits = row?.hits[column] ?? 0;
  const target = ship(state, action.target);
  const loss = loseHull(target, hits, "fire");
  const side = broadsideOf(state, action);
  if (!side.ok) return side;
  const firer = ship(state, action.firer);
  const fired = shipEvent(
    "broadside-fired",
    firer.id,
    { broadsidesFired: [...firedThisMove(state, firer), side.value], broadsidesMove: state.game.turn },
    { broadside: side.value },
  );
  return ok({
    outcome: {
      hits,
      roll: d,
      modifiedRoll,
      column: column === 0 ? "0 or less" : column === 8 ? "8+" : String(column),
      row: g.value.row,
      firePoints: g.value.firePoints,
      modifiers: g.value.modifiers,
      hullLost: loss.lost,
      stepsCrossed: loss.stepsCrossed,
      sinking: loss.sinking,
      broadside: side.value,
    },
    events: [fired, ...loss.events],
    followUps: loss.followUps,
  });
}

export const fire = adAction({
  type: "fire",
  describe: ({ state, action }, o) => {
    return `${o.hits} hit${o.hits === 1 ? "" : "s"} on ${nameOf(state, action.target)} (${o.broadside ? `${o.broadside} broadside, ` : ""}roll ${o.modifiedRoll} on the ${o.row} row)${o.sinking ? " — she is sinking" : ""}.`;
  },
  outcomeSchema: FIRE_OUTCOME,
  measure: FIRE_MEASURES,
  title: "Broadside",
  description: "One broadside: 1D6 plus modifiers against the fire table row of the firer's current fire points.",
  schema: FIRE_SCHEMA,
  prepare: ({ state, action }) => checkFire(state, action),
  plan: ({ state, action }) => [entry("fire", "d6", 1, `${ship(state, action.firer).name} fires at ${ship(state, action.target).name}.`)],
  resolve: ({ state, action }, dice) => broadside(state, action, dice),
  // The one die hits when the fire table gives the broadside a hit, and misses when its column is 0.
  marks(ctx, dice) {
    const r = broadside(ctx.state, ctx.action, dice);
    return [[r.ok ? (r.value.outcome.hits > 0 ? "hit" : "miss") : null]];
  },
  summary: (d) => ({
    expectedHits: expectedOf("Hits to expect", d, "hits", "hits"),
    anyHit: anyChance("At least one hit", d, "hits"),
    hits: chances(
      Object.fromEntries(
        [0, 1, 2, 3, 4, 5].map((h) => [String(h), d.probability((o) => o.hits === h)]).filter(([, p]) => (p as number) > 0),
      ),
      (n) => plural(Number(n), "hit"),
    ),
  }),
  headline: ({ state, action }, odds) => fireHeadline(state, action, odds),
});
