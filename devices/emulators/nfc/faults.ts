/**
 * Fault knobs shared by the emulators: each outgoing message (a PN532 response, a sketch line, a HID report)
 * passes through `FaultKnobs.apply`, which may drop it, corrupt it, delay it, or send it twice.
 * Counts are "the next N messages", so tests are deterministic.
 */

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
    if (this.drop > 0) {
      this.drop--;
      return [];
    }
    let out = message;
    if (this.corrupt > 0 && message.length > 0) {
      this.corrupt--;
      out = message.slice();
      const i = Math.floor(out.length / 2);
      out[i] = (out[i] ?? 0) ^ 0xff;
    }
    if (this.duplicate > 0) {
      this.duplicate--;
      return [out, out];
    }
    return [out];
  }

  /** Sends a message through the knobs with `send`, honouring the delay. */
  async send(message: Uint8Array, send: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    const copies = this.apply(message);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    for (const c of copies) await send(c);
  }
}
