/**
 * An electronic die's reading arriving at the session: whether it counts for the action being set up, and how
 * many connected dice a side has at hand.
 */
import type { DeviceHealth, DieRolled } from "../../devices/readings.ts";
import type { Binding } from "../config/schema.ts";
import { dieRoll, refuseDie } from "./dice-input.ts";
import type { Draft } from "./draft.ts";
import type { DraftStatus } from "./draft-status.ts";

/** Connected dice a side can roll: unbound dice, or dice bound to that side (any side when `side` is null). */
export function diceAtHand(health: readonly DeviceHealth[], bindings: readonly Binding[], side: string | null): number {
  return health
    .filter((h) => h.kind === "die" && h.connected)
    .filter((h) => {
      const b = bindings.find((x) => x.die === h.id);
      return !b?.side || side === null || b.side === side;
    }).length;
}

/**
 * The draft with a die's reading added, or why it does not count (refused, no action waiting, or a die the plan
 * has no place for). `statusOf` tells where a draft would stand.
 */
export function takeDie(
  r: DieRolled,
  draft: Draft | null,
  binding: Binding | undefined,
  health: () => readonly DeviceHealth[],
  statusOf: (draft: Draft | null) => DraftStatus | null,
): { readonly draft: Draft } | { readonly ignored: string } {
  const refused = refuseDie(r, statusOf(draft), binding);
  if (refused || !draft) return { ignored: refused ?? "No action is waiting for dice." };
  const roll = dieRoll(r, binding, health().find((h) => h.id === r.dieId)?.color);
  const next = { ...draft, rolls: [...draft.rolls, roll] };
  if (statusOf(next)?.gathered?.unused.includes(roll))
    return { ignored: `Die ${r.dieId} (${r.face}): not needed for this roll — ignored.` };
  return { draft: next };
}
