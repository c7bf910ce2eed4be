/**
 * Exponential reconnect backoff, shared by every link that retries a device (BLE dice, serial and HID readers,
 * the wind dial): the first delay as configured, then doubling up to a cap; a link that came up and was lost
 * starts again from the first delay.
 */

/** The delay before retry `attempt` (0 = the first retry): `firstMs`, then `firstMs · 2^attempt` capped at `maxMs`. */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  if (attempt <= 0) return firstMs;
  return Math.min(firstMs * 2 ** Math.min(attempt, 30), maxMs);
}

/** Backoff state of one link. */
export class Backoff {
  #attempt = 0;

  constructor(
    readonly firstMs: number,
    readonly maxMs: number,
  ) {}

  /** Retries taken since the last {@link reset}. */
  get attempt(): number {
    return this.#attempt;
  }

  /** The delay to wait now; the one after it doubles (up to the cap). */
  next(): number {
    const delay = backoffDelay(this.#attempt, this.firstMs, this.maxMs);
    this.#attempt += 1;
    return delay;
  }

  /** After a successful connection: the next failure waits the first delay again. */
  reset(): void {
    this.#attempt = 0;
  }
}
