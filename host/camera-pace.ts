/**
 * The camera's sightings paced before they reach the table (issue 39 item 4): each ship's latest sighting is kept,
 * and the ships waiting go to the positions feed together at most once every {@link CAMERA_REPORT_MS}. Every sighting
 * that moves a ship makes the host push the whole table state to every display (tens of KB each) and save it; a
 * sender pacing reports as fast as the socket takes them made each of 5 displays receive 183 MB in 30 s. The first
 * report after a quiet spell goes at once, so a ship put down is shown without delay; a ship seen again and again
 * within the interval is shown once, at her latest.
 */
import { type Clock, systemClock, type TimerHandle } from "../devices/common/clock.ts";
import type { SeenShip } from "../devices/positions/feed.ts";

/** The shortest time (ms) between two reports to the table: five a second, more than a camera's settled ships need. */
export const CAMERA_REPORT_MS = 200;

/** Keeps each ship's latest sighting and hands them on at a fixed rate. */
export class SightingPacer {
  readonly #send: (seen: readonly SeenShip[]) => void;
  readonly #clock: Clock;
  readonly #everyMs: number;
  readonly #waiting = new Map<string, SeenShip>();
  #lastSent = Number.NEGATIVE_INFINITY;
  #timer: TimerHandle | null = null;

  /** `send` gets each batch (one sighting per ship); it should not throw (an error is dropped with the batch). */
  constructor(send: (seen: readonly SeenShip[]) => void, clock: Clock = systemClock, everyMs = CAMERA_REPORT_MS) {
    this.#send = send;
    this.#clock = clock;
    this.#everyMs = everyMs;
  }

  /** Takes ships seen: sent now when the last batch went an interval ago or more, else with the next batch. */
  offer(seen: readonly SeenShip[]): void {
    for (const s of seen) {
      this.#waiting.delete(s.ship); // a ship seen again goes in the order of her latest sighting
      this.#waiting.set(s.ship, s);
    }
    if (this.#timer !== null || this.#waiting.size === 0) return;
    const wait = this.#lastSent + this.#everyMs - this.#clock.now();
    if (wait <= 0) this.#flush();
    else this.#timer = this.#clock.after(wait, () => this.#flush());
  }

  /** Ships waiting to be sent. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Drops what waits and the timer (the table closes). */
  close(): void {
    this.#timer?.cancel();
    this.#timer = null;
    this.#waiting.clear();
  }

  #flush(): void {
    this.#timer = null;
    if (this.#waiting.size === 0) return;
    this.#lastSent = this.#clock.now();
    const batch = [...this.#waiting.values()];
    this.#waiting.clear();
    try {
      this.#send(batch);
    } catch {
      // the sightings were checked when offered; a feed stopped meanwhile takes nothing, and the next look sends again
    }
  }
}
