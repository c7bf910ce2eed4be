/**
 * One question on an open serial line: send bytes, collect what comes back until `answer` finds what it wants in
 * it, or `ms` pass. The device probes of discovery (a PN532's firmware version, a Firmata board's name) ask
 * through it. Never rejects: a silent or broken line is `null`.
 */
import type { Clock } from "../common/clock.ts";
import type { SerialTransport } from "./transport.ts";

/** Bytes kept while looking for an answer; a line that floods more is not a quiet device. */
const MAX_BUFFER = 2048;

/** Sends `packet` (nothing when empty) and waits up to `ms` for `answer(bytes so far)` to be non-null. */
export function askSerial<T>(
  port: SerialTransport,
  clock: Clock,
  packet: Uint8Array,
  answer: (bytes: Uint8Array) => T | null,
  ms: number,
): Promise<T | null> {
  return new Promise<T | null>((resolve) => {
    let buffer = new Uint8Array(0);
    let settled = false;
    const done = (v: T | null) => {
      if (settled) return;
      settled = true;
      off();
      timer.cancel();
      resolve(v);
    };
    const off = port.onData((chunk) => {
      const joined = new Uint8Array(buffer.length + chunk.length);
      joined.set(buffer);
      joined.set(chunk, buffer.length);
      buffer = joined.length > MAX_BUFFER ? joined.slice(joined.length - MAX_BUFFER) : joined;
      const found = answer(buffer);
      if (found !== null) done(found);
    });
    const timer = clock.after(ms, () => done(null));
    if (packet.length > 0) port.write(packet).catch(() => done(null));
  });
}
