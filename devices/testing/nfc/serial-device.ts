/**
 * One emulated serial device on a real pty pair: the emulator owns the device end (opened with the real
 * serialport adapter), a driver opens `hostPath`. `unplug()`/`plug()` are the disconnect/reconnect knobs:
 * they make the TTY vanish and come back under the same path, as a USB adapter does.
 */
import { SerialPortTransport } from "../../serial/serialport-transport.ts";
import type { SerialTransport } from "../../serial/transport.ts";
import { PtyPair } from "../pty/pty-pair.ts";
import type { SerialEmulator } from "../serial/memory-device.ts";

export type { SerialEmulator };

export class EmulatedSerialDevice<E extends SerialEmulator> {
  readonly emulator: E;
  readonly #pty: PtyPair;
  readonly #baudRate: number;
  #transport: SerialTransport | null = null;

  constructor(emulator: E, options: { name?: string; baudRate: number }) {
    this.emulator = emulator;
    this.#pty = new PtyPair(options.name);
    this.#baudRate = options.baudRate;
  }

  /** The TTY path a driver opens. */
  get hostPath(): string {
    return this.#pty.hostPath;
  }

  get plugged(): boolean {
    return this.#pty.running;
  }

  /** Creates the pty pair and powers the emulator up on its end. */
  async plug(): Promise<void> {
    if (this.#pty.running) return;
    await this.#pty.plug();
    const transport = new SerialPortTransport({ path: this.#pty.devicePath, baudRate: this.#baudRate });
    await transport.open();
    this.#transport = transport;
    this.emulator.attach(transport);
  }

  /** The device disappears: the emulator powers down and the TTY goes away. */
  async unplug(): Promise<void> {
    this.emulator.detach();
    await this.#transport?.close();
    this.#transport = null;
    await this.#pty.unplug();
  }

  async dispose(): Promise<void> {
    await this.unplug();
    await this.#pty.dispose();
  }
}
