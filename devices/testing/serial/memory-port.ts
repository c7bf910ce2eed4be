/**
 * The in-memory serial pair: a serialport v13 binding (`{list, open}`, the `@serialport/bindings-interface`
 * contract) whose far end is an emulated device in the same process, so the host opens it with the same
 * `SerialPortStream` it uses for a real port — no socat, no kernel tty. `unplug()` ends an open session as a
 * pulled USB cable does (pending reads fail with a non-canceled error, re-opening fails with ENOENT); `plug()`
 * brings the path back. The pty pairs (`../pty/`) stay for the suite that tests the real tty path.
 */

import type { SerialBackend } from "../../serial/transport.ts";

/** What `open` takes, what it resolves to, and what `list` gives, in serialport's binding contract. */
type PortOpenOptions = Parameters<SerialBackend["open"]>[0];
type BindingPort = Awaited<ReturnType<SerialBackend["open"]>>;
type PortInfo = Awaited<ReturnType<SerialBackend["list"]>>[number];

type Rejecter = (e: Error & { canceled?: boolean; disconnected?: boolean }) => void;

function unpluggedError(): Error {
  return Object.assign(new Error("EIO: the emulated device was unplugged"), { disconnected: true });
}

/** One open session of a memory port (what `binding.open` resolves to): serialport's `BindingPortInterface`. */
export class MemoryPortBinding implements BindingPort {
  isOpen = true;
  private unplugged = false;
  private readonly queue: Buffer[] = [];
  private waiting: { resolve: (n: number) => void; reject: Rejecter; buffer: Buffer; offset: number; length: number } | null = null;

  constructor(
    readonly openOptions: Required<PortOpenOptions>,
    private readonly port: MemorySerialPort,
  ) {}

  deliver(bytes: Buffer): void {
    if (!this.isOpen) return;
    this.queue.push(bytes);
    this.pump();
  }

  /** Ends the session as an unplugged cable does: pending reads fail with a non-canceled error. */
  unplug(): void {
    const w = this.waiting;
    this.waiting = null;
    this.unplugged = true;
    w?.reject(unpluggedError());
  }

  private pump(): void {
    const w = this.waiting;
    const head = this.queue[0];
    if (!w || !head) return;
    const n = Math.min(w.length, head.length);
    head.copy(w.buffer, w.offset, 0, n);
    if (n === head.length) this.queue.shift();
    else this.queue[0] = head.subarray(n);
    this.waiting = null;
    w.resolve(n);
  }

  async read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
    if (!this.isOpen) throw Object.assign(new Error("Port is not open"), { canceled: true });
    if (this.unplugged) throw unpluggedError();
    const bytesRead = await new Promise<number>((resolve, reject) => {
      this.waiting = { resolve, reject, buffer, offset, length };
      this.pump();
    });
    return { buffer, bytesRead };
  }

  async write(buffer: Buffer): Promise<void> {
    if (!this.isOpen) throw Object.assign(new Error("Port is not open"), { canceled: true });
    if (this.unplugged) throw unpluggedError();
    this.port.fromHost(Buffer.from(buffer));
  }

  async close(): Promise<void> {
    const w = this.waiting;
    this.waiting = null;
    this.isOpen = false;
    this.port.detach(this);
    w?.reject(Object.assign(new Error("Port is closed"), { canceled: true }));
  }

  async update(): Promise<void> {}
  async set(): Promise<void> {}
  async get(): Promise<{ cts: boolean; dsr: boolean; dcd: boolean }> {
    return { cts: true, dsr: true, dcd: true };
  }
  async getBaudRate(): Promise<{ baudRate: number }> {
    return { baudRate: this.openOptions.baudRate };
  }
  async flush(): Promise<void> {
    this.queue.length = 0;
  }
  async drain(): Promise<void> {}
}

/** How a memory port lists itself (serialport's `PortInfo`). */
const portInfo = (path: string): PortInfo => ({
  path,
  manufacturer: "quarterdeck emulator",
  serialNumber: undefined,
  pnpId: undefined,
  locationId: undefined,
  productId: undefined,
  vendorId: undefined,
});

/** One device end: the path the host opens, and the device's side of the bytes. */
export class MemorySerialPort {
  plugged = true;
  #session: MemoryPortBinding | null = null;
  readonly #onHost: (bytes: Buffer) => void;
  readonly #onOpen: () => void;

  /** The serialport binding object (`binding` option of `SerialPortStream`) with this one port. */
  readonly binding: SerialBackend = {
    list: async () => [portInfo(this.path)],
    open: async (options) => this.open(options),
  };

  /** `onHost` gets the host → device bytes; `onOpen` runs when the host opens the port (e.g. a DTR reset). */
  constructor(
    readonly path: string,
    handlers: { onHost: (bytes: Buffer) => void; onOpen?: () => void },
  ) {
    this.#onHost = handlers.onHost;
    this.#onOpen = handlers.onOpen ?? (() => {});
  }

  /** True while a host has the port open. */
  get inUse(): boolean {
    return this.#session !== null;
  }

  /** Device → host bytes (dropped while no host has the port open). */
  toHost(bytes: Buffer): void {
    this.#session?.deliver(bytes);
  }

  /** Pulls the cable. */
  unplug(): void {
    this.plugged = false;
    this.#session?.unplug();
    this.#session = null;
  }

  /** Plugs the cable back in; the host must re-open the port. */
  plug(): void {
    this.plugged = true;
  }

  /** @internal host → device bytes. */
  fromHost(bytes: Buffer): void {
    this.#onHost(bytes);
  }

  /** @internal a session closed by the host. */
  detach(s: MemoryPortBinding): void {
    if (this.#session === s) this.#session = null;
  }

  private async open(options: PortOpenOptions): Promise<MemoryPortBinding> {
    if (options.path !== this.path || !this.plugged) {
      throw Object.assign(new Error(`Error: ENOENT: no such file or directory, cannot open ${options.path}`), { code: "ENOENT" });
    }
    if (this.#session) throw new Error("Error Resource temporarily unavailable Cannot lock port");
    const session = new MemoryPortBinding(
      {
        dataBits: 8,
        lock: true,
        stopBits: 1,
        parity: "none",
        rtscts: false,
        xon: false,
        xoff: false,
        xany: false,
        hupcl: true,
        ...options,
      },
      this,
    );
    this.#session = session;
    this.#onOpen();
    return session;
  }
}

/** One `{list, open}` backend over several memory ports (by path). */
export function memorySerialBackend(ports: readonly MemorySerialPort[]): SerialBackend {
  const byPath = (path: string) => ports.find((p) => p.path === path);
  return {
    list: async () => ports.filter((p) => p.plugged).map((p) => portInfo(p.path)),
    open: async (options) => {
      const port = byPath(options.path);
      if (!port)
        throw Object.assign(new Error(`Error: ENOENT: no such file or directory, cannot open ${options.path}`), { code: "ENOENT" });
      return port.binding.open(options);
    },
  };
}
