/**
 * The real serial adapter: serialport v13, loaded lazily so a host without the native binding still starts.
 */
import type { SerialPortStream } from "@serialport/stream";
import { Listeners } from "../common/listeners.ts";
import type { Unsubscribe } from "../readings.ts";
import type { SerialBackend, SerialOptions, SerialTransport, SerialTransportFactory, TransportClosed } from "./transport.ts";

/** How often an open port checks that its device node still exists (see `#watch`). */
const NODE_CHECK_MS = 500;

/** A `SerialTransport` over serialport v13 (`new SerialPort({ path, baudRate, autoOpen: false })`). */
export class SerialPortTransport implements SerialTransport {
  readonly path: string;
  readonly #baudRate: number;
  readonly #backend: SerialBackend | undefined;
  readonly #data = new Listeners<Uint8Array>();
  readonly #disconnect = new Listeners<TransportClosed>();
  #port: SerialPortStream | null = null;
  /** Per open: set once the port is closed on purpose or its loss was reported, so `onDisconnect` fires at most once. */
  #ended = true;
  #watch: ReturnType<typeof setInterval> | null = null;

  /**
   * `backend`: the `{list, open}` backend to open the port through (default: serialport's native binding); with
   * one, the device node is not watched (an in-memory port has none).
   */
  constructor(options: SerialOptions & { readonly backend?: SerialBackend }) {
    this.path = options.path;
    this.#baudRate = options.baudRate;
    this.#backend = options.backend;
  }

  get isOpen(): boolean {
    return this.#port?.isOpen === true;
  }

  async open(): Promise<void> {
    if (this.isOpen) return;
    const port = await this.#make();
    await new Promise<void>((resolve, reject) => {
      port.open((err) => (err ? reject(new Error(`Cannot open serial port ${this.path}: ${err.message}`)) : resolve()));
    });
    this.#ended = false;
    this.#port = port;
    port.on("data", (chunk: Buffer) => this.#data.emit(new Uint8Array(chunk)));
    // serialport emits 'error' for write failures after open; the disconnect path below reports the loss.
    port.on("error", () => undefined);
    port.on("close", (err: (Error & { disconnected?: boolean }) | null) => {
      this.#lost(port, err?.message ?? `serial port ${this.path} closed`);
    });
    if (this.#backend === undefined) this.#watchNode(port);
  }

  async #make(): Promise<SerialPortStream> {
    const options = { path: this.path, baudRate: this.#baudRate, autoOpen: false };
    if (this.#backend === undefined) return new (await import("serialport")).SerialPort(options);
    const { SerialPortStream } = await import("@serialport/stream");
    return new SerialPortStream({ ...options, binding: this.#backend });
  }

  /**
   * A hung-up tty may answer reads with EOF (0 bytes) instead of an error, and serialport then retries the read
   * forever without ever emitting `close` (older serialport versions had the same gap on USB unplug, #2043).
   * So while open we also check that the device node (or its by-id symlink) still exists.
   */
  #watchNode(port: SerialPortStream): void {
    const check = async () => {
      const { stat } = await import("node:fs/promises");
      await stat(this.path).catch(() => this.#lost(port, `${this.path} disappeared`));
    };
    this.#watch = setInterval(() => void check(), NODE_CHECK_MS);
    this.#watch.unref();
  }

  #lost(port: SerialPortStream, message: string): void {
    if (this.#port === port) this.#port = null;
    if (this.#watch) clearInterval(this.#watch);
    this.#watch = null;
    if (this.#ended) return;
    this.#ended = true;
    if (port.isOpen) port.close(() => undefined);
    this.#disconnect.emit({ disconnected: true, message });
  }

  async close(): Promise<void> {
    const port = this.#port;
    this.#port = null;
    this.#ended = true;
    if (this.#watch) clearInterval(this.#watch);
    this.#watch = null;
    if (!port?.isOpen) return;
    await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  async write(bytes: Uint8Array): Promise<void> {
    const port = this.#port;
    if (!port?.isOpen) throw new Error(`Serial port ${this.path} is not open`);
    await new Promise<void>((resolve, reject) => {
      port.write(Buffer.from(bytes), (err) => (err ? reject(new Error(`Write to ${this.path} failed: ${err.message}`)) : resolve()));
    });
  }

  onData(listener: (chunk: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onDisconnect(listener: (reason: TransportClosed) => void): Unsubscribe {
    return this.#disconnect.add(listener);
  }
}

/** The default factory: one real serialport transport per (re)connect. */
export const serialPortFactory = (options: SerialOptions): SerialTransport => new SerialPortTransport(options);

/** A factory of serialport transports over `backend` (one per (re)connect). */
export const serialTransportsOver =
  (backend: SerialBackend): SerialTransportFactory =>
  (options) =>
    new SerialPortTransport({ ...options, backend });

/** One row of `quarterdeck devices scan`'s serial list. */
export interface SerialPortInfo {
  readonly path: string;
  readonly manufacturer?: string;
  readonly serialNumber?: string;
  readonly vendorId?: string;
  readonly productId?: string;
}

/**
 * Lists serial ports (serialport `list()`). On Linux that runs `udevadm`; where it is missing (containers, minimal
 * images) the USB and on-board UART nodes under /dev are listed instead, without vendor details.
 * Rejects with a readable message when neither works.
 */
export async function listSerialPorts(): Promise<SerialPortInfo[]> {
  const { SerialPort } = await import("serialport");
  try {
    const ports = await SerialPort.list();
    return ports.map((p) => ({
      path: p.path,
      ...(p.manufacturer ? { manufacturer: p.manufacturer } : {}),
      ...(p.serialNumber ? { serialNumber: p.serialNumber } : {}),
      ...(p.vendorId ? { vendorId: p.vendorId } : {}),
      ...(p.productId ? { productId: p.productId } : {}),
    }));
  } catch (e) {
    if (!/udevadm/.test((e as Error).message)) throw e;
    return listDevNodes();
  }
}

const DEV_NODE = /^(ttyUSB\d+|ttyACM\d+|ttyAMA\d+|serial\d)$/;

async function listDevNodes(): Promise<SerialPortInfo[]> {
  const { readdir } = await import("node:fs/promises");
  const byId = await readdir("/dev/serial/by-id").catch(() => [] as string[]);
  const nodes = (await readdir("/dev").catch(() => [] as string[])).filter((n) => DEV_NODE.test(n));
  return [...byId.map((n) => ({ path: `/dev/serial/by-id/${n}` })), ...nodes.sort().map((n) => ({ path: `/dev/${n}` }))];
}
