/**
 * Keeps one serial device open: opens it, runs the device's handshake, and when the port disappears
 * reports `missing` and retries with exponential backoff until it is back. The device's state machine
 * (presence of a tag…) lives above this and survives reconnects, so events are neither lost nor doubled.
 */
import type { Logger } from "pino";
import type { Unsubscribe } from "../readings.ts";
import { type Clock, systemClock } from "./clock.ts";
import { Listeners, type SerialOptions, type SerialTransport, type SerialTransportFactory, type TransportClosed } from "./transport.ts";

/** Link state as health shows it. */
export interface LinkState {
  /** `unresponsive`: the port opened but the device did not complete its handshake. */
  readonly status: "connecting" | "connected" | "missing" | "unresponsive" | "stopped";
  readonly message?: string;
}

export interface ReconnectingLinkOptions {
  readonly serial: SerialOptions;
  readonly factory: SerialTransportFactory;
  /** Runs after every successful open (wake-up, configuration); a rejection closes and retries. */
  readonly handshake?: (transport: SerialTransport) => Promise<void>;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** First retry delay (default 1000 ms); doubles up to `maxBackoffMs` (default 30 000 ms). */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

export class ReconnectingLink {
  readonly #o: ReconnectingLinkOptions;
  readonly #clock: Clock;
  readonly #data = new Listeners<Uint8Array>();
  readonly #state = new Listeners<LinkState>();
  #current: LinkState = { status: "connecting" };
  #transport: SerialTransport | null = null;
  #running = false;
  #loop: Promise<void> | null = null;
  #wakeStop: (() => void) | null = null;

  constructor(options: ReconnectingLinkOptions) {
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
  }

  get state(): LinkState {
    return this.#current;
  }

  /** The open transport, or null while the device is missing. */
  get transport(): SerialTransport | null {
    return this.#transport;
  }

  onData(listener: (chunk: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onState(listener: (state: LinkState) => void): Unsubscribe {
    return this.#state.add(listener);
  }

  /** Starts the open/reopen loop; resolves after the first attempt (successful or not). Never rejects. */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    let first: () => void = () => undefined;
    const firstDone = new Promise<void>((resolve) => {
      first = resolve;
    });
    this.#loop = this.#run(first);
    await firstDone;
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wakeStop?.();
    await this.#transport?.close();
    await this.#loop;
    this.#set({ status: "stopped" });
  }

  async write(bytes: Uint8Array): Promise<void> {
    const t = this.#transport;
    if (!t) throw new Error(`${this.#o.serial.path} is not connected`);
    await t.write(bytes);
  }

  #set(state: LinkState): void {
    if (state.status === this.#current.status && state.message === this.#current.message) return;
    this.#current = state;
    this.#state.emit(state);
  }

  async #run(firstDone: () => void): Promise<void> {
    const initial = this.#o.initialBackoffMs ?? 1000;
    const max = this.#o.maxBackoffMs ?? 30_000;
    let delay = initial;
    while (this.#running) {
      const closed = await this.#connectOnce(firstDone);
      if (!this.#running) break;
      if (closed === "connected-then-lost") delay = initial;
      await this.#pause(delay);
      delay = Math.min(delay * 2, max);
    }
    firstDone();
  }

  /** One attempt: open, handshake, then wait until the link drops. */
  async #connectOnce(firstDone: () => void): Promise<"failed" | "connected-then-lost"> {
    const transport = this.#o.factory(this.#o.serial);
    const offData = transport.onData((chunk) => this.#data.emit(chunk));
    let lost: (reason: TransportClosed) => void = () => undefined;
    const lostPromise = new Promise<TransportClosed>((resolve) => {
      lost = resolve;
    });
    const offLost = transport.onDisconnect((reason) => lost(reason));
    let opened = false;
    try {
      await transport.open();
      opened = true;
      this.#transport = transport;
      await this.#o.handshake?.(transport);
    } catch (e) {
      offData();
      offLost();
      this.#transport = null;
      await transport.close().catch(() => undefined);
      const message = (e as Error).message;
      if (this.#running)
        this.#set(opened ? { status: "unresponsive", message: `${this.#o.serial.path}: ${message}` } : { status: "missing", message });
      this.#o.logger?.debug({ path: this.#o.serial.path, err: (e as Error).message }, "serial open failed");
      firstDone();
      return "failed";
    }
    this.#set({ status: "connected" });
    firstDone();
    const stopped = new Promise<TransportClosed>((resolve) => {
      this.#wakeStop = () => resolve({ disconnected: false, message: "stopped" });
    });
    const reason = await Promise.race([lostPromise, stopped]);
    offData();
    offLost();
    this.#transport = null;
    if (this.#running) {
      this.#o.logger?.warn({ path: this.#o.serial.path, reason: reason.message }, "serial device lost");
      this.#set({ status: "missing", message: `${this.#o.serial.path} disconnected: ${reason.message}` });
    }
    return "connected-then-lost";
  }

  async #pause(ms: number): Promise<void> {
    await Promise.race([this.#clock.sleep(ms), new Promise<void>((resolve) => (this.#wakeStop = resolve))]);
  }
}
