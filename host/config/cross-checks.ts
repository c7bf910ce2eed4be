/**
 * Checks of a table file that span its sections: bindings name dice of `devices.dice` and sides of the fleets,
 * players name sides of the fleets, and `ruleset` agrees with the `scenario` it starts from. Each problem names
 * the key (`bindings[1].die`) for the caller to turn into file:line.
 */
import type { TableConfig } from "./schema.ts";

export interface ConfigProblem {
  readonly path: string;
  readonly message: string;
}

const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(", ") : "none");

/** The first binding or player that names a die or side this table does not have. */
export function bindingAndPlayerProblem(c: TableConfig, sides: readonly string[]): ConfigProblem | null {
  const dice = (c.devices?.dice ?? []).map((d) => d.id);
  for (const [i, b] of c.bindings.entries()) {
    if (!dice.includes(b.die)) {
      return { path: `bindings[${i}].die`, message: `there is no die "${b.die}" under devices.dice (dice: ${list(dice)}).` };
    }
    if (b.side !== undefined && !sides.includes(b.side)) {
      return { path: `bindings[${i}].side`, message: `there is no side "${b.side}" in the fleets (sides: ${list(sides)}).` };
    }
  }
  for (const [i, p] of c.players.entries()) {
    if (!sides.includes(p.side)) {
      return { path: `players[${i}].side`, message: `there is no side "${p.side}" in the fleets (sides: ${list(sides)}).` };
    }
  }
  return null;
}

/** `ruleset` and `scenario` together must name the same rule set (the scenario's positions are written for it). */
export function rulesetScenarioProblem(
  ruleset: string | undefined,
  scenario: string | undefined,
  scenarioRuleset: string | undefined,
): ConfigProblem | null {
  if (ruleset === undefined || scenario === undefined || scenarioRuleset === undefined || ruleset === scenarioRuleset) return null;
  return {
    path: "ruleset",
    message: `the scenario "${scenario}" is a ${scenarioRuleset} game, not ${ruleset}; leave out ruleset or the scenario.`,
  };
}
