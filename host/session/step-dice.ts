/**
 * Dice given within a step: dice typed on /control (or over the API), the host rolling for players on software
 * dice. A die's own reading stays in `step.ts`, so that a die's path from the driver stays within 12 files.
 */
import { fail, type Result } from "../../src/result.ts";
import { manualRolls, softwareRolls } from "./dice-input.ts";
import type { StepRun } from "./step-run.ts";

/** Dice typed on /control (or given over the API) for the action waiting. */
export function typedDice(run: StepRun, values: readonly unknown[]): Result<null> {
  const w = run.work;
  const st = run.status(w.draft);
  if (!w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "values");
  const rolls = manualRolls(st, values, run.env.now());
  if (!rolls.ok) return rolls;
  w.draft = { ...w.draft, rolls: [...w.draft.rolls, ...rolls.value] };
  return run.afterDraftChange();
}

/** The host rolls what the action waiting still needs (players on software dice, the pad's Roll). */
export function softwareRoll(run: StepRun): Result<null> {
  const w = run.work;
  const st = run.status(w.draft);
  if (!w.draft || !st?.plan) return fail("action.none", "No action is waiting for dice.", "");
  const rolls = softwareRolls(st, run.env.randomFace, run.env.now());
  w.draft = { ...w.draft, rolls: [...w.draft.rolls, ...rolls] };
  return run.afterDraftChange(true);
}
