import { afterEach, describe, expect, it } from "vitest";
import { type Clock, steppingClock } from "../../../devices/common/clock.ts";
import { ReceivedMessages } from "../../../devices/testing/kit.ts";
import { rig, until } from "../dice/rig.ts";

const decode = (bytes: Uint8Array) => ({ code: bytes[0] ?? 0, length: bytes.length });

/** A clock that moves only when told to. */
function manualClock(start: number): Clock & { advance(ms: number): void } {
  let t = start;
  const timers: Array<{ due: number; fn: () => void; on: boolean }> = [];
  return {
    now: () => t,
    after(ms, fn) {
      const timer = { due: t + ms, fn, on: true };
      timers.push(timer);
      return {
        cancel: () => {
          timer.on = false;
        },
      };
    },
    advance(ms) {
      t += ms;
      for (const timer of timers) {
        if (!timer.on || timer.due > t) continue;
        timer.on = false;
        timer.fn();
      }
    },
  };
}

describe("the emulator kit: typed received messages, expect(predicate, {within}) on the injected clock", () => {
  it("resolves with a message arriving later, timed on the clock", async () => {
    const clock = manualClock(1000);
    const log = new ReceivedMessages(clock, decode);
    const waiting = log.expect((m) => m.code === 0x17, { within: 60_000, what: "RequestRollState" });
    log.record(Uint8Array.of(0x01));
    clock.advance(59_000);
    log.record(Uint8Array.of(0x17, 0x00));
    clock.advance(5_000); // past `within`: the waiter was already served and its timer cancelled
    await expect(waiting).resolves.toMatchObject({ at: 60_000, message: { code: 0x17, length: 2 } });
    expect(log.all().map((r) => r.message.code)).toEqual([0x01, 0x17]);
    expect(log.filter((m) => m.code === 0x01)).toHaveLength(1);
  });

  it("rejects naming what it waited for when the clock passes `within` (no real waiting)", async () => {
    const log = new ReceivedMessages(steppingClock(), decode);
    await expect(log.expect((m) => m.code === 0x1d, { within: 3_600_000, what: "a Blink" })).rejects.toThrow(
      /no a Blink within 3600000 ms/,
    );
  });

  it("`past: true` accepts a message already received", async () => {
    const log = new ReceivedMessages(steppingClock(), decode);
    log.record(Uint8Array.of(0x21));
    await expect(log.expect((m) => m.code === 0x21, { within: 10, past: true })).resolves.toMatchObject({ message: { code: 0x21 } });
  });
});

describe("an emulated Pixels die's host messages", () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it("the driver asks WhoAreYou, then the roll state, and a blink on identify", async () => {
    const r = await rig({ pixels: [{ id: "p1", kind: "d20" }] });
    stop = () => r.source.stop();
    const die = r.pixels("p1");
    await r.source.start();
    await die.hostMessages.expect((m) => m.type === "requestRollState", { within: 10_000, what: "RequestRollState", past: true });
    expect(die.hostMessages.all().map((x) => x.message.type)).toEqual(["whoAreYou", "requestRollState"]);
    await until(() => r.health("p1")?.status === "connected", "p1 connected");
    const blink = die.hostMessages.expect((m) => m.type === "blink", { within: 5_000, what: "a Blink" });
    await r.source.identify?.("p1");
    await expect(blink).resolves.toMatchObject({ message: { type: "blink" } });
  });
});

describe("an emulated GoDice's host messages", () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it("the driver initialises the die and asks its colour and battery; identify makes it blink", async () => {
    const r = await rig({ godice: [{ id: "g1", color: "red" }] });
    stop = () => r.source.stop();
    const die = r.godice("g1");
    await r.source.start();
    await die.hostMessages.expect((m) => m.type === "init", { within: 10_000, what: "the init command", past: true });
    await until(() => r.health("g1")?.status === "connected", "g1 connected");
    const types = new Set(die.hostMessages.all().map((x) => x.message.type));
    expect(types.has("requestColor") || types.has("requestBattery")).toBe(true);
    const blink = die.hostMessages.expect((m) => m.type === "blink", { within: 5_000, what: "a blink" });
    await r.source.identify?.("g1");
    await expect(blink).resolves.toMatchObject({ message: { type: "blink" } });
  });
});
