/**
 * Whose each die is, in words: the label every die of a result carries (its side, colour or role, and its source —
 * the die's name, "typed" or "host roll"), and the sentence for a die that fits no open slot of the roll ("Die
 * pixel-2 (6) is the Dutch die; the roll is waiting for the English die."). A page, the report and the club feed
 * show these labels; none of them guesses whose a die was.
 */
import type { DicePlan, DicePlanEntry } from "../../src/dice/plan.ts";
import type { DieProvenance, PlacedDie, Roll } from "../store/records.ts";

/** A die's label: whose slot it filled and where it came from. */
export interface DieLabel {
  /** The side whose slot it filled, in a roll several sides make. */
  readonly side?: string;
  /** The rule colour of its slot (`black`, `red` …). */
  readonly color?: string;
  /** The plan entry's role (`attack`, `attacker`, `initiative` …). */
  readonly role: string;
  /** The die's name (`pixel-1`), `typed` or `host roll`. */
  readonly source: string;
  /** Whose it is in a word or two: the side, else the colour, else the role where the roll has several; "" for one. */
  readonly whose: string;
  /** The whole label: "English · pixel-1", "black · typed", "attacker · host roll". */
  readonly text: string;
}

/** A die's source as players name it: the die's name, "typed" or "host roll". */
export const sourceName = (from: DieProvenance): string =>
  from.source === "die" ? from.dieId : from.source === "manual" ? "typed" : "host roll";

/** Whose a slot is: its side, else its colour, else its role when the roll has several roles; "" when one. */
function whoseSlot(e: Pick<DicePlanEntry, "role" | "color" | "side">, plan: DicePlan): string {
  if (e.side) {
    // two entries of one side with different roles (a friendly collision): the role tells them apart
    const shared = plan.some((x) => x.side === e.side && x.role !== e.role);
    return shared ? `${e.side} ${e.role}` : e.side;
  }
  if (e.color) return e.color;
  return new Set(plan.map((x) => x.role)).size > 1 ? e.role : "";
}

/** The label of a placed die of `plan` (a record from before dice were labelled reads its slot from the plan). */
export function dieLabel(plan: DicePlan, d: PlacedDie): DieLabel {
  const e = plan[d.entry];
  const role = d.role ?? e?.role ?? "";
  const side = d.side ?? e?.side;
  const color = d.color ?? undefined;
  const source = sourceName(d.from);
  const whose = whoseSlot({ role, color: color ?? null, ...(side ? { side } : {}) }, plan);
  return { ...(side ? { side } : {}), ...(color ? { color } : {}), role, source, whose, text: whose ? `${whose} · ${source}` : source };
}

/** The dice with their labels, for the view. */
export const labelledDice = (plan: DicePlan | null, dice: readonly PlacedDie[]) =>
  dice.map((d) => ({ ...d, label: dieLabel(plan ?? [], d) }));

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** "the English die", "two English dice". */
const theDice = (name: string, n: number): string => (n === 1 ? `the ${name} die` : `${WORDS[n] ?? n} ${name} dice`);

/**
 * Why a roll fits no open slot of the plan, as a sentence ("Die pixel-2 (6) is the Dutch die; the roll is waiting
 * for the English die."), when it is what the die is bound to (side, colour, role) that keeps it out; null when it
 * is something else (a die kind that cannot be read as the plan's).
 */
export function noSlotSentence(what: string, roll: Roll, plan: DicePlan, missing: readonly number[]): string | null {
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
  return `${what} is the ${mine} die; the roll is waiting for ${wanted}.`;
}
