/**
 * Dice plans: what a rule needs rolled, by role, kind, count and colour, and why.
 */
import { fail, ok, type Result } from "../result.ts";
import { type DieKind, isValidValue, valueRange } from "./kinds.ts";

/** One entry of a dice plan (docs/reference/request-result.md). */
export interface DicePlanEntry {
  /** What the dice do in the rule: `attack`, `rof`, `gunnery`, `risk`, `explosion` … */
  readonly role: string;
  readonly die: DieKind;
  readonly count: number;
  /** A required physical die when the rules tell dice apart (`black`/`white`, `normal`/`red`), else null. */
  readonly color: string | null;
  /** A sentence for the display: why these dice are rolled. */
  readonly purpose: string;
  /**
   * The side whose dice these are, in a roll several sides make (initiative, a boarding round, a melee): a die
   * bound to a side fills only that side's entries, whatever order the dice land in. Absent when one side rolls.
   */
  readonly side?: string;
  /**
   * How the rule reads the entry's dice when not one by one: `total`, their sum (Quickfire's white gunnery dice
   * against the hit number, a torpedo check's 3d6). The display then shows the total, never a hit or miss on each
   * die. Absent: each die is read on its own (and may be marked, `RuleSet.markDice`) or by the rule's table.
   */
  readonly reads?: "total";
}

export type DicePlan = readonly DicePlanEntry[];

/**
 * The colour of an ordinary die. WS&IM rolls "a normal and a red one" (wsim-battle-rules-v3.txt, line 119): a plan
 * entry of this colour is served by any die that is not of another colour the same plan names.
 */
export const PLAIN_COLOR = "normal";

/**
 * Whether a die of `colors` (its bound rule colours, or its own colour; empty when it reports none) may stand for
 * the entry's colour, within `plan`. An entry with no colour takes any die.
 */
export function colorFits(colors: readonly string[], e: DicePlanEntry, plan: DicePlan): boolean {
  if (e.color === null) return true;
  if (colors.includes(e.color)) return true;
  if (e.color !== PLAIN_COLOR) return false;
  const others = new Set(plan.map((x) => x.color).filter((c) => c !== null && c !== PLAIN_COLOR));
  return !colors.some((c) => others.has(c));
}

/** Shorthand for a plan entry. */
export function entry(role: string, die: DieKind, count: number, purpose: string, color: string | null = null): DicePlanEntry {
  return { role, die, count: Math.max(0, count), color, purpose };
}

/** The entry read by its total (`DicePlanEntry.reads`). */
export const byTotal = (e: DicePlanEntry): DicePlanEntry => ({ ...e, reads: "total" });

/** The entry as rolled by `side` (a roll several sides make); no side given leaves it as it is. */
export function bySide(side: string | null | undefined, e: DicePlanEntry): DicePlanEntry {
  return side ? { ...e, side } : e;
}

/** Total number of dice a plan needs. */
export function planSize(plan: DicePlan): number {
  return plan.reduce((n, e) => n + e.count, 0);
}

/**
 * Checks `dice` against `plan` (count, then each value's range) and splits them by entry, in order.
 * Errors: `dice.count` (path `dice`), `dice.value` (path `dice[i]`).
 */
export function splitDice(plan: DicePlan, dice: readonly unknown[]): Result<number[][]> {
  const need = planSize(plan);
  if (dice.length !== need) {
    const what = plan.map((e) => `${e.count} ${e.die}${e.color ? ` (${e.color})` : ""} for ${e.role}`).join(", ");
    return fail("dice.count", `This roll needs ${need} dice (${what || "none"}), but ${dice.length} were given.`, "dice");
  }
  const out: number[][] = [];
  let i = 0;
  for (const e of plan) {
    const group: number[] = [];
    for (let k = 0; k < e.count; k++, i++) {
      const v = dice[i];
      if (!isValidValue(e.die, v)) {
        const { min, max } = valueRange(e.die);
        return fail(
          "dice.value",
          `Die ${i + 1} (${e.role}, ${e.die}) must be a whole number from ${min} to ${max}; got ${JSON.stringify(v)}.`,
          `dice[${i}]`,
        );
      }
      group.push(v);
    }
    out.push(group);
  }
  return ok(out);
}

/** Dice of a plan split by role (entries with the same role are concatenated). */
export function diceByRole(plan: DicePlan, groups: readonly (readonly number[])[]): Record<string, number[]> {
  const byRole: Record<string, number[]> = {};
  plan.forEach((e, idx) => {
    byRole[e.role] = [...(byRole[e.role] ?? []), ...(groups[idx] ?? [])];
  });
  return byRole;
}
