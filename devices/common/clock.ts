/**
 * Time as an injectable value, one abstraction for the whole device layer: drivers take a {@link Clock} so tests
 * can drive reconnect backoff, debounce and timeouts without sleeping (vitest fake timers over
 * {@link systemClock}, {@link steppingClock}, or a clock of their own).
 */

/** A cancellable timer handle. */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms`; the handle cancels it. */
  after(ms: number, fn: () => void): TimerHandle;
}

/** The real clock. It looks `setTimeout` up on every call, so vitest fake timers apply to it. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(t) };
  },
};

/** Resolves after `ms` on the given clock. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.after(ms, resolve));
}

/** Rejects with `new Error(message)` if `promise` does not settle within `ms`; `onTimeout` runs first. */
export function withTimeout<T>(clock: Clock, promise: Promise<T>, ms: number, message: string, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.after(ms, () => {
      onTimeout?.();
      reject(new Error(message));
    });
    promise.then(
      (v) => {
        timer.cancel();
        resolve(v);
      },
      (e: unknown) => {
        timer.cancel();
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * A clock whose time advances only when someone waits on it: `after(ms)` (and so `sleep`) moves `now()` forward
 * by `ms` at once and fires after at most `realMs` of real time, yielding to real I/O meanwhile. Lets a test run a
 * reader's ten seconds of polling in a fraction of that; the host uses {@link systemClock}.
 */
export function steppingClock(start = 1_700_000_000_000, realMs = 1): Clock & { advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    after(ms, fn) {
      t += ms;
      const timer = setTimeout(fn, Math.min(ms, realMs));
      return { cancel: () => clearTimeout(timer) };
    },
  };
}
