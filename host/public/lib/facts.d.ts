/** Types of facts.js (for the report and the unit tests). */
import type { OutcomeFact } from "../../../src/game/outcome-facts.ts";
export function factValue(fact: OutcomeFact): string;
export function factLine(fact: OutcomeFact): string;
export function factsLine(facts: readonly OutcomeFact[] | undefined): string;
