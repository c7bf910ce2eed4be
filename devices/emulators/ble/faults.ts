/**
 * Fault knobs of the BLE emulators: what the air does to a die's notifications and adverts. Rates are
 * probabilities (0–1) drawn from a seeded generator, so a failing test replays; the `…Next` counters hit the next
 * N messages for exact scenarios. Link faults (disconnect, reconnect) are methods of the emulated device.
 */

export interface FaultKnobs {
  /** Probability that a message is lost. */
  drop: number;
  /** Probability that a message arrives garbled (cut by one byte, or a single byte 00 → rejected by every decoder). */
  corrupt: number;
  /** Probability that a message arrives twice. */
  duplicate: number;
  /** Delay of every delivery, ms (order is kept). */
  delayMs: number;
  dropNext: number;
  corruptNext: number;
  duplicateNext: number;
}

export const NO_FAULTS: Readonly<FaultKnobs> = {
  drop: 0,
  corrupt: 0,
  duplicate: 0,
  delayMs: 0,
  dropNext: 0,
  corruptNext: 0,
  duplicateNext: 0,
};

/** mulberry32: small, seeded, good enough for fault injection. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The garbled form of a message. */
export function corrupt(bytes: Uint8Array): Uint8Array {
  return bytes.length > 1 ? bytes.slice(0, bytes.length - 1) : Uint8Array.of(0);
}

export class Faults {
  readonly knobs: FaultKnobs = { ...NO_FAULTS };
  /** Counts of what was done, for tests. */
  readonly applied = { dropped: 0, corrupted: 0, duplicated: 0 };

  constructor(private readonly random: () => number = seededRandom(1)) {}

  /** Sets knobs (partial). */
  set(knobs: Partial<FaultKnobs>): void {
    Object.assign(this.knobs, knobs);
  }

  #hit(rate: number, next: "dropNext" | "corruptNext" | "duplicateNext"): boolean {
    if (this.knobs[next] > 0) {
      this.knobs[next] -= 1;
      return true;
    }
    return rate > 0 && this.random() < rate;
  }

  /** The copies of `bytes` that reach the other side (0, 1 or 2), possibly garbled. */
  apply(bytes: Uint8Array): Uint8Array[] {
    if (this.#hit(this.knobs.drop, "dropNext")) {
      this.applied.dropped += 1;
      return [];
    }
    let out = bytes;
    if (this.#hit(this.knobs.corrupt, "corruptNext")) {
      this.applied.corrupted += 1;
      out = corrupt(bytes);
    }
    if (this.#hit(this.knobs.duplicate, "duplicateNext")) {
      this.applied.duplicated += 1;
      return [out, out];
    }
    return [out];
  }
}
