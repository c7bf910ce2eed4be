/**
 * Time as an injectable value: drivers take a {@link Clock} so tests can drive reconnect backoff and timeouts
 * without sleeping (vitest fake timers over {@link systemClock}, or a clock of their own).
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
