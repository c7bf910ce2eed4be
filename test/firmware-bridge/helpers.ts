/** Shared setup for the bridge suites: per-test clean-up (the bounded wait is test/support/wait.ts). */
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
