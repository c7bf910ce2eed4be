/**
 * Waiting in tests, in one place. Real time, always bounded, and never a timing assertion: each wait only says
 * "this happens eventually". Tests on an injected clock use the emulator kit's `expect(…, {within})` instead.
 */

/** Polls until `check` holds; throws naming `what` after `within` ms (default 8 s). */
export async function until(check: () => boolean, what: string, within = 8000): Promise<void> {
  const end = Date.now() + within;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${within} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Polls an asynchronous value until `check` holds, and returns the last value either way (the caller asserts on
 * it, so a failure shows what was there). For HTTP and WebSocket state.
 */
export async function poll<T>(get: () => Promise<T> | T, check: (v: T) => boolean, within = 10_000): Promise<T> {
  const end = Date.now() + within;
  for (;;) {
    const v = await get();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Lets `ms` of real time pass (for "nothing more happens" checks, never for correctness of timing). */
export const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
