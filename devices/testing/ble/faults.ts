/**
 * Fault knobs of the BLE emulators: what the air does to a die's notifications and adverts. Rates are
 * probabilities (0–1) drawn from a seeded generator, so a failing test replays; the `…Next` counters hit the next
 * N messages for exact scenarios. Link faults (disconnect, reconnect) are methods of the emulated device. The
 * drop → corrupt → duplicate pass and the generator are the emulators' shared `../faults.ts`.
 */
import { type MessageFault, seededRandom, strikesAtRate, throughFaults } from "../faults.ts";

export { seededRandom };

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

  #strikes(fault: MessageFault): boolean {
    const next = NEXT[fault];
    if (this.knobs[next] > 0) {
      this.knobs[next] -= 1;
    } else if (!strikesAtRate(this.knobs[fault], this.random)) return false;
    this.applied[APPLIED[fault]] += 1;
    return true;
  }

  /** The copies of `bytes` that reach the other side (0, 1 or 2), possibly garbled. */
  apply(bytes: Uint8Array): Uint8Array[] {
    return throughFaults(bytes, (fault) => this.#strikes(fault), corrupt);
  }
}

const NEXT = { drop: "dropNext", corrupt: "corruptNext", duplicate: "duplicateNext" } as const;
const APPLIED = { drop: "dropped", corrupt: "corrupted", duplicate: "duplicated" } as const;
