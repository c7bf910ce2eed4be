/**
 * Keeps one HID device open: finds it by vendor/product id, opens it, and when it goes away reports `missing`
 * and looks for it again with backoff. A backend that cannot load at all is `unavailable`, with its message.
 */
import type { Logger } from "pino";
import type { Unsubscribe } from "../readings.ts";
import { type Clock, systemClock } from "../serial/clock.ts";
import { Listeners } from "../serial/transport.ts";
import { type HidBackend, type HidMatch, type HidTransport, HidUnavailableError, matches, vidPid } from "./transport.ts";

export interface HidLinkState {
  readonly status: "connecting" | "connected" | "missing" | "unavailable" | "stopped";
  readonly message?: string;
}

export interface HidLinkOptions {
  readonly match: HidMatch;
  readonly backend: () => Promise<HidBackend>;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

export class HidLink {
  readonly #o: HidLinkOptions;
  readonly #clock: Clock;
  readonly #data = new Listeners<Uint8Array>();
  readonly #state = new Listeners<HidLinkState>();
  #current: HidLinkState = { status: "connecting" };
  #transport: HidTransport | null = null;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;

  constructor(options: HidLinkOptions) {
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
  }

  get state(): HidLinkState {
    return this.#current;
  }

  onData(listener: (report: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onState(listener: (state: HidLinkState) => void): Unsubscribe {
    return this.#state.add(listener);
  }

  /** Starts looking for the device; resolves after the first attempt. Never rejects. */
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
    this.#wake?.();
    await this.#transport?.close();
    await this.#loop;
    this.#set({ status: "stopped" });
  }

  #set(state: HidLinkState): void {
    if (state.status === this.#current.status && state.message === this.#current.message) return;
    this.#current = state;
    this.#state.emit(state);
  }

  async #run(firstDone: () => void): Promise<void> {
    const initial = this.#o.initialBackoffMs ?? 1000;
    const max = this.#o.maxBackoffMs ?? 30_000;
    let delay = initial;
    while (this.#running) {
      const outcome = await this.#once(firstDone);
      if (!this.#running) break;
      if (outcome === "lost") delay = initial;
      await Promise.race([this.#clock.sleep(delay), new Promise<void>((resolve) => (this.#wake = resolve))]);
      delay = Math.min(delay * 2, max);
    }
    firstDone();
  }

  async #once(firstDone: () => void): Promise<"failed" | "lost"> {
    let transport: HidTransport;
    try {
      const backend = await this.#o.backend();
      const info = (await backend.devices()).find((d) => matches(d, this.#o.match));
      if (!info) throw new Error(`No HID device ${vidPid(this.#o.match)} is plugged in (or it is not readable: see the udev rule).`);
      transport = await backend.open(info.path);
    } catch (e) {
      const unavailable = e instanceof HidUnavailableError;
      this.#set({ status: unavailable ? "unavailable" : "missing", message: (e as Error).message });
      firstDone();
      return "failed";
    }
    this.#transport = transport;
    const offData = transport.onData((r) => this.#data.emit(r));
    const lost = new Promise<string>((resolve) => {
      transport.onDisconnect((reason) => resolve(reason.message));
      this.#wake = () => resolve("stopped");
    });
    this.#set({ status: "connected" });
    firstDone();
    const why = await lost;
    offData();
    this.#transport = null;
    if (this.#running) {
      this.#o.logger?.warn({ device: vidPid(this.#o.match), why }, "HID device lost");
      this.#set({ status: "missing", message: `HID device ${vidPid(this.#o.match)} disconnected: ${why}` });
    }
    return "lost";
  }
}
