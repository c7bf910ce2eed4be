/**
 * The one fault type of every emulator: what it does to the messages it sends when a test turns its knobs — drop
 * a message, garble it, send it twice (in that order, decided per message), and delay every delivery. Each fault
 * has a rate (a probability drawn from a seeded generator, so a failing run replays: the BLE air, the Firmata
 * cable, `--sim-faults`) and a `…Next` count (exactly the next N messages: deterministic scenarios). Only the
 * garbling differs by emulator, so each protocol is tested where it is weakest: a cut notification, a flipped
 * frame byte, a flipped bit.
 */

/** The message faults, in the order they act. */
export type MessageFault = "drop" | "corrupt" | "duplicate";

export interface FaultKnobs {
  /** Probability (0–1) that a message is lost. */
  drop: number;
  /** Probability (0–1) that a message arrives garbled. */
  corrupt: number;
  /** Probability (0–1) that a message arrives twice. */
  duplicate: number;
  /** The next N messages are lost. */
  dropNext: number;
  /** The next N (non-empty) messages arrive garbled. */
  corruptNext: number;
  /** The next N messages arrive twice. */
  duplicateNext: number;
  /** Delay of every delivery, ms (order is kept). */
  delayMs: number;
}

export const NO_FAULTS: Readonly<FaultKnobs> = {
  drop: 0,
  corrupt: 0,
  duplicate: 0,
  dropNext: 0,
  corruptNext: 0,
  duplicateNext: 0,
  delayMs: 0,
};

/** Makes the garbled form of a message; may draw from `random`. */
export type Garble = (message: Uint8Array, random: () => number) => Uint8Array;

const NEXT = { drop: "dropNext", corrupt: "corruptNext", duplicate: "duplicateNext" } as const;
const APPLIED = { drop: "dropped", corrupt: "corrupted", duplicate: "duplicated" } as const;

/** One emulator's fault knobs and what they did. */
export class Faults {
  readonly knobs: FaultKnobs = { ...NO_FAULTS };
  /** Counts of what was done, for tests. */
  readonly applied = { dropped: 0, corrupted: 0, duplicated: 0 };
  readonly #garble: Garble;
  readonly #random: () => number;

  constructor(options: { garble: Garble; random?: () => number }) {
    this.#garble = options.garble;
    this.#random = options.random ?? seededRandom(1);
  }

  /** Sets knobs (partial). */
  set(knobs: Partial<FaultKnobs>): void {
    Object.assign(this.knobs, knobs);
  }

  /** Every knob back to 0. */
  clear(): void {
    this.set(NO_FAULTS);
  }

  /** The copies of `message` that reach the other side (0, 1 or 2), possibly garbled. */
  apply(message: Uint8Array): Uint8Array[] {
    return throughFaults(
      message,
      (fault, m) => this.#strikes(fault, m),
      (m) => this.#garble(m, this.#random),
    );
  }

  /** Sends `message` through the knobs with `send`, after the delay (real time: the serial and HID emulators). */
  async send(message: Uint8Array, send: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    const copies = this.apply(message);
    if (this.knobs.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.knobs.delayMs));
    for (const c of copies) await send(c);
  }

  /** Whether `fault` hits this message: a `…Next` count is spent first, else the rate is drawn. */
  #strikes(fault: MessageFault, message: Uint8Array): boolean {
    if (fault === "corrupt" && message.length === 0) return false;
    const next = NEXT[fault];
    if (this.knobs[next] > 0) this.knobs[next] -= 1;
    else if (!strikesAtRate(this.knobs[fault], this.#random)) return false;
    this.applied[APPLIED[fault]] += 1;
    return true;
  }
}

/**
 * Passes one message through the faults. `strikes(fault, message)` says whether a fault hits this message (and
 * spends it, for counted knobs); `garble` makes the corrupted form. Returns the copies that reach the other side:
 * none (dropped), one, or two (duplicated), possibly garbled.
 */
export function throughFaults(
  message: Uint8Array,
  strikes: (fault: MessageFault, message: Uint8Array) => boolean,
  garble: (message: Uint8Array) => Uint8Array,
): Uint8Array[] {
  if (strikes("drop", message)) return [];
  const out = strikes("corrupt", message) ? garble(message) : message;
  return strikes("duplicate", message) ? [out, out] : [out];
}

/** A fault with probability `rate` (0–1): draws from `random` only when the rate is above 0. */
export function strikesAtRate(rate: number, random: () => number): boolean {
  return rate > 0 && random() < rate;
}

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

/** Cuts the last byte (a one-byte message becomes `00`): a notification every decoder rejects. */
export const cutLastByte: Garble = (m) => (m.length > 1 ? m.slice(0, m.length - 1) : Uint8Array.of(0));

/** Flips the middle byte: a frame with a broken checksum or a line with one wrong character. */
export const flipMiddleByte: Garble = (m) => {
  const out = m.slice();
  const i = Math.floor(out.length / 2);
  out[i] = (out[i] ?? 0) ^ 0xff;
  return out;
};

/** Flips one random bit: line noise on a cable. */
export const flipRandomBit: Garble = (m, random) => {
  if (m.length === 0) return m;
  const out = m.slice();
  const i = Math.floor(random() * out.length);
  out[i] = (out[i] ?? 0) ^ (1 << Math.floor(random() * 8));
  return out;
};
