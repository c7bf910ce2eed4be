/**
 * The open/reopen loop shared by the serial link (`serial/reconnecting-link.ts`) and the HID link
 * (`hid/hid-link.ts`): try to open the device, report `missing` (or a family status) when that fails, wait with
 * exponential backoff and try again until stopped; a device that was up and is lost starts again from the first
 * delay. Each family supplies one attempt; the state, listeners, backoff and stop handling live here.
 */
import type { Logger } from "pino";
import type { Unsubscribe } from "../readings.ts";
import { Backoff } from "./backoff.ts";
import { type Clock, systemClock } from "./clock.ts";
import { Listeners } from "./listeners.ts";

/** Link state as health shows it; `Extra` adds a family's own statuses (`unresponsive`, `unavailable`). */
export interface ReopeningLinkState<Extra extends string = never> {
  readonly status: "connecting" | "connected" | "missing" | "stopped" | Extra;
  readonly message?: string;
}

export interface ReopeningLinkOptions {
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** First retry delay (default 1000 ms); doubles up to `maxBackoffMs` (default 30 000 ms). */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/** How one attempt ended: it never opened, or it was open and then lost (or stopped). */
export type AttemptOutcome = "failed" | "lost";

/** What a link holds while open: anything it can close. */
export interface Closable {
  close(): Promise<void>;
}

export abstract class ReopeningLink<Extra extends string, T extends Closable> {
  protected readonly clock: Clock;
  protected readonly logger: Logger | undefined;
  readonly #backoff: Backoff;
  readonly #data = new Listeners<Uint8Array>();
  readonly #state = new Listeners<ReopeningLinkState<Extra>>();
  #current: ReopeningLinkState<Extra> = { status: "connecting" };
  #open: T | null = null;
  #running = false;
  #loop: Promise<void> | null = null;
  #stop: () => void = () => undefined;
  #stopped: Promise<void> = Promise.resolve();

  constructor(options: ReopeningLinkOptions) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.#backoff = new Backoff(options.initialBackoffMs ?? 1000, options.maxBackoffMs ?? 30_000);
  }

  get state(): ReopeningLinkState<Extra> {
    return this.#current;
  }

  onData(listener: (chunk: Uint8Array) => void): Unsubscribe {
    return this.#data.add(listener);
  }

  onState(listener: (state: ReopeningLinkState<Extra>) => void): Unsubscribe {
    return this.#state.add(listener);
  }

  /** Starts the open/reopen loop; resolves after the first attempt (successful or not). Never rejects. */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#stopped = new Promise<void>((resolve) => {
      this.#stop = resolve;
    });
    let first: () => void = () => undefined;
    const firstDone = new Promise<void>((resolve) => {
      first = resolve;
    });
    this.#loop = this.#run(first);
    await firstDone;
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stop();
    await this.#open?.close();
    await this.#loop;
    this.set({ status: "stopped" });
  }

  /**
   * One attempt: open the device (calling `settled` once it is open, or has failed), then wait until it is lost
   * or `stopped` resolves. It reports its own failures with {@link set}.
   */
  protected abstract attempt(settled: () => void, stopped: Promise<void>): Promise<AttemptOutcome>;

  protected get running(): boolean {
    return this.#running;
  }

  /** The open device, or null while it is missing. */
  protected get open(): T | null {
    return this.#open;
  }

  protected set open(device: T | null) {
    this.#open = device;
  }

  protected emitData(chunk: Uint8Array): void {
    this.#data.emit(chunk);
  }

  /** Sets the state; listeners hear each change once. */
  protected set(state: ReopeningLinkState<Extra>): void {
    if (state.status === this.#current.status && state.message === this.#current.message) return;
    this.#current = state;
    this.#state.emit(state);
  }

  async #run(firstDone: () => void): Promise<void> {
    while (this.#running) {
      const outcome = await this.attempt(firstDone, this.#stopped);
      if (!this.#running) break;
      if (outcome === "lost") this.#backoff.reset();
      await this.#pause(this.#backoff.next());
    }
    firstDone();
  }

  async #pause(ms: number): Promise<void> {
    let wake: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const timer = this.clock.after(ms, () => wake());
    await Promise.race([waited, this.#stopped]);
    timer.cancel();
  }
}
