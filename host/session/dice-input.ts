/**
 * Dice that do not come from an electronic die, turned into {@link Roll}s with their provenance: values typed by
 * a person, and dice rolled by the host for a player without electronic dice (a die's reading: `dieRoll`).
 */
import { DIE_FACES } from "../../src/dice/kinds.ts";
import type { DicePlanEntry } from "../../src/dice/plan.ts";
import { fail, ok, type Result } from "../../src/result.ts";
import type { Roll } from "../store/records.ts";
import type { DraftStatus } from "./draft.ts";

/** What a typed or host-rolled value stands for: exactly the slot it was given for (colour, role, side). */
const slotOf = (e: DicePlanEntry): Omit<Roll, "from"> => ({
  colors: e.color ? [e.color] : [],
  roles: [e.role],
  ...(e.side ? { side: e.side } : {}),
});

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
    rolls.push({ from: { source: "manual", value: v, at }, ...slotOf(e) });
  }
  return ok(rolls);
}

/** Rolls every missing die in software: a uniformly random face of the physical die read as the plan's kind. */
export function softwareRolls(st: DraftStatus, randomFace: (sides: number) => number, at: number): Roll[] {
  return missingSlots(st).map((e) => {
    const faces = DIE_FACES[e.die];
    const value = faces[randomFace(faces.length) - 1] ?? faces[0] ?? 1;
    return { from: { source: "software", value, at }, ...slotOf(e) };
  });
}
