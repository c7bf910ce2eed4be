/**
 * Why a die fits no open slot of the roll, in the players' words ("it is the Dutch die; the roll is waiting for the
 * English die"): said only when a die is left over, so it is off the path of a roll that counts.
 */
import type { DicePlan, DicePlanEntry } from "../../src/dice/plan.ts";
import type { Roll } from "../store/records.ts";
import { word } from "./dice-gather.ts";

/** "the English die", "two English dice". */
const theDice = (name: string, n: number): string => (n === 1 ? `the ${name} die` : `${word(n)} ${name} dice`);

/**
 * Why a roll fits no open slot of the plan, as a clause ("it is the Dutch die; the roll is waiting for the English
 * die"), when it is what the die is bound to (side, colour, role) that keeps it out; null when it is something else
 * (a die kind that cannot be read as the plan's).
 */
export function noSlotReason(roll: Roll, plan: DicePlan, missing: readonly number[]): string | null {
  const open = plan.map((e, i) => ({ e, n: missing[i] ?? 0 })).filter((x) => x.n > 0);
  if (open.length === 0) return null;
  const sided = plan.some((e) => e.side !== undefined);
  const mine =
    sided && roll.side
      ? roll.side
      : roll.colors.length > 0 && plan.some((e) => e.color !== null)
        ? roll.colors.join("/")
        : roll.roles.length > 0
          ? roll.roles.join("/")
          : null;
  if (mine === null) return null;
  const name = (e: DicePlanEntry): string => (sided && e.side ? e.side : (e.color ?? e.role));
  const waiting = new Map<string, number>();
  for (const { e, n } of open) waiting.set(name(e), (waiting.get(name(e)) ?? 0) + n);
  const list = [...waiting].map(([k, n]) => theDice(k, n));
  const last = list.pop();
  const wanted = list.length > 0 ? `${list.join(", ")} and ${last}` : last;
  return `it is the ${mine} die; the roll is waiting for ${wanted}`;
}
