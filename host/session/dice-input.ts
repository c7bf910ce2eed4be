/**
 * The three ways dice come in, each turned into {@link Roll}s with their provenance: an electronic die's
 * reading, values typed by a person, and dice rolled by the host for a player without electronic dice.
 */

import type { DieRolled } from "../../devices/readings.ts";
import { DIE_FACES } from "../../src/dice/kinds.ts";
import type { DicePlanEntry } from "../../src/dice/plan.ts";
import { fail, ok, type Result } from "../../src/game/result.ts";
import type { Binding } from "../config/schema.ts";
import type { Roll } from "./dice-gather.ts";
import type { DraftStatus } from "./draft-status.ts";

/** The dice still missing, one plan entry per die, in plan order. */
export function missingSlots(st: DraftStatus): DicePlanEntry[] {
  if (!st.plan || !st.gathered) return [];
  const missing = st.gathered.missing;
  return st.plan.flatMap((e, i) => Array.from({ length: missing[i] ?? 0 }, () => e));
}

/** Typed values for the missing dice, in plan order; errors name `values[i]`. */
export function manualRolls(st: DraftStatus, values: readonly unknown[], at: number): Result<Roll[]> {
  const slots = missingSlots(st);
  if (values.length > slots.length) return fail("dice.count", `Only ${slots.length} more dice are needed; got ${values.length}.`, "values");
  const rolls: Roll[] = [];
  for (const [i, v] of values.entries()) {
    const e = slots[i] as DicePlanEntry;
    if (typeof v !== "number" || !DIE_FACES[e.die].includes(v)) {
      const faces = [...new Set(DIE_FACES[e.die])].join(", ");
      return fail("dice.value", `Die ${i + 1} (${e.role}, ${e.die}) must be one of ${faces}; got ${JSON.stringify(v)}.`, `values[${i}]`);
    }
    rolls.push({ from: { source: "manual", value: v, at }, colors: e.color ? [e.color] : [], roles: [e.role] });
  }
  return ok(rolls);
}

/** Rolls every missing die in software: a uniformly random face of the physical die read as the plan's kind. */
export function softwareRolls(st: DraftStatus, randomFace: (sides: number) => number, at: number): Roll[] {
  return missingSlots(st).map((e) => {
    const faces = DIE_FACES[e.die];
    const value = faces[randomFace(faces.length) - 1] ?? faces[0] ?? 1;
    return { from: { source: "software", value, at }, colors: e.color ? [e.color] : [], roles: [e.role] };
  });
}

/** An electronic die's reading as a roll: its bound colours (or its own colour) and roles. */
export function dieRoll(r: DieRolled, binding: Binding | undefined, color: string | undefined): Roll {
  return {
    from: { source: "die", dieId: r.dieId, family: r.family, dieKind: r.dieKind, face: r.face, ...(color ? { color } : {}), at: r.at },
    colors: binding?.colors ?? (color ? [color] : []),
    roles: binding?.roles ?? [],
  };
}

/** Why an electronic die's reading cannot count now, or null when it can. */
export function refuseDie(r: DieRolled, st: DraftStatus | null, binding: Binding | undefined): string | null {
  const label = `Die ${r.dieId} (${r.face})`;
  if (!st) return `${label}: no action is waiting for dice.`;
  if (!st.plan) return `${label}: not counted — first ${st.instruction}.`;
  if (st.mode !== "electronic") return `${label}: ${st.roller} rolls ${st.mode} dice — ignored.`;
  if (binding?.side && st.roller && binding.side !== st.roller) return `${label} belongs to ${binding.side} — ignored.`;
  return null;
}
