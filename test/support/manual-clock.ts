/**
 * A clock for tests that moves only when told to: `advance(ms)` runs the timers that fall due, in due order, with
 * I/O callbacks and microtasks let through between them. For code on an injected `Clock` whose waits (backoff,
 * grace periods, settle times) a test would otherwise sit out in real time.
 */
import type { Clock, TimerHandle } from "../../devices/common/clock.ts";

export class ManualClock implements Clock {
  #now: number;
  #timers: Array<{ due: number; seq: number; fn: () => void; live: boolean }> = [];
  #seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const t = { due: this.#now + ms, seq: this.#seq++, fn, live: true };
    this.#timers.push(t);
    return { cancel: () => (t.live = false) };
  }

  /** Moves time on by `ms`, running each timer due by then at its own time. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await new Promise((r) => setImmediate(r));
      const next = this.#timers.filter((t) => t.live && t.due <= end).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      next.live = false;
      this.#now = next.due;
      next.fn();
    }
    this.#now = end;
    await new Promise((r) => setImmediate(r));
  }
}
