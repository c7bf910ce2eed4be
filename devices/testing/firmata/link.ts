/**
 * The "USB cable" between the host and an emulated Firmata board: a serialport v13 binding (the
 * `@serialport/bindings-interface` contract) that lives in-process, so the host opens it with the same
 * `SerialPortStream` class it uses for a real board. Opening it resets the board (the Uno's DTR reset).
 *
 * Fault knobs act on the board → host direction: drop / corrupt / duplicate (probabilities per chunk) and a
 * delay (both directions); `disconnect()` pulls the cable (the open port closes with a disconnect error and
 * re-opening fails with ENOENT) and `reconnect()` plugs it back.
 */
import { Faults, flipRandomBit, seededRandom } from "../faults.ts";
import type { FirmataBoardEmulator } from "./board.ts";

interface OpenOptionsLike {
  path: string;
  baudRate: number;
}

type Rejecter = (e: Error & { canceled?: boolean; disconnected?: boolean }) => void;

function unpluggedError(): Error {
  return Object.assign(new Error("EIO: the emulated board was unplugged"), { disconnected: true });
}

/** One open session of the emulated port (what `binding.open` resolves to). */
class EmulatedPortBinding {
  isOpen = true;
  private unplugged = false;
  private readonly queue: Buffer[] = [];
  private waiting: { resolve: (n: number) => void; reject: Rejecter; buffer: Buffer; offset: number; length: number } | null = null;

  constructor(
    readonly openOptions: Required<OpenOptionsLike> & Record<string, unknown>,
    private readonly link: EmulatedFirmataLink,
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
    this.link.toBoard(Buffer.from(buffer));
  }

  async close(): Promise<void> {
    const w = this.waiting;
    this.waiting = null;
    this.isOpen = false;
    this.link.detach(this);
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

/** The cable plus the binding the host's SerialPortStream uses. */
export class EmulatedFirmataLink {
  /** Faults of the board → host direction (rates per chunk, or the next N chunks) and the delay (both ways). */
  readonly faults: Faults;
  plugged = true;
  private session: EmulatedPortBinding | null = null;

  /** The serialport binding object (`binding` option of `SerialPortStream`). */
  readonly binding = {
    list: async () => [{ path: this.path, manufacturer: "quarterdeck emulator" }],
    open: async (options: OpenOptionsLike & Record<string, unknown>) => this.open(options),
  };

  constructor(
    readonly board: FirmataBoardEmulator,
    readonly path = "/emulated/firmata0",
    seed = 1,
  ) {
    this.faults = new Faults({ garble: flipRandomBit, random: seededRandom(seed) });
    board.onSend((bytes) => this.toHost(Buffer.from(bytes)));
  }

  /** Pulls the cable. */
  disconnect(): void {
    this.plugged = false;
    this.session?.unplug();
    this.session = null;
  }

  /** Plugs the cable back in; the host must re-open the port. */
  reconnect(): void {
    this.plugged = true;
  }

  /** True while a host has the port open. */
  get inUse(): boolean {
    return this.session !== null;
  }

  /** @internal host → board bytes. */
  toBoard(bytes: Buffer): void {
    this.later(() => this.board.receive(bytes));
  }

  /** @internal a session closed by the host. */
  detach(s: EmulatedPortBinding): void {
    if (this.session === s) this.session = null;
  }

  private async open(options: OpenOptionsLike & Record<string, unknown>): Promise<EmulatedPortBinding> {
    if (options.path !== this.path || !this.plugged) {
      throw Object.assign(new Error(`Error: ENOENT: no such file or directory, cannot open ${options.path}`), { code: "ENOENT" });
    }
    if (this.session) throw new Error("Error Resource temporarily unavailable Cannot lock port");
    const session = new EmulatedPortBinding(
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
    this.session = session;
    setTimeout(() => this.session === session && this.board.reset(), 5); // DTR reset on open
    return session;
  }

  private toHost(bytes: Buffer): void {
    const copies = this.faults.apply(bytes);
    for (const out of copies) this.later(() => this.session?.deliver(Buffer.from(out)));
  }

  private later(fn: () => void): void {
    if (this.faults.knobs.delayMs > 0) setTimeout(fn, this.faults.knobs.delayMs);
    else queueMicrotask(fn);
  }
}
