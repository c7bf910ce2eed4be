/**
 * An electronic die's reading as a roll, and gathering the dice of a plan from rolls: each roll (a die's face, a
 * typed value or a software roll, see `dice-input.ts`) goes to the first plan entry that still needs a die and that
 * it may stand for — by the die's bound side (in a roll several sides make, whose entries name their side), roles
 * and colours, and by whether its face can be read as the entry's kind (`readFace`). So a die bound to a side fills
 * that side's slot whatever order the dice land in; an unbound die fills the first open slot.
 * Rolls are pooled across throws, so nine dice can serve a fourteen-dice broadside in two throws. The dice's values
 * for the rules and the rules' marks on them are resolve.ts's; why a die fits no open slot, dice-no-slot.ts's.
 */
import type { DeviceHealth, DieRolled } from "../../devices/readings.ts";
import { type DieKind, isValidValue, readFace } from "../../src/dice/kinds.ts";
import { colorFits, type DicePlan, type DicePlanEntry } from "../../src/dice/plan.ts";
import type { Binding } from "../config/schema.ts";
import { derivedName } from "../devices.ts";
import type { DiceMode, DieProvenance, PlacedDie, Roll } from "../store/records.ts";
import type { DieRefusal } from "./refused-dice.ts";

export type { DieProvenance, PlacedDie, Roll } from "../store/records.ts";

/** An electronic die's reading as a roll: its bound colours (or the colour it reports) and roles. */
export function dieRoll(r: DieRolled, binding: Binding | undefined): Roll {
  const { dieId, family, dieKind, face, color, at } = r;
  return {
    from: { source: "die", dieId, family, dieKind, face, ...(color ? { color } : {}), at },
    colors: binding?.colors ?? (color ? [color] : []),
    roles: binding?.roles ?? [],
    ...(binding?.side ? { side: binding.side } : {}),
  };
}

/** Whether the plan is a roll several sides make: its entries name the side whose dice they are. */
export const sidedPlan = (plan: DicePlan): boolean => plan.some((e) => e.side !== undefined);

/** What a die's refusal reads of the draft's status (draft.ts's `DraftStatus`, here without it: draft.ts gathers with this file). */
export interface AwaitingDice {
  readonly plan: DicePlan | null;
  readonly error: unknown;
  readonly instruction: string;
  readonly mode: DiceMode;
  readonly roller: string | null;
}

/**
 * Why an electronic die's reading cannot count now (no action waiting, wrong moment, wrong side), or null when it
 * can: the die by its name and face, and why in the players' words (refused-dice.ts makes the sentence). In a roll
 * several sides make, the die's own side decides (its dice mode; which slot it fills is `gather`'s); otherwise the
 * roller's.
 */
export function refuseDie(
  r: DieRolled,
  st: AwaitingDice | null,
  binding: Binding | undefined,
  players: Readonly<Record<string, DiceMode>> = {},
  nameOf: DieNamer = dieNamer(),
): DieRefusal | null {
  const die = `${nameOf(r)} (${r.face})`;
  if (!st) return { die, why: "no action is waiting for dice" };
  // the action is not ready: what it waits for ("tap the firing ship"), or the rules' refusal in their own sentence
  if (!st.plan) return { die, why: st.error ? `the action is refused — ${st.instruction}` : `first ${st.instruction}` };
  if (sidedPlan(st.plan)) {
    const mode = binding?.side ? (players[binding.side] ?? "electronic") : "electronic";
    return mode === "electronic" ? null : { die, why: `${binding?.side} rolls ${modeWords(mode)}` };
  }
  if (st.mode !== "electronic") return { die, why: `${st.roller} rolls ${modeWords(st.mode)}` };
  if (binding?.side && st.roller && binding.side !== st.roller) return { die, why: `it is ${binding.side}'s die and ${st.roller} rolls` };
  return null;
}

/** A side's way of rolling in words: "typed dice", "the host's dice". */
const modeWords = (mode: DiceMode): string =>
  mode === "manual" ? "typed dice" : mode === "software" ? "the host's dice" : "electronic dice";

export interface Gathered {
  readonly placed: readonly PlacedDie[];
  /** Dice still needed, per plan entry (same order as the plan). */
  readonly missing: readonly number[];
  readonly complete: boolean;
  /** Rolls no entry could use. */
  readonly unused: readonly Roll[];
}

/** The value a roll gives for a plan entry of `plan`, or null when it cannot stand for it. */
export function valueFor(roll: Roll, e: DicePlanEntry, plan: DicePlan): number | null {
  // a typed or software roll with no colour stands for any entry; an electronic die's colour must fit
  const typedAny = roll.from.source !== "die" && roll.colors.length === 0;
  if (!typedAny && !colorFits(roll.colors, e, plan)) return null;
  if (roll.roles.length > 0 && !roll.roles.includes(e.role)) return null;
  if (roll.side !== undefined && e.side !== undefined && roll.side !== e.side) return null;
  const f = roll.from;
  if (f.source !== "die") return isValidValue(e.die, f.value) ? f.value : null;
  if (f.dieKind !== "d6" && f.dieKind !== "d8") return null;
  return readFace(f.dieKind, f.face, e.die);
}

/**
 * Places rolls in plan order. In a roll several sides make, the dice of a side (bound, or typed for its slot) are
 * placed first and unbound dice in the slots left: an unbound die that landed first never keeps a side's own die out.
 */
export function gather(plan: DicePlan, rolls: readonly Roll[]): Gathered {
  const missing = plan.map((e) => e.count);
  const placed: PlacedDie[] = [];
  const unused: Roll[] = [];
  const order = sidedPlan(plan) ? [...rolls.filter((r) => r.side !== undefined), ...rolls.filter((r) => r.side === undefined)] : rolls;
  for (const roll of order) {
    const idx = plan.findIndex((e, i) => (missing[i] ?? 0) > 0 && valueFor(roll, e, plan) !== null);
    const e = plan[idx];
    const value = e ? valueFor(roll, e, plan) : null;
    if (!e || value === null) {
      unused.push(roll);
      continue;
    }
    missing[idx] = (missing[idx] ?? 0) - 1;
    placed.push({ entry: idx, value, from: roll.from, color: e.color, role: e.role, ...(e.side ? { side: e.side } : {}) });
  }
  // a side's dice were placed first: the dice are given back in the plan's order (each entry's in the order rolled)
  const sorted = order === rolls ? placed : placed.sort((a, b) => a.entry - b.entry);
  return { placed: sorted, missing, complete: missing.every((m) => m === 0), unused };
}

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
export const word = (n: number): string => WORDS[n] ?? String(n);
const kindName = (k: DieKind): string => (k === "dave" ? "average" : k === "d6" ? "" : k);

/**
 * What to tell the players to roll: "roll the black and two white dice", "roll 3 dice", "roll the Allied die and
 * the Dutch die",
 * "14 dice — roll 9, then 5" when fewer physical dice than needed are at hand.
 */
export function rollInstruction(plan: DicePlan, missing: readonly number[], diceAtHand: number): string {
  const need = plan.map((e, i) => ({ e, n: missing[i] ?? 0 })).filter((x) => x.n > 0);
  const total = need.reduce((s, x) => s + x.n, 0);
  if (total === 0) return "";
  // a roll several sides make: each side is told its dice ("roll the Allied die and the Dutch die")
  if (need.some((x) => x.e.side !== undefined)) {
    const bySide = new Map<string, { n: number; kind: string }>();
    for (const { e, n } of need) {
      const key = e.side ?? "any";
      bySide.set(key, { n: (bySide.get(key)?.n ?? 0) + n, kind: kindName(e.die) });
    }
    const parts = [...bySide].map(([side, { n, kind }]) => {
      const name = `${side}${kind ? ` ${kind}` : ""}`;
      return n === 1 ? `the ${name} die` : `${word(n)} ${name} dice`;
    });
    const last = parts.pop();
    return `roll ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last}`;
  }
  const coloured = need.some((x) => x.e.color !== null);
  if (coloured) {
    const parts = need.map(({ e, n }) => {
      const kind = kindName(e.die);
      const name = `${e.color ?? "any"}${kind ? ` ${kind}` : ""}`;
      return n === 1 ? `the ${name}` : `${word(n)} ${name}`;
    });
    const last = parts.pop();
    return `roll ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last} ${total === 1 ? "die" : "dice"}`;
  }
  const kinds = [...new Set(need.map((x) => kindName(x.e.die)).filter(Boolean))];
  const what = `${total} ${kinds.length ? `${kinds.join("/")} ` : ""}${total === 1 ? "die" : "dice"}`;
  if (diceAtHand <= 0 || total <= diceAtHand) return `roll ${what}`;
  const throws: number[] = [];
  for (let left = total; left > 0; left -= diceAtHand) throws.push(Math.min(left, diceAtHand));
  return `${what} — roll ${throws.join(", then ")}`;
}

/**
 * In a roll several sides make, how the sides not on electronic dice give theirs (each side's own dice mode, not
 * the roller's): " — Dutch: type it on the control page", " — English: press Roll on the control page"; "" when all roll dice.
 */
export function sidesModeNote(plan: DicePlan, missing: readonly number[], players: Readonly<Record<string, DiceMode>>): string {
  const open = new Map<string, number>();
  plan.forEach((e, i) => {
    if (e.side && (missing[i] ?? 0) > 0) open.set(e.side, (open.get(e.side) ?? 0) + (missing[i] ?? 0));
  });
  const notes = [...open].flatMap(([side, n]) => {
    const mode = players[side];
    if (mode === "manual") return [`${side}: type ${n === 1 ? "it" : "them"} on the control page`];
    if (mode === "software") return [`${side}: press Roll on the control page`];
    return [];
  });
  return notes.length > 0 ? ` — ${notes.join("; ")}` : "";
}

// ---- whose each die is, in words: the label every die of a result carries (its side, colour or role, and its
// source — the die's name, "typed" or "host roll"). A page, the report and the club feed show it; none guesses.

/** A die's label: whose slot it filled and where it came from. */
export interface DieLabel {
  /** The side whose slot it filled, in a roll several sides make. */
  readonly side?: string;
  /** The rule colour of its slot (`black`, `red` …). */
  readonly color?: string;
  /** The plan entry's role (`attack`, `attacker`, `initiative` …). */
  readonly role: string;
  /** The die's name ("Black die", "Pixels die 5"), `typed` or `host roll`. */
  readonly source: string;
  /** Whose it is in a word or two: the side, else the colour, else the role where the roll has several; "" for one. */
  readonly whose: string;
  /** The whole label: "English · Black die", "black · typed", "attacker · host roll". */
  readonly text: string;
  /** The rule reads the slot's dice by their total (`DicePlanEntry.reads`): the display shows the sum, no marks. */
  readonly reads?: "total";
}

/** How a die is named to players: by its device's name (its health's), else its family and number ("Pixels die 5"). */
export type DieNamer = (die: { readonly dieId: string; readonly family: string }) => string;

/** Names dice by the devices' health (each carries the name players read); a die no longer there by its family and number. */
export function dieNamer(health: readonly DeviceHealth[] = []): DieNamer {
  const names = new Map<string, string>();
  for (const h of health) if (h.name) names.set(h.id, h.name);
  return (d) => names.get(d.dieId) ?? derivedName({ id: d.dieId, kind: "die", family: d.family });
}

/** A die's source as players name it: the die's name, "typed" or "host roll". */
export const sourceName = (from: DieProvenance, nameOf: DieNamer = dieNamer()): string =>
  from.source === "die" ? nameOf(from) : from.source === "manual" ? "typed" : "host roll";

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
export function dieLabel(plan: DicePlan, d: PlacedDie, nameOf?: DieNamer): DieLabel {
  const e = plan[d.entry];
  const role = d.role ?? e?.role ?? "";
  const side = d.side ?? e?.side;
  const color = d.color ?? undefined;
  const source = sourceName(d.from, nameOf);
  const whose = whoseSlot({ role, color: color ?? null, ...(side ? { side } : {}) }, plan);
  return {
    ...(side ? { side } : {}),
    ...(color ? { color } : {}),
    role,
    source,
    whose,
    text: whose ? `${whose} · ${source}` : source,
    ...(e?.reads ? { reads: e.reads } : {}),
  };
}

/** The dice with their labels, for the view. */
export const labelledDice = (plan: DicePlan | null, dice: readonly PlacedDie[], nameOf?: DieNamer) =>
  dice.map((d) => ({ ...d, label: dieLabel(plan ?? [], d, nameOf) }));
