import { describe, expect, it } from "vitest";
import { createEmulatedDice } from "../../../devices/testing/ble/emulated-dice.ts";
import type { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";
import { ManualClock } from "../../support/manual-clock.ts";

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
