/**
 * Choosing an action's fields from the button pad (`next-choice`, `prev-choice`): the choice fields of an action
 * (a list of values, or yes/no, read off its schema), which one the pad is on — the one being cycled, else the first
 * the rules still need — its value after a press, and what the display tells the players meanwhile; and the option
 * of a choice the rules ask (which hits the Fire Table gives) the pad shows. A tap can say a ship but not a battery
 * or a range band; these let the table say them without the phone.
 */
import type { ActionDef, ActionField, Choice } from "../../src/game/types.ts";
import type { RulesError } from "../../src/result.ts";
import type { Draft } from "../store/records.ts";

/** The values a field can be cycled through, or null when it is not a choice (ships, numbers, text). */
export function choiceValues(f: ActionField): readonly (string | number | boolean)[] | null {
  if (f.type === "boolean") return [true, false];
  if (f.type === "enum" && f.values && f.values.length > 0) return f.values;
  return null;
}

/** The field the pad is on, and whether a press has already put it under the pad (`held`). */
export interface ChoiceCursor {
  readonly field: ActionField;
  /** The field's value now (its default when none is given), or undefined. */
  readonly value: unknown;
  /** The pad is cycling this field: Confirm keeps the value shown. */
  readonly held: boolean;
}

/** Values measured from the table's positions, by field: decided, so never a choice still open. */
export type Measured = Readonly<Record<string, unknown>>;

const isOpen = (draft: Draft, f: ActionField, measured: Measured): boolean =>
  draft.values[f.name] === undefined && measured[f.name] === undefined && f.default === undefined;

/** A field's value now: a person's, else the measured one, else its default. */
export const valueNow = (draft: Draft, f: ActionField, measured: Measured = {}): unknown =>
  draft.values[f.name] ?? measured[f.name] ?? f.default;

/**
 * The choice field the pad is on: the one being cycled; else the first choice the rules still need — a required
 * field with no value, or an optional one the rules' refusal names (Quickfire's range band, which a measured
 * distance could stand for). A field measured from positions is decided (issue 37): never the choice still open.
 * Null when no choice is wanted.
 */
export function choiceCursor(draft: Draft, def: ActionDef, error: RulesError | null = null, measured: Measured = {}): ChoiceCursor | null {
  const choices = def.fields.filter((f) => choiceValues(f) !== null);
  const held = choices.find((f) => f.name === draft.choosing);
  const field =
    held ??
    choices.find((f) => !f.optional && isOpen(draft, f, measured)) ??
    choices.find((f) => isOpen(draft, f, measured) && error?.path === `action.${f.name}`);
  if (!field) return null;
  return { field, value: valueNow(draft, field, measured), held: held !== undefined };
}

/**
 * The field a press of the pad changes: the cursor's, else (every choice made) the first choice field, so a choice
 * can be changed from the pad too — a measured one starting from the measured value, which the press then overrides.
 * Null when the action has no choice fields.
 */
export function pressedField(draft: Draft, def: ActionDef, error: RulesError | null, measured: Measured = {}): ActionField | null {
  return choiceCursor(draft, def, error, measured)?.field ?? def.fields.find((f) => choiceValues(f) !== null) ?? null;
}

/** The value after `current` in the field's choices (`back`: before it), wrapping round; the first when none. */
export function cycledValue(f: ActionField, current: unknown, back: boolean): string | number | boolean {
  const values = choiceValues(f) ?? [];
  const at = values.indexOf(current as string | number | boolean);
  const n = values.length;
  const next = at < 0 ? (back ? n - 1 : 0) : (at + (back ? n - 1 : 1)) % n;
  return values[next] as string | number | boolean;
}

/** A value as players read it: yes/no for booleans, the rule set's word for a value it names (`field.valueLabels`). */
export const choiceWords = (v: unknown, field?: ActionField): string =>
  v === true ? "yes" : v === false ? "no" : (field?.valueLabels?.[String(v)] ?? String(v));

/**
 * What the display says while the pad is on a choice: the choice shown and the buttons, or which button chooses
 * the one the rules want (`otherwise`: what it would say without the pad).
 */
export function choiceInstruction(c: ChoiceCursor, otherwise: string): string {
  const label = c.field.label;
  if (c.held) return `${label}: ${choiceWords(c.value, c.field)} — press Next choice for another, Confirm to keep it`;
  if (!c.field.optional) return `choose the ${label.toLowerCase()}: press Next choice on the pad, or choose it on the control page`;
  return `${otherwise} — press Next choice on the pad to choose the ${label.toLowerCase()}`;
}

/**
 * The option a press shows of a choice the rules ask (`picking`: the one shown now, or none yet), wrapping round; a
 * choice of several options has one more place after them, "done" (index = the options' count: see
 * `choice-ticks.ts`). Null when there is nothing to show.
 */
export function pickedOption(choice: Choice, picking: number | null | undefined, back: boolean): number | null {
  const n = choice.options.length + (choice.max > 1 ? 1 : 0);
  if (choice.options.length === 0) return null;
  if (picking === null || picking === undefined || picking < 0 || picking >= n) return back ? n - 1 : 0;
  return (picking + (back ? n - 1 : 1)) % n;
}

/** The answer Confirm gives with the option shown: the value (a single choice), or a list of it. */
export const pickedAnswer = (choice: Choice, picking: number): unknown => {
  const value = choice.options[picking]?.value;
  return choice.max === 1 ? value : [value];
};
