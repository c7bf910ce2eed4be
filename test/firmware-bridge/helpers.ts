/** Shared setup for the bridge suites: per-test clean-up and a bounded real-time wait. */
import { afterEach } from "vitest";

/**
 * Registers (at module level) an `afterEach` that runs and empties the returned list of closers in order, so a failing
 * test still releases its bridge. Push a closer to run it last, unshift to run it first.
 */
export function closeAfterEach(): Array<() => Promise<void>> {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });
  return closers;
}

/** Waits (real time, bounded by `timeoutMs`) until `check` holds; throws naming `what` otherwise. */
export async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
