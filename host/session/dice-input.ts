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

/** A die's faces in words: "1 to 6" when they run without a gap, else listed ("0, 10, 20 … 90"). */
function facesWords(faces: readonly number[]): string {
  const f = [...new Set(faces)].sort((a, b) => a - b);
  const run = f.every((v, i) => i === 0 || v === (f[i - 1] as number) + 1);
  return run && f.length > 2 ? `${f[0]} to ${f[f.length - 1]}` : f.join(", ");
}

/** The dice still missing, one plan entry per die, in plan order. */
export function missingSlots(st: DraftStatus): DicePlanEntry[] {
  if (!st.plan || !st.gathered) return [];
  const missing = st.gathered.missing;
  return st.plan.flatMap((e, i) => Array.from({ length: missing[i] ?? 0 }, () => e));
}

/** Typed values for the missing dice, in plan order; errors name `values[i]`. */
export function manualRolls(st: DraftStatus, values: readonly unknown[], at: number): Result<Roll[]> {
  const slots = missingSlots(st);
  if (values.length > slots.length) {
    const needed = slots.length === 1 ? "Only 1 more die is needed" : `Only ${slots.length} more dice are needed`;
    return fail("dice.count", `${needed}, and ${values.length} were given.`, "values");
  }
  const rolls: Roll[] = [];
  for (const [i, v] of values.entries()) {
    const e = slots[i] as DicePlanEntry;
    if (typeof v !== "number" || !DIE_FACES[e.die].includes(v)) {
      const faces = facesWords(DIE_FACES[e.die]);
      return fail("dice.value", `Die ${i + 1} is a ${e.die}: it shows ${faces}, not ${JSON.stringify(v)}.`, `values[${i}]`);
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
