/**
 * Fault knobs of the serial and HID emulators: each outgoing message (a PN532 response, a sketch line, a HID
 * report) passes through `FaultKnobs.apply`, which may drop it, corrupt it, delay it, or send it twice (the
 * emulators' shared drop → corrupt → duplicate pass, `../faults.ts`). Counts are "the next N messages", so tests
 * are deterministic.
 */
import { type MessageFault, throughFaults } from "../faults.ts";

export interface FaultSettings {
  /** Drop the next N messages. */
  drop?: number;
  /** Flip one byte (the middle one) of the next N messages. */
  corrupt?: number;
  /** Send the next N messages twice. */
  duplicate?: number;
  /** Delay every message by this many milliseconds (0 = none). */
  delayMs?: number;
}

export class FaultKnobs {
  drop = 0;
  corrupt = 0;
  duplicate = 0;
  delayMs = 0;

  set(settings: FaultSettings): void {
    if (settings.drop !== undefined) this.drop = settings.drop;
    if (settings.corrupt !== undefined) this.corrupt = settings.corrupt;
    if (settings.duplicate !== undefined) this.duplicate = settings.duplicate;
    if (settings.delayMs !== undefined) this.delayMs = settings.delayMs;
  }

  clear(): void {
    this.set({ drop: 0, corrupt: 0, duplicate: 0, delayMs: 0 });
  }

  /** What to actually send for one message: zero, one or two copies, possibly corrupted. */
  apply(message: Uint8Array): Uint8Array[] {
    return throughFaults(message, (fault, m) => this.#take(fault, m), flipMiddleByte);
  }

  /** Spends one count of `fault`, if any is left (an empty message cannot be corrupted). */
  #take(fault: MessageFault, message: Uint8Array): boolean {
    if (this[fault] <= 0 || (fault === "corrupt" && message.length === 0)) return false;
    this[fault]--;
    return true;
  }

  /** Sends a message through the knobs with `send`, honouring the delay. */
  async send(message: Uint8Array, send: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    const copies = this.apply(message);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    for (const c of copies) await send(c);
  }
}

/** Flips the middle byte: a frame with a broken checksum or a line with one wrong character. */
function flipMiddleByte(message: Uint8Array): Uint8Array {
  const out = message.slice();
  const i = Math.floor(out.length / 2);
  out[i] = (out[i] ?? 0) ^ 0xff;
  return out;
}
