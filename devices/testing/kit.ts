/**
 * The emulator test kit (after zwave-js's emulator kit): an emulator records each message the host sent it,
 * decoded into a typed message with the time it arrived, and a test waits for one with
 * `expect(predicate, {within})` on the emulator's injected clock — no sleeping, no real-time assertion.
 */
import type { Clock, TimerHandle } from "../common/clock.ts";

/** One message the emulator received from the host. */
export interface Received<M> {
  /** The clock's time when it arrived. */
  readonly at: number;
  readonly message: M;
  /** The bytes as sent. */
  readonly bytes: Uint8Array;
}

interface Waiter<M> {
  readonly predicate: (m: M) => boolean;
  readonly resolve: (r: Received<M>) => void;
  readonly timer: TimerHandle;
}

/** The host → emulator messages of one emulator, typed by `decode`. */
export class ReceivedMessages<M> {
  readonly #clock: Clock;
  readonly #decode: (bytes: Uint8Array) => M;
  readonly #log: Received<M>[] = [];
  readonly #waiters = new Set<Waiter<M>>();

  constructor(clock: Clock, decode: (bytes: Uint8Array) => M) {
    this.#clock = clock;
    this.#decode = decode;
  }

  /** @internal The emulator calls this for every host → emulator message. */
  record(bytes: Uint8Array): void {
    const r: Received<M> = { at: this.#clock.now(), message: this.#decode(bytes), bytes: bytes.slice() };
    this.#log.push(r);
    for (const w of this.#waiters) {
      if (!w.predicate(r.message)) continue;
      this.#waiters.delete(w);
      w.timer.cancel();
      w.resolve(r);
    }
  }

  /** Every message so far, oldest first. */
  all(): readonly Received<M>[] {
    return this.#log;
  }

  /** The messages so far that match. */
  filter(predicate: (m: M) => boolean): M[] {
    return this.#log.filter((r) => predicate(r.message)).map((r) => r.message);
  }

  /**
   * Resolves with the first message received from now on that matches; rejects naming `what` when none has after
   * `within` ms of the emulator's clock. Set `past: true` to accept one already received.
   */
  expect(predicate: (m: M) => boolean, options: { within: number; what?: string; past?: boolean }): Promise<Received<M>> {
    const earlier = options.past ? this.#log.find((r) => predicate(r.message)) : undefined;
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const waiter: Waiter<M> = {
        predicate,
        resolve,
        timer: this.#clock.after(options.within, () => {
          this.#waiters.delete(waiter);
          reject(new Error(`the emulator received no ${options.what ?? "matching message"} within ${options.within} ms`));
        }),
      };
      this.#waiters.add(waiter);
    });
  }
}
