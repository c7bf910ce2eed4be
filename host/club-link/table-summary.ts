/**
 * What the club sees of a table between events (docs/reference/mqtt.md `state`), and whether its battle is over: ships
 * afloat and lost per side from the rule set's own ship views, the turn when the rule set counts one.
 */
import type { ShipView } from "../../src/game/types.ts";
import type { TableSession } from "../session/table-session.ts";
import { gameTurn } from "../session/view.ts";

export interface SideCount {
  readonly side: string;
  readonly afloat: number;
  readonly lost: number;
}

/** Ships afloat and lost per side, sides in the order their first ship appears. */
export function sideCounts(views: readonly ShipView[]): SideCount[] {
  const sides = new Map<string, { afloat: number; lost: number }>();
  for (const v of views) {
    const c = sides.get(v.side) ?? { afloat: 0, lost: 0 };
    // out of the fight as the rule set says it (sunk, struck, taken, exploded …)
    if (v.severity.includes("out")) c.lost++;
    else c.afloat++;
    sides.set(v.side, c);
  }
  return [...sides].map(([side, c]) => ({ side, ...c }));
}

/** The `state` message of a table. */
export function tableSummary(s: TableSession, game: string, now: number) {
  const last = s.records[s.records.length - 1];
  return {
    game,
    title: s.setup.title,
    ruleset: s.rs.id,
    scenario: s.setup.scenario,
    // the turn the display shows: the rule set's own count, else the table's
    turn: gameTurn(s.rs, s.state, s.work.turn),
    phase: s.rs.phases[s.work.phase] ?? null,
    lastResult: last ? { summary: last.description, dice: last.dice.map((d) => d.value), at: new Date(last.at).toISOString() } : null,
    sides: sideCounts(s.rs.shipViews(s.state)),
    at: new Date(now).toISOString(),
  };
}

/**
 * The battle's end as the rule sets' ship states show it: every other side has no ship afloat and one side
 * still has. Null while two sides fight on (or when nobody is left, which no rule set produces).
 */
export function battleEnd(sides: readonly SideCount[]): { winner: string; losses: Record<string, number> } | null {
  const afloat = sides.filter((s) => s.afloat > 0);
  if (sides.length < 2 || afloat.length !== 1) return null;
  return { winner: afloat[0]?.side ?? "", losses: Object.fromEntries(sides.map((s) => [s.side, s.lost])) };
}
