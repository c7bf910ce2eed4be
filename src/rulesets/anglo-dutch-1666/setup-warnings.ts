/**
 * What a 1666 set-up costs that the players may not expect: a squadron with no flagship marked. The rules give every
 * squadron one ("Ships are divided into “squadrons” … each with a flagship") and take −1 from its initiative "if
 * the flagship cannot be seen"; a roster that marks none would lose that point every move without a word.
 */
import type { SetupWarning } from "../../game/types.ts";
import type { AdState } from "./schema.ts";

/** One warning per squadron (fire ships aside) whose ships carry no `flagship` mark. */
export function setupWarnings(state: AdState): SetupWarning[] {
  const squadrons = [...new Set(state.ships.filter((s) => !s.fireship).map((s) => s.squadron))];
  return squadrons.flatMap((name) => {
    const ships = state.ships.filter((s) => s.squadron === name && !s.fireship);
    if (ships.some((s) => s.flagship)) return [];
    const side = ships[0]?.side ?? "";
    const label = name === side ? `The ${side} squadron` : `The ${side} squadron "${name}"`;
    return [
      {
        code: "setup.no-flagship",
        message:
          `${label} has no flagship marked, so it rolls initiative at −1 every move ("Initiative is reduced by -1 … if the ` +
          `flagship cannot be seen"). Mark one of its ships as the flagship (${ships.map((s) => s.name).join(", ")}).`,
        ships: ships.map((s) => s.id),
      },
    ];
  });
}
