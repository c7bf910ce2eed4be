/**
 * The outcome fields the quickfire actions share, each with how it reads (src/game/outcome.ts): a damage code with
 * its meaning from the text's Damage Code Glossary (4.1), the chart a result was read on, the phases' names.
 */
import { fact } from "../../game/outcome.ts";

/** 4.1 Damage Code Glossary, in the text's words. */
export const CODE_MEANINGS: Readonly<Record<string, string>> = {
  B: "blast: roll on the Blast line of the Damage table",
  D: "direction hit: roll 1D6 for the uncontrolled turn",
  E: "explosion: roll on the Explosion line of the Damage table",
  F: "fire: mark an F in the Blast Hits box",
  G: "gun hit: one ROF point lost",
  R: "repair hit: one repair point lost",
  S: "speed hit: one speed box crossed out",
  T: "torpedo hit: one torpedo rating point lost",
  out: "the fire burns out",
};

/** A damage code's meaning (4.1). */
export const codeMeaning = (code: string): string => CODE_MEANINGS[code] ?? "no effect";

/** The chart the result was read on (the house default says it is not the official chart). */
export const chartField = fact.text("Chart");

/** The phases of the turn (1.4) in words. */
export const PHASE_WORDS: Readonly<Record<string, string>> = {
  movement: "Movement",
  "first-gunnery": "First gunnery",
  "second-gunnery": "Second gunnery",
  repair: "Repair",
};
