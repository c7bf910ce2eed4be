/**
 * Gunnery (text 3.0–3.1): one black ROF die and two white gunnery dice; the Gun/Armor column; G or S by the
 * parity of the white total; blast damage on the three dice's total. Also the quickfire effect (combined light
 * fire of ships with light ROF 6 at short or point-blank range).
 */
import { byTotal, type DicePlan, entry } from "../../dice/plan.ts";
import { findShip } from "../../game/engine.ts";
import { fail, ok, type Result } from "../../result.ts";
import { blastCodes, type DamageCode, gunneryColumn } from "./chart.ts";
import type { QuickfireEvent } from "./events.ts";
import { movingForHeavyFire, type Range, rangeBand } from "./scales.ts";
import { arcRof, type Battery, currentRof, type QuickfireState, type Ship } from "./ship.ts";
import { checkGunShot, checkTargetable } from "./shots.ts";

/** Where the target is: a range band or a measured distance, and the arc. */
interface ShotRange {
  readonly range?: Range;
  readonly distance?: number;
  readonly arc: "broadside" | "fore-aft";
}

/** A shot as the `gunnery` and `quickfire-attack` schemas give it (gunnery-actions.ts). */
export type ShotAction =
  | (ShotRange & { readonly type: "gunnery"; readonly firer: string; readonly target: string; readonly battery: Battery })
  | (ShotRange & { readonly type: "quickfire-attack"; readonly firers: readonly string[]; readonly target: string });

/** Everything about a shot that does not depend on the dice. */
export interface GunneryContext {
  readonly firers: readonly Ship[];
  readonly target: Ship;
  readonly battery: Battery;
  readonly range: Range;
  readonly rof: number;
  readonly gun: number;
  readonly armor: number;
  readonly column: number | null;
  readonly hitNumber: number;
  /** Every blast die must be at most this (3.0 Blast Caps: heavy fire only). */
  readonly blastCap: number;
  readonly quickfire: boolean;
}

/** The gunnery plan (docs/reference/rulesets.md): black ROF die, then two white gunnery dice. */
export const GUNNERY_PLAN: DicePlan = [
  entry("rof", "d6", 1, "ROF die: fires on its ROF rating or less", "black"),
  byTotal(entry("gunnery", "d6", 2, "Gunnery dice: hit on the Gun/Armor column's number or less (even G, odd S)", "white")),
];

/** The range band of an action: `range` as given, or from `distance` at the table's scale. */
export function actionRange(state: QuickfireState, action: ShotRange): Result<Range> {
  if (action.distance !== undefined) {
    const band = rangeBand(state.settings, action.distance, "action.distance");
    if (band.ok && action.range !== undefined && action.range !== band.value) {
      return fail(
        "input.invalid",
        `range ${action.range} does not match the measured distance ${action.distance} (${band.value}).`,
        "action.range",
      );
    }
    return band;
  }
  if (action.range !== undefined) return ok(action.range);
  return fail("input.invalid", "Give the range (point-blank, short, long) or the measured distance.", "action.range");
}

/** Builds the context of a `gunnery` or `quickfire-attack` action, or the reason it is not allowed. */
export function gunneryContext(state: QuickfireState, action: ShotAction): Result<GunneryContext> {
  const quickfire = action.type === "quickfire-attack";
  const ids = action.type === "quickfire-attack" ? action.firers : [action.firer];
  const firers: Ship[] = [];
  for (const [i, id] of ids.entries()) {
    const f = findShip(state.ships, id, quickfire ? `action.firers[${i}]` : "action.firer");
    if (!f.ok) return f;
    firers.push(f.value);
  }
  const target = findShip(state.ships, action.target, "action.target");
  if (!target.ok) return target;
  const range = actionRange(state, action);
  if (!range.ok) return range;
  const battery: Battery = action.type === "quickfire-attack" ? "light" : action.battery;
  const arc = action.arc;
  for (const [i, firer] of firers.entries()) {
    const path = quickfire ? `action.firers[${i}]` : "action.firer";
    const legal = checkTargetable(state, firer, target.value, path);
    if (!legal.ok) return legal;
    const shot = checkGunShot(state, firer, battery, range.value, quickfire, path);
    if (!shot.ok) return shot;
    if ((battery === "heavy" ? firer.heavyGun : firer.lightGun) <= 0) {
      return fail("rules.illegal", `${firer.name} has no ${battery} gunnery rating.`, "action.battery");
    }
  }
  const rofs = firers.map((f) => arcRof(currentRof(f, battery), arc, state.settings.halfRofRounding));
  const rof = Math.min(...rofs);
  if (quickfire) {
    if (firers.length < 2)
      return fail("rules.illegal", "A quickfire attack combines the light fire of two or more ships.", "action.firers");
    if (new Set(ids).size !== ids.length) return fail("input.invalid", "A ship is listed twice among the firers.", "action.firers");
    if (range.value === "long")
      return fail("rules.illegal", "Quickfire attacks are only made at short or point-blank range (3.0).", "action.range");
    const low = rofs.findIndex((r) => r < 6);
    if (low >= 0) {
      return fail(
        "rules.illegal",
        `${firers[low]?.name} has a modified light ROF of ${rofs[low]}: only ships with light ROF 6 may combine fire (3.0 Quickfire Effect).`,
        `action.firers[${low}]`,
      );
    }
  } else if (rof < 1) {
    return fail("rules.illegal", `${firers[0]?.name} has a ${battery} ROF of 0 in this arc and cannot fire.`, "action.battery");
  }
  const t = target.value;
  if (battery === "heavy" && t.size <= 2 && movingForHeavyFire(state.settings, t.moved)) {
    return fail(
      "rules.illegal",
      `Heavy fire is not allowed against a size ${t.size} vessel that moved 1" (25mm) or more (3.0).`,
      "action.battery",
    );
  }
  const gun = firers.reduce((s, f) => s + (battery === "heavy" ? f.heavyGun : f.lightGun), 0);
  const armor = battery === "heavy" ? t.heavyArmor : t.lightArmor;
  const percent = armor === 0 ? Number.POSITIVE_INFINITY : (gun / armor) * 100;
  const column = gunneryColumn(state.data, percent);
  const cap = battery === "heavy" && !quickfire ? (firers[0]?.blastCap ?? null) : null;
  return ok({
    firers,
    target: t,
    battery,
    range: range.value,
    rof,
    gun,
    armor,
    column: column?.percent ?? null,
    hitNumber: column?.hits ?? 0,
    blastCap: cap ?? 6,
    quickfire,
  });
}

/** The outcome of one roll, the same object for resolve and odds. */
export function gunneryOutcome(state: QuickfireState, ctx: GunneryContext, black: number, whites: readonly number[]) {
  const white = whites.reduce((a, b) => a + b, 0);
  const fired = black <= ctx.rof;
  const hit: "G" | "S" | null = fired && white <= ctx.hitNumber ? (white % 2 === 0 ? "G" : "S") : null;
  const dice = [black, ...whites];
  const capped = dice.every((d) => d <= ctx.blastCap);
  const blast: DamageCode[] = hit && capped ? blastCodes(state.data, ctx.range === "long" ? "long" : "short", black + white) : [];
  return {
    fired,
    hit,
    blast,
    rof: ctx.rof,
    column: ctx.column,
    hitNumber: ctx.hitNumber,
    chart: state.data.label,
  };
}

/** The shot event(s) a gunnery action records for the phase's one-target rule (3.1). */
export function shotEvents(state: QuickfireState, ctx: GunneryContext): QuickfireEvent[] {
  if (state.game.phase === null) return [];
  return ctx.firers.map((f) => ({
    type: "shot",
    shot: { firer: f.id, kind: "gun", battery: ctx.battery, targets: [ctx.target.id], range: ctx.range, quickfire: ctx.quickfire },
  }));
}
