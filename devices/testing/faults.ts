/**
 * What every emulator does to the messages it sends when a test turns its fault knobs: drop a message, garble it,
 * send it twice — in that order, each decided per message. The emulators keep their own knobs because their
 * meanings differ on purpose: the BLE air and the Firmata cable take probabilities (seeded, so a failing run
 * replays), the serial and HID emulators take exact "next N messages" counts, and each garbles the way its
 * protocol is best tested (a cut notification, a flipped frame byte, a flipped bit).
 */

/** The message faults, in the order they act. */
export type MessageFault = "drop" | "corrupt" | "duplicate";

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
