import { describe, expect, it } from "vitest";
import { Backoff, backoffDelay } from "../../../devices/common/backoff.ts";
import { type Clock, steppingClock, type TimerHandle } from "../../../devices/common/clock.ts";
import { Listeners } from "../../../devices/common/listeners.ts";
import { type AttemptOutcome, ReopeningLink } from "../../../devices/common/reopening-link.ts";
import { seededRandom, strikesAtRate, throughFaults } from "../../../devices/testing/faults.ts";

describe("Backoff", () => {
  it("doubles from the first delay up to the cap, and starts over after a reset", () => {
    const b = new Backoff(1000, 8000);
    expect([b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(b.attempt).toBe(5);
    b.reset();
    expect(b.next()).toBe(1000);
  });

  it("keeps a first delay above the cap as configured, then caps", () => {
    expect([0, 1, 2].map((n) => backoffDelay(n, 10_000, 5_000))).toEqual([10_000, 5_000, 5_000]);
  });

  it("never overflows on a long outage", () => {
    expect(backoffDelay(10_000, 1000, 30_000)).toBe(30_000);
  });
});

describe("Listeners", () => {
  it("a listener removed during an emit still hears that round; later rounds not", () => {
    const l = new Listeners<number>();
    const heard: number[] = [];
    let off: () => void = () => undefined;
    l.add(() => off());
    off = l.add((v) => heard.push(v));
    l.emit(1);
    l.emit(2);
    expect(heard).toEqual([1]);
  });

  it("with onError, one throwing listener does not stop the others", () => {
    const l = new Listeners<string>();
    const heard: string[] = [];
    const errors: unknown[] = [];
    l.add(() => {
      throw new Error("boom");
    });
    l.add((v) => heard.push(v));
    l.emit("x", (e) => errors.push(e));
    expect(heard).toEqual(["x"]);
    expect(errors).toHaveLength(1);
    l.clear();
    expect(l.size).toBe(0);
  });
});

describe("steppingClock", () => {
  it("moves time forward when something waits on it, and a cancelled timer does not fire", async () => {
    const clock = steppingClock(0);
    let fired = 0;
    clock.after(5_000, () => fired++).cancel();
    expect(clock.now()).toBe(5_000);
    await new Promise<void>((resolve) => clock.after(1_000, resolve));
    expect(clock.now()).toBe(6_000);
    expect(fired).toBe(0);
  });
});

/** A link whose device is never there: every attempt fails. */
class NeverThere extends ReopeningLink<never, { close(): Promise<void> }> {
  attempts = 0;
  protected async attempt(settled: () => void): Promise<AttemptOutcome> {
    this.attempts += 1;
    this.set({ status: "missing", message: "not plugged in" });
    settled();
    return "failed";
  }
}

describe("ReopeningLink", () => {
  it("stop() during a backoff pause cancels the pause's timer and reports stopped", async () => {
    const pending = new Set<number>();
    let next = 0;
    const clock: Clock = {
      now: () => 0,
      after(): TimerHandle {
        const id = next++;
        pending.add(id);
        return { cancel: () => pending.delete(id) };
      },
    };
    const link = new NeverThere({ clock, initialBackoffMs: 60_000 });
    const states: string[] = [];
    link.onState((s) => states.push(s.status));
    await link.start();
    expect(link.state).toEqual({ status: "missing", message: "not plugged in" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending.size).toBe(1);
    await link.stop();
    expect(pending.size).toBe(0);
    expect(link.attempts).toBe(1);
    expect(states).toEqual(["missing", "stopped"]);
  });
});

describe("emulator faults", () => {
  it("act in the order drop, corrupt, duplicate, and a dropped message is not garbled or doubled", () => {
    const asked: string[] = [];
    const m = Uint8Array.of(1, 2, 3);
    const garble = (b: Uint8Array) => b.slice(1);
    const dropOnly = (f: string) => {
      asked.push(f);
      return f === "drop";
    };
    expect(throughFaults(m, dropOnly, garble)).toEqual([]);
    expect(asked).toEqual(["drop"]);
    expect(throughFaults(m, (f) => f !== "drop", garble)).toEqual([Uint8Array.of(2, 3), Uint8Array.of(2, 3)]);
    expect(throughFaults(m, () => false, garble)).toEqual([m]);
  });

  it("a zero rate never draws from the generator; a seeded generator replays", () => {
    let draws = 0;
    const counted = () => {
      draws++;
      return 0;
    };
    expect(strikesAtRate(0, counted)).toBe(false);
    expect(draws).toBe(0);
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
