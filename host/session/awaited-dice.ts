/**
 * The dice the table is waiting for, by name: the connected electronic dice that would fill an open slot of the
 * action's dice (their side, colour and role fit, as `gather` places them), when they are no more than the dice
 * still needed — then the table needs exactly those dice, and they glow ("roll the glowing die"). With more dice at
 * hand than needed (any two of six unbound dice) no die is singled out and none glows.
 */
import type { DeviceHealth } from "../../devices/readings.ts";
import type { Binding } from "../config/schema.ts";
import type { DiceMode } from "../store/records.ts";
import { dieRoll, refuseDie, valueFor } from "./dice-gather.ts";
import type { DraftStatus } from "./draft.ts";

/** Ids of the dice the table waits for, in the order of the devices' health; empty when no die is singled out. */
export function awaitedDice(
  status: DraftStatus | null,
  health: readonly DeviceHealth[],
  bindings: readonly Binding[],
  players: Readonly<Record<string, DiceMode>> = {},
): string[] {
  const plan = status?.plan;
  const g = status?.gathered;
  if (!status || !plan || !g || g.complete) return [];
  const needed = g.missing.reduce((a, b) => a + b, 0);
  const placed = new Set(g.placed.flatMap((p) => (p.from.source === "die" ? [p.from.dieId] : [])));
  const fits = health.filter((h) => {
    if (h.kind !== "die" || !h.connected || placed.has(h.id)) return false;
    if (h.family !== "pixels" && h.family !== "godice") return false;
    const binding = bindings.find((b) => b.die === h.id);
    // the die as if it landed on 1 (every die has a 1): where could it go?
    const reading = {
      type: "die.rolled",
      dieId: h.id,
      family: h.family,
      dieKind: h.dieKind ?? "d6",
      face: 1,
      ...(h.color ? { color: h.color } : {}),
      at: 0,
    } as const;
    if (refuseDie(reading, status, binding, players) !== null) return false;
    const roll = dieRoll(reading, binding);
    return plan.some((e, i) => (g.missing[i] ?? 0) > 0 && valueFor(roll, e, plan) !== null);
  });
  return fits.length > 0 && fits.length <= needed ? fits.map((h) => h.id) : [];
}
