/** Whether a die binding fits the table: the die is one of its dice and the side one of its players. */
import type { DeviceHealth } from "../../devices/readings.ts";
import { fail, type Result } from "../../src/result.ts";
import type { Binding } from "../config/schema.ts";

/** Why a binding does not fit the table (unknown die or side), or null when it does. */
export function bindingProblem(binding: Binding, health: readonly DeviceHealth[], sides: readonly string[]): Result<never> | null {
  const dice = health.filter((h) => h.kind === "die").map((h) => h.id);
  if (!dice.includes(binding.die)) {
    const known = dice.length > 0 ? ` (dice: ${dice.join(", ")})` : " (it has no electronic dice)";
    return fail("die.unknown", `This table has no die "${binding.die}"${known}.`, "die");
  }
  if (binding.side !== undefined && !sides.includes(binding.side)) {
    return fail("side.unknown", `There is no side "${binding.side}" (sides: ${sides.join(", ")}).`, "side");
  }
  return null;
}
