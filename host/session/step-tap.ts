/**
 * A tap on a ship, within a step: the ship's log is shown and the draft's next ship field is filled; while a
 * phase's own roll waits (initiative, wind: no ships to tap), the first tap only shows the ship and a second sets
 * that roll aside for the firing action between the two.
 */
import { fail, type Result } from "../../src/result.ts";
import { actionTitle, isPhaseRoll } from "./draft.ts";
import { tappedDraft } from "./draft-edits.ts";
import type { StepRun } from "./step-run.ts";
import { tapAction } from "./turn.ts";

/**
 * A tap on a ship shows its log. While a phase's own roll waits (initiative, wind: no ships to tap), the first tap
 * only shows the ship; a second ship tapped while the first is shown starts the phase's action between them
 * (`turn.ts`' `tapAction`: the firing action in a firing phase), and the phase's roll is set aside, said on the display, and comes back when that action is done.
 */
export function tap(run: StepRun, ship: string): Result<null> {
  const w = run.work;
  const { rs } = run.env;
  if (!run.game.state.ships.some((s) => s.id === ship)) return fail("ship.unknown", `There is no ship "${ship}".`, "ship");
  const shown = w.focus;
  w.focus = ship;
  run.effects.push({ kind: "focus", ship });
  const held = w.draft;
  const taps = tapAction(rs, w.phase);
  if (held && isPhaseRoll(rs.actions, held, w.followUps)) {
    if (shown === null || shown === ship) return run.changed();
    const first = tappedDraft(rs, held, w.followUps, shown, taps);
    const both = first && tappedDraft(rs, first, w.followUps, ship, taps);
    if (!both || both.type === held.type) return run.changed();
    w.aside = held;
    w.draft = both;
    run.notice("info", `${actionTitle(rs, held.type)}: set aside for this action; it comes back when the action is done or cancelled.`);
    return run.changed();
  }
  w.draft = tappedDraft(rs, held, w.followUps, ship, taps);
  return run.changed();
}

/** The phase's roll set aside by a tap comes back (after the action it made way for, or when that is cancelled). */
export function restoreAside(run: Pick<StepRun, "work">): void {
  const w = run.work;
  if (!w.aside || w.followUps.length > 0) return;
  w.draft = w.aside;
  w.aside = null;
}
