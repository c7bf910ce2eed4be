/**
 * The serial seam: a byte pipe to one device. The real adapter wraps serialport v13
 * (`serialport-transport.ts`); the demo and tests open the same adapter over the in-memory serial pair (a
 * serialport `{list, open}` binding, `devices/testing/serial`), one integration suite on a real pty pair
 * (`devices/testing/pty`).
 */
import type { OpenOptions } from "@serialport/stream";
import type { Unsubscribe } from "../readings.ts";

/** Why a transport stopped: `disconnected` is true when the device went away (unplug, pty closed). */
export interface TransportClosed {
  readonly disconnected: boolean;
  readonly message: string;
}

/**
 * One open-able serial link.
 *
 * Contract:
 * - `open()` resolves once bytes can flow; it rejects (never throws synchronously) when the port is missing,
 *   locked by another process, or not permitted — the error message names the path.
 * - `write()` resolves when the bytes were handed to the OS; it rejects when the port is not open or the
 *   device disappeared during the write.
 * - `onData` listeners get every chunk in arrival order; chunk boundaries carry no meaning (frames may be
 *   split or merged), so a decoder must buffer.
 * - `onDisconnect` fires exactly once per open when the link ends without `close()` being called (unplug,
 *   read error). After it the transport is closed; call `open()` again to reconnect.
 * - `close()` is idempotent and never fires `onDisconnect`.
 */
export interface SerialTransport {
  readonly path: string;
  readonly isOpen: boolean;
  open(): Promise<void>;
  close(): Promise<void>;
  write(bytes: Uint8Array): Promise<void>;
  onData(listener: (chunk: Uint8Array) => void): Unsubscribe;
  onDisconnect(listener: (reason: TransportClosed) => void): Unsubscribe;
}

/** Options for a serial port; `baudRate` defaults per device (PN532 115200, MFRC522 sketches 9600). */
export interface SerialOptions {
  readonly path: string;
  readonly baudRate: number;
}

/** Makes a fresh transport for each (re)connect attempt. */
export type SerialTransportFactory = (options: SerialOptions) => SerialTransport;

/**
 * A serial backend: serialport's binding contract (`{list, open}`, `@serialport/bindings-interface`), what
 * serialport's own stream opens a port through. The hardware's is serialport's native binding (the default
 * everywhere); the demo and tests use the in-memory serial pair's (`devices/testing/serial/memory-port.ts`).
 */
export type SerialBackend = OpenOptions["binding"];
