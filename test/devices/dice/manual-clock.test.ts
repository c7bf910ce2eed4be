import { describe, expect, it } from "vitest";
import type { Clock, TimerHandle } from "../../../devices/common/clock.ts";
import { createEmulatedDice } from "../../../devices/testing/ble/emulated-dice.ts";
import type { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";

/** A clock that moves only when told to; timers run in due order, with microtasks drained between them. */
class ManualClock implements Clock {
  #now = 1_700_000_000_000;
  #timers: Array<{ due: number; seq: number; fn: () => void; live: boolean }> = [];
  #seq = 0;
  now(): number {
    return this.#now;
  }
  after(ms: number, fn: () => void): TimerHandle {
    const t = { due: this.#now + ms, seq: this.#seq++, fn, live: true };
    this.#timers.push(t);
    return { cancel: () => (t.live = false) };
  }
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

describe("the dice stack runs on an injected clock", () => {
  it("reconnect backoff and reading times follow the injected clock, not the wall clock", async () => {
    const clock = new ManualClock();
    const { source, dice } = await createEmulatedDice({ pixels: [{ id: "p1", kind: "d20" }], godice: [], clock });
    const at: number[] = [];
    source.onReading((r) => at.push(r.at));
    await source.start();
    await clock.advance(1);
    const die = dice.get("p1") as EmulatedPixelsDie;
    const connected = () => source.health().find((h) => h.id === "p1")?.connected;
    expect(connected()).toBe(true);
    die.dropLink();
    await clock.advance(999);
    expect(connected()).toBe(false);
    await clock.advance(1);
    expect(connected()).toBe(true);
    const rolledAt = clock.now();
    die.roll(20);
    await clock.advance(1);
    expect(at).toEqual([rolledAt]);
    await source.stop();
  });
});
