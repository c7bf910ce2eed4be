/**
 * A ship's status as the rule set states it: words for the display and, for each word, how bad it is — so pages
 * colour and rank what they are told, never guess from the words.
 */

/** How bad a status word is, mildest first: `out` means the ship is out of the fight (sunk, struck, taken). */
export type Severity = "fine" | "worn" | "damaged" | "danger" | "out";

/** Every severity, mildest first. */
export const SEVERITIES: readonly Severity[] = ["fine", "worn", "damaged", "danger", "out"];

/** Collects status words with their severities, in the order they are said. */
export class StatusWords {
  readonly status: string[] = [];
  readonly severity: Severity[] = [];

  /** Adds `word` at `severity`; returns this, to chain. */
  say(word: string, severity: Severity): this {
    this.status.push(word);
    this.severity.push(severity);
    return this;
  }

  /** The words and their severities, as a ship view carries them. */
  view(): { status: string[]; severity: Severity[] } {
    return { status: this.status, severity: this.severity };
  }
}
