/**
 * A placeholder for a rule set whose rules have not landed: it lists itself and refuses every action with
 * `rules.illegal`, so the CLI and host keep working while the rule set is built.
 */

import type { RuleSet } from "../game/types.ts";
import { fail, ok } from "../result.ts";

export function notYetImplemented(id: string, title: string, description: string): RuleSet {
  const refuse = () => fail("rules.illegal", `The ${id} rules are not implemented yet.`, "action.type");
  return {
    id,
    title,
    description: `${description} (not yet implemented)`,
    settings: [],
    actions: [],
    parseState: () => ok({ ships: [], wind: null, game: {}, settings: {}, data: null }),
    parseAction: refuse,
    plan: refuse,
    odds: refuse,
    resolve: refuse,
    phases: [],
    turn: { phases: [] },
    applyEvent: (s) => s,
    windView: () => null,
    shipViews: () => [],
    describe: () => "",
    facts: () => [],
  };
}
