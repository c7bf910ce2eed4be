/**
 * The turn as the rule set declares it (`RuleSet.turn`), read by the session: what a phase opens with, the rolls it
 * makes due, which action ships tapped set up in it, what the text plays when a phase or the turn ends, and the turn and phase the
 * rule set's own state counts. The session walks any rule set's turn through these alone.
 */
import type { FollowUp, RuleSet, TableState, TurnStep } from "../../src/game/types.ts";
import { type Draft, defaultActionType, emptyDraft } from "./draft.ts";

/**
 * The turn's shape, read from the rule set once per session: each phase's opening roll and tap action, the tap
 * action outside the declared phases, and the actions the turn plays at an end. The step looks these up after every
 * result instead of working them out again from the rule set's lists.
 */
export interface TurnShape {
  /** Per phase: the roll it opens with ({@link phaseOpening}). */
  readonly opens: readonly (string | null)[];
  /** Per phase: the action ships tapped set up in it ({@link tapAction}). */
  readonly taps: readonly (string | null)[];
  /** The tap action of a rule set that declares no phases: the firing action (null where it declares phases). */
  readonly tapsElsewhere: string | null;
  /** The action types the turn plays at a phase's or the turn's end ({@link isTurnStep}). */
  readonly steps: ReadonlySet<string>;
  /** Per phase: what it is for ({@link phasePurpose}), which the view shows with every push. */
  readonly purposes: readonly (string | null)[];
}

/** Reads the turn's shape from the rule set (once per session). */
export function turnShape(rs: RuleSet): TurnShape {
  const phases = rs.turn.phases.map((_, i) => i);
  const ends = [rs.turn.ends?.action, ...rs.turn.phases.map((p) => p.ends?.action)];
  return {
    opens: phases.map((i) => phaseOpening(rs, i)),
    taps: phases.map((i) => tapAction(rs, i)),
    tapsElsewhere: phases.length === 0 ? defaultActionType(rs.actions) : null,
    steps: new Set(ends.filter((a): a is string => a !== undefined)),
    purposes: phases.map((i) => phasePurpose(rs, i)),
  };
}

/** The roll the phase opens with (initiative, wind), if the rule set has that action. */
export function phaseOpening(rs: RuleSet, phase: number): string | null {
  const type = rs.turn.phases[phase]?.opens;
  return type && rs.actions.some((a) => a.type === type) ? type : null;
}

/**
 * The action ships tapped set up in the phase: the phase's own, else the rule set's firing action where the phase
 * plays it, or opens with a roll (initiative, wind: two ships tapped set that roll aside for a fire between them,
 * `step-tap.ts`), or the rule set declares no phases. Any other phase has none: a tap shows the ship's log, never a
 * fire the phase refuses (Quickfire's repair had said "tap the firing ship", then "there is no fire").
 */
export function tapAction(rs: RuleSet, phase: number): string | null {
  const def = rs.turn.phases[phase];
  const type = def?.taps;
  if (type && rs.actions.some((a) => a.type === type)) return type;
  const firing = defaultActionType(rs.actions);
  return !def || def.opens !== undefined || (firing !== null && def.actions.includes(firing)) ? firing : null;
}

/** What the phase is for: its declared purpose, else its actions' titles ("Fire removal, Catching fire"). */
export function phasePurpose(rs: RuleSet, phase: number): string | null {
  const def = rs.turn.phases[phase];
  if (!def) return null;
  if (def.purpose) return def.purpose;
  const titles = def.actions.map((t) => rs.actions.find((a) => a.type === t)?.title).filter((t): t is string => t !== undefined);
  return titles.length > 0 ? `${titles.join(", ")}.` : null;
}

/** The draft a phase starts with: its opening roll, else its tap action waiting for the first tap. */
export function phaseDraft(rs: RuleSet, phase: number): Draft | null {
  const type = phaseOpening(rs, phase) ?? tapAction(rs, phase);
  return type ? emptyDraft(type) : null;
}

/** The rolls the text makes due as the table enters the phase, from the state then (`PhaseDef.due`). */
export const phaseDue = (rs: RuleSet, state: TableState, phase: number): FollowUp[] => [...(rs.turn.phases[phase]?.due?.(state) ?? [])];

/** What the text plays when the table leaves `phase`: the phase's end, then (leaving the last phase) the turn's. */
export function endsLeaving(rs: RuleSet, phase: number): TurnStep[] {
  const own = rs.turn.phases[phase]?.ends;
  const turn = phase === rs.turn.phases.length - 1 ? rs.turn.ends : undefined;
  return [own, turn].filter((s): s is TurnStep => s !== undefined && rs.actions.some((a) => a.type === s.action));
}

/** The ends as rolls the rules demand, in order (one needing no dice is resolved as soon as it is at the head). */
export const endsAsFollowUps = (steps: readonly TurnStep[]): FollowUp[] =>
  steps.map((s) => ({ kind: "roll", purpose: s.purpose, action: { type: s.action } }));

/** Whether an action type is one the turn structure plays at a phase's or the turn's end. */
export function isTurnStep(rs: RuleSet, type: string): boolean {
  return rs.turn.ends?.action === type || rs.turn.phases.some((p) => p.ends?.action === type);
}

/** The turn the rule set's state counts (null: the table counts it). */
export const stateTurn = (rs: RuleSet, state: TableState): number | null => rs.turnOf?.(state) ?? null;

/** The phase the rule set's state records (null: untracked, or only the table knows it). */
export function statePhase(rs: RuleSet, state: TableState): number | null {
  const p = rs.phaseOf?.(state) ?? null;
  return p !== null && p >= 0 && p < rs.turn.phases.length ? p : null;
}
