/**
 * One emulated serial device on the in-memory serial pair: the emulator sees its end as a `SerialTransport`, a
 * driver opens `hostPath` through {@link MemorySerialDevice.factory}. The same interface as the pty-backed
 * `EmulatedSerialDevice` (`../nfc/serial-device.ts`), without socat: the demo's readers use it.
 */
import { Listeners } from "../../common/listeners.ts";
import type { Unsubscribe } from "../../readings.ts";
import { serialTransportsOver } from "../../serial/serialport-transport.ts";
import type { SerialTransport, SerialTransportFactory, TransportClosed } from "../../serial/transport.ts";
import { MemorySerialPort } from "./memory-port.ts";

/** An emulator that can be powered up on a transport and powered down. */
export interface SerialEmulator {
  attach(transport: SerialTransport): void;
  detach(): void;
}

export class MemorySerialDevice<E extends SerialEmulator> {
  readonly emulator: E;
  readonly #port: MemorySerialPort;
  readonly #fromHost = new Listeners<Uint8Array>();
  readonly #lost = new Listeners<TransportClosed>();
  #attached = false;

  constructor(emulator: E, options: { name?: string }) {
    this.emulator = emulator;
    this.#port = new MemorySerialPort(`/emulated/${options.name ?? "dev"}`, {
      onHost: (bytes) => this.#fromHost.emit(new Uint8Array(bytes)),
    });
    this.#port.unplug();
    this.factory = serialTransportsOver(this.#port.binding);
  }

  /** The device's port, to put in a backend with others (`memorySerialBackend`). */
  get port(): MemorySerialPort {
    return this.#port;
  }

  /** The path a driver opens (with {@link factory}). */
  get hostPath(): string {
    return this.#port.path;
  }

  get plugged(): boolean {
    return this.#port.plugged;
  }

  /** The driver's transport factory: serialport's stream over this device's in-memory backend. */
  readonly factory: SerialTransportFactory;

  /** Powers the emulator up on its end and makes the path openable. */
  async plug(): Promise<void> {
    if (this.#attached) return;
    this.#port.plug();
    const port = this.#port;
    const end: SerialTransport = {
      path: `${port.path}-device`,
      isOpen: true,
      open: async () => {},
      close: async () => {},
      write: async (bytes) => port.toHost(Buffer.from(bytes)),
      onData: (l): Unsubscribe => this.#fromHost.add(l),
      onDisconnect: (l): Unsubscribe => this.#lost.add(l),
    };
    this.emulator.attach(end);
    this.#attached = true;
  }

  /** The device disappears: the emulator powers down and an open host port fails as on an unplug. */
  async unplug(): Promise<void> {
    if (this.#attached) this.emulator.detach();
    this.#attached = false;
    this.#port.unplug();
  }

  async dispose(): Promise<void> {
    await this.unplug();
  }
}
