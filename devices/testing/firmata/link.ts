/**
 * The "USB cable" between the host and an emulated Firmata board: an in-memory serial port
 * (`../serial/memory-port.ts`), so the host opens it with the same `SerialPortStream` class it uses for a real
 * board. Opening it resets the board (the Uno's DTR reset).
 *
 * Fault knobs act on the board → host direction: drop / corrupt / duplicate (probabilities per chunk) and a
 * delay (both directions); `disconnect()` pulls the cable (the open port closes with a disconnect error and
 * re-opening fails with ENOENT) and `reconnect()` plugs it back.
 */
import { Faults, flipRandomBit, seededRandom } from "../faults.ts";
import { MemorySerialPort } from "../serial/memory-port.ts";
import type { FirmataBoardEmulator } from "./board.ts";

/** The cable plus the binding the host's SerialPortStream uses. */
export class EmulatedFirmataLink {
  /** Faults of the board → host direction (rates per chunk, or the next N chunks) and the delay (both ways). */
  readonly faults: Faults;
  readonly #port: MemorySerialPort;

  constructor(
    readonly board: FirmataBoardEmulator,
    readonly path = "/emulated/firmata0",
    seed = 1,
  ) {
    this.faults = new Faults({ garble: flipRandomBit, random: seededRandom(seed) });
    const port: MemorySerialPort = new MemorySerialPort(path, {
      onHost: (bytes) => this.later(() => board.receive(bytes)),
      // DTR reset on open
      onOpen: () => setTimeout(() => port.inUse && board.reset(), 5),
    });
    this.#port = port;
    board.onSend((bytes) => {
      for (const out of this.faults.apply(bytes)) this.later(() => port.toHost(Buffer.from(out)));
    });
  }

  /** The cable's port, to put in a backend with others (`memorySerialBackend`). */
  get port(): MemorySerialPort {
    return this.#port;
  }

  /** The serialport binding object (`binding` option of `SerialPortStream`). */
  get binding(): MemorySerialPort["binding"] {
    return this.#port.binding;
  }

  get plugged(): boolean {
    return this.#port.plugged;
  }

  /** Pulls the cable. */
  disconnect(): void {
    this.#port.unplug();
  }

  /** Plugs the cable back in; the host must re-open the port. */
  reconnect(): void {
    this.#port.plug();
  }

  /** True while a host has the port open. */
  get inUse(): boolean {
    return this.#port.inUse;
  }

  private later(fn: () => void): void {
    if (this.faults.knobs.delayMs > 0) setTimeout(fn, this.faults.knobs.delayMs);
    else queueMicrotask(fn);
  }
}
