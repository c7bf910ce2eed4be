/**
 * Marking boxes and what follows from it, shared by broadsides, explosions, collisions, boarding and fire:
 * "Each hit will mark off one box of damage"; a level lost on a flagship risks the flag officer; a ship
 * destroyed by broadside or fire rolls to explode; a loss may bring a squadron to its breakpoint.
 */
import type { FollowUp } from "../../game/types.ts";
import { applyAll, type DamageCause, type SoleBayEvent } from "./events.ts";
import { flagAboard, levelOf, type SoleBayShip, totalBoxes } from "./ship.ts";
import { breakpointDue, losses } from "./squadron.ts";
import type { SoleBayState } from "./state.ts";
import { CONDITION_LABELS, type Condition } from "./tables.ts";

/** What a number of hits does to one ship. Hits past the last box are wasted. */
export interface DamageReport {
  readonly ship: string;
  readonly hits: number;
  readonly marked: number;
  readonly wasted: number;
  readonly conditionBefore: Condition;
  readonly conditionAfter: Condition;
  readonly levelsLost: number;
  readonly destroyed: boolean;
}

export function damageReport(ship: SoleBayShip, hits: number): DamageReport {
  const marked = Math.max(0, Math.min(hits, totalBoxes(ship.hull) - ship.damage));
  const after = ship.damage + marked;
  const level = levelOf(ship.hull, after);
  const labels = ["fresh", "worn", "damaged", "heavily-damaged"] as const;
  return {
    ship: ship.id,
    hits,
    marked,
    wasted: hits - marked,
    conditionBefore: ship.condition,
    conditionAfter: labels[Math.min(3, level)] as Condition,
    levelsLost: level - levelOf(ship.hull, ship.damage),
    destroyed: after >= totalBoxes(ship.hull),
  };
}

/** The event marking a report's boxes, if any were marked. */
export const markEvents = (r: DamageReport, cause: DamageCause): SoleBayEvent[] =>
  r.marked > 0 ? [{ type: "damage-marked", ship: r.ship, boxes: r.marked, cause }] : [];

/** "now Worn", "destroyed" … for descriptions. */
export const afterWords = (r: Pick<DamageReport, "levelsLost" | "destroyed" | "conditionAfter">): string =>
  r.destroyed ? "destroyed" : r.levelsLost > 0 ? `now ${CONDITION_LABELS[r.conditionAfter]}` : CONDITION_LABELS[r.conditionAfter];

/** Which explosion number a ship destroyed by `cause` rolls against, or null if it does not roll. */
export function explosionCause(state: SoleBayState, cause: DamageCause): "broadside" | "fire" | "explosion" | null {
  if (cause === "broadside" || cause === "fire") return cause;
  if (cause === "explosion" && state.settings.chainExplosionAs !== "none") return "explosion";
  return null;
}

const name = (state: SoleBayState, id: string) => state.ships.find((s) => s.id === id)?.name ?? id;

/** A Risk to Flag Officer roll follow-up. */
export const flagRiskFollowUp = (state: SoleBayState, ship: string, rolls: number, cause: DamageCause): FollowUp => ({
  kind: "roll",
  purpose: `Risk to Flag Officer aboard ${name(state, ship)}: 2d6, killed on ${state.settings.deathDice ? "a double skull" : "a 2"}${rolls > 1 ? ` (${rolls} rolls)` : ""}`,
  action: { type: "flag-officer-risk", ship, rolls, cause },
});

/**
 * The follow-ups a change of boxes demands, found by comparing the state before and after: flag-officer risk
 * (one roll per level lost, or per action by setting; `extraRisk` ships roll once more), an explosion roll for a
 * ship destroyed by broadside or fire, and a breakpoint test for a squadron that has lost a ship.
 */
export function consequences(before: SoleBayState, after: SoleBayState, cause: DamageCause, extraRisk: readonly string[] = []): FollowUp[] {
  const out: FollowUp[] = [];
  const squadrons = new Set<string>();
  for (const b of before.ships) {
    const a = after.ships.find((s) => s.id === b.id);
    if (!a) continue;
    const lost = levelOf(a.hull, a.damage) - levelOf(b.hull, b.damage);
    const rolls = (lost > 0 ? (after.settings.flagRiskPerLevel ? lost : 1) : 0) + (extraRisk.includes(b.id) ? 1 : 0);
    if (flagAboard(b) && flagAboard(a) && rolls > 0) out.push(flagRiskFollowUp(after, a.id, rolls, cause));
    if (a.destroyed && !b.destroyed) {
      const ex = explosionCause(after, cause);
      if (ex && !after.game.removed.includes(a.id)) {
        out.push({
          kind: "roll",
          purpose: `${a.name} is destroyed: 2d6 for an explosion (${ex === "fire" || (ex === "explosion" && after.settings.chainExplosionAs === "fire") ? "10" : "11"}+)`,
          action: { type: "explosion-roll", ship: a.id, cause: ex },
        });
      }
      if (!a.fireship) squadrons.add(a.squadron);
    }
  }
  for (const sq of squadrons) {
    if (losses(after, sq) > losses(before, sq) && breakpointDue(after, sq)) {
      out.push({
        kind: "roll",
        purpose: `Squadron ${sq} has lost ships: 1d6 breakpoint test (breaks on 1 or 2)`,
        action: { type: "breakpoint", squadron: sq },
      });
    }
  }
  return out;
}

/** What an action's damage did: its events and own follow-ups, what caused it, and ships whose flag officer rolls once more. */
export interface DamageEffects {
  readonly events: readonly SoleBayEvent[];
  readonly followUps?: readonly FollowUp[];
  readonly cause: DamageCause;
  /** Ships whose flag officer rolls once more regardless of levels lost (caught in an explosion). */
  readonly extraRisk?: readonly string[];
}

/**
 * Effects of an action that marked damage: its events, then the follow-ups the damage demands (flag officer risk,
 * explosion rolls …, found by comparing the state before and after), then the action's own follow-ups.
 */
export function damaged(state: SoleBayState, fx: DamageEffects): { events: readonly SoleBayEvent[]; followUps: FollowUp[] } {
  const derived = consequences(state, applyAll(state, fx.events), fx.cause, fx.extraRisk);
  return { events: fx.events, followUps: [...derived, ...(fx.followUps ?? [])] };
}
