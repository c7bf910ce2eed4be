/**
 * Each side's ships at a moment of the game, from the rule set's own ship views: how many, how many still in the
 * fight, and the ships out of it counted once each under the first word the rule set says at severity `out`
 * ("destroyed", "sunk", "struck" …) — a ship said "destroyed · prize" is one ship destroyed, never two.
 */
import type { ShipView } from "./types.ts";

export interface SideTally {
  readonly side: string;
  readonly ships: number;
  /** Ships still in the fight. */
  readonly afloat: number;
  /** Ships out of the fight by their first `out` word, each ship once. */
  readonly out: Readonly<Record<string, number>>;
  /** The ships out of the fight, with every status word. */
  readonly lost: ReadonlyArray<{ readonly id: string; readonly name: string; readonly status: readonly string[] }>;
}

/** A status word without its aside: "captured (prize crew due)" counts as "captured". */
const plainWord = (w: string) => w.replace(/\s*\(.*\)$/, "");

/** The first word the view says at severity `out`, or null for a ship in the fight. */
export function outWord(v: ShipView): string | null {
  const i = v.severity.indexOf("out");
  return i < 0 ? null : plainWord(v.status[i] ?? "out");
}

/** Every side's tally, sides in the order their first ship appears. */
export function sideTallies(views: readonly ShipView[]): SideTally[] {
  return [...new Set(views.map((v) => v.side))].map((side) => {
    const mine = views.filter((v) => v.side === side);
    const lost = mine.filter((v) => outWord(v) !== null);
    const out: Record<string, number> = {};
    for (const v of lost) {
      const w = outWord(v) as string;
      out[w] = (out[w] ?? 0) + 1;
    }
    return {
      side,
      ships: mine.length,
      afloat: mine.length - lost.length,
      out,
      lost: lost.map((v) => ({ id: v.id, name: v.name, status: [...v.status] })),
    };
  });
}
