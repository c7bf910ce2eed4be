/**
 * Time as an injected value (aesthetics practice 7): drivers read `now()` and wait with `sleep()`, so tests
 * can run a reader's ten seconds of polling in a fraction of that.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
}

/** The wall clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A clock whose time advances only when someone sleeps on it: `sleep(ms)` moves `now()` forward by `ms`
 * at once and yields to real I/O for at most `realMs`. Used by tests and benches; the host uses `systemClock`.
 */
export function steppingClock(start = 1_700_000_000_000, realMs = 1): Clock & { advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    sleep: async (ms) => {
      t += ms;
      await new Promise((resolve) => setTimeout(resolve, Math.min(ms, realMs)));
    },
  };
}
