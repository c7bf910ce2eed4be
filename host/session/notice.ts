/**
 * The session's notice, a file of its own so that what makes notices (refused-dice.ts) needs nothing else of the
 * session's types (session-types.ts re-exports it).
 */

/** A short message for the display and /control ("die pixel-3 is not needed for this roll"). */
export interface Notice {
  readonly at: number;
  readonly level: "info" | "warn";
  readonly text: string;
  /** The device it concerns: the display keeps a device's trouble on its line until the device is back. */
  readonly device?: string;
  /** Dice not counted for one reason (refused-dice.ts): later ones for the same reason join this notice. */
  readonly refused?: { readonly dice: readonly string[]; readonly why: string };
}
