/**
 * One question on an open serial line: send bytes, collect what comes back until `answer` finds what it wants in
 * it, or `ms` pass; and a port opened for such questions, closed whatever happens (`withOpenPort`). The device probes
 * of discovery (a PN532's firmware version, a Firmata board's name, an HCI controller's Reset) ask through them.
 * Never rejects: a silent or broken line is `null`, a port that will not open is the refusal's sentence.
 */
import type { Clock } from "../common/clock.ts";
import type { SerialTransport, SerialTransportFactory } from "./transport.ts";

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

/** Why a port could not be opened, in words (permission, in use, missing). */
export function openProblem(port: string, e: unknown): string {
  const m = (e as Error).message;
  if (/EACCES|permission denied/i.test(m)) return `no permission to open ${port} (add the user to the dialout group)`;
  if (/EBUSY|resource busy|lock/i.test(m)) return `${port} is in use by another program`;
  return `cannot open ${port}: ${m.replace(/^Cannot open serial port \S+: /, "")}`;
}

/**
 * Opens `port` at `baudRate`, asks what `ask` asks and closes the port whatever happens: `ask`'s answer, or
 * `refused(why)` when the port would not open ({@link openProblem}).
 */
export async function withOpenPort<T>(
  open: SerialTransportFactory,
  port: string,
  baudRate: number,
  ask: (transport: SerialTransport) => Promise<T>,
  refused: (why: string) => T,
): Promise<T> {
  const transport = open({ path: port, baudRate });
  try {
    await transport.open();
  } catch (e) {
    return refused(openProblem(port, e));
  }
  try {
    return await ask(transport);
  } finally {
    await transport.close().catch(() => undefined);
  }
}

/** What a device probe of discovery is given: how to open a port, and optionally its clock, wait and speed. */
export interface SerialProbeOptions {
  readonly open: SerialTransportFactory;
  readonly timeoutMs?: number;
  readonly clock?: Clock;
  readonly baudRate?: number;
}

/** What a probe found on a port: the device's own answer, or why there was none. */
export type ProbeResult<T extends object> =
  | ({ readonly answered: true; readonly port: string } & Readonly<T>)
  | { readonly answered: false; readonly port: string; readonly reason: string };

/**
 * Opens `port` at `baudRate`, asks what `ask` asks and closes it ({@link withOpenPort}): the device's answer, else
 * `silence` when nothing answered, or why the port would not open. Never rejects.
 */
export function probePort<T extends object>(
  open: SerialTransportFactory,
  port: string,
  baudRate: number,
  silence: string,
  ask: (transport: SerialTransport) => Promise<T | null>,
): Promise<ProbeResult<T>> {
  const refused = (reason: string): ProbeResult<T> => ({ answered: false, port, reason });
  return withOpenPort(
    open,
    port,
    baudRate,
    async (transport): Promise<ProbeResult<T>> => {
      const found = await ask(transport);
      return found ? { answered: true, port, ...found } : refused(silence);
    },
    refused,
  );
}
