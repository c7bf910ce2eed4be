/**
 * One physical roll = one event. The gate sees every state report of one die (notification, resync reply after a
 * (re)connect, or advert) and decides whether it completes a new roll.
 *
 * Dice report on state or face CHANGE (Pixels: `roll_notifications.cpp`; adverts are rewritten on change), so:
 * - `rolled` after any other state, or `rolled` on another face, is a new roll; `rolled` repeating the last
 *   `rolled` on the same face is a duplicate (a resent notification, a repeated advert, a resync reply).
 * - `handling` / `onFace` (a pick-up or a slide) never make a roll; `crooked` asks for a re-roll.
 * - The very first report of a die seen through a resync or an advert is the state it was already in: a baseline,
 *   not a roll (else starting the host would "roll" every die on the table).
 * - A link lost while the die was `rolling`: if the first report after the reconnect is `rolled`, that roll is
 *   reported once; if it is anything else, the roll's result is lost and the gate says so.
 * Known limit: two rolls landing on the same face with every report in between missed look like one.
 */

export type DieState = "unknown" | "rolled" | "handling" | "rolling" | "crooked" | "onFace";

export interface DieObservation {
  readonly state: DieState;
  /** The face value (already converted from an index), or null when the report has none. */
  readonly face: number | null;
  /** `notify`: a change notification; `sync`: the reply to a resync request; `advert`: an advertisement. */
  readonly via: "notify" | "sync" | "advert";
}

export type GateDecision =
  | { readonly kind: "roll"; readonly face: number }
  | { readonly kind: "crooked" }
  | { readonly kind: "lost" }
  | { readonly kind: "none"; readonly why: "baseline" | "duplicate" | "not-a-roll" | "in-motion" };

export class RollGate {
  #last: { state: DieState; face: number | null } | null = null;
  #rollingWhenLost = false;

  /** The link dropped: remember whether a roll was under way. */
  linkLost(): void {
    this.#rollingWhenLost = this.#rollingWhenLost || this.#last?.state === "rolling";
  }

  /**
   * The link is back but the family has no resync (GoDice): a roll under way at the drop is lost. Returns
   * `lost` once in that case.
   */
  linkRestoredWithoutSync(): GateDecision {
    if (!this.#rollingWhenLost) return { kind: "none", why: "not-a-roll" };
    this.#rollingWhenLost = false;
    this.#last = { state: "unknown", face: null };
    return { kind: "lost" };
  }

  observe(o: DieObservation): GateDecision {
    const last = this.#last;
    this.#last = { state: o.state, face: o.face };
    // The first report after a drop mid-roll settles it, whether it is the resync reply or a notification.
    const interrupted = this.#rollingWhenLost;
    this.#rollingWhenLost = false;
    if (o.state === "rolled" && o.face !== null) {
      if (last === null) return o.via === "notify" ? { kind: "roll", face: o.face } : { kind: "none", why: "baseline" };
      if (last.state === "rolled" && last.face === o.face) return { kind: "none", why: "duplicate" };
      return { kind: "roll", face: o.face };
    }
    if (o.state === "rolling") return { kind: "none", why: "in-motion" };
    if (interrupted) return { kind: "lost" };
    if (o.state === "crooked")
      return last?.state === "crooked" && last.face === o.face ? { kind: "none", why: "duplicate" } : { kind: "crooked" };
    return { kind: "none", why: "not-a-roll" };
  }
}
