import { describe, expect, it } from "vitest";
import { backoffDelay } from "../../../devices/dice/die-link.ts";
import { LOST_ROLL_MESSAGE } from "../../../devices/dice/die-tracker.ts";
import { createDiceSource } from "../../../devices/dice/source.ts";
import { EmulatedCentral } from "../../../devices/testing/ble/central.ts";
import { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";
import { advance, fakeTimersPerTest, rig } from "./rig.ts";

const stopAfterTest = fakeTimersPerTest();

/** Runs a control call under fake timers (it settles on a zero-delay timer). */
async function ctl(p: Promise<void>): Promise<void> {
  await advance(1);
  await p;
}

async function connected(opts: Parameters<typeof rig>[0]) {
  const r = await rig(opts);
  stopAfterTest(() => r.source.stop());
  await r.source.start();
  await advance(10);
  return r;
}

describe("reconnect: one roll, never doubled", () => {
  it("a disconnect in mid-roll: the roll is reported once after the reconnect (RequestRollState)", async () => {
    const r = await connected({ pixels: [{ id: "p1", kind: "d20" }] });
    const die = r.pixels("p1");
    await ctl(r.control.roll("p1", 8));
    die.startRoll();
    await advance(1);
    die.dropLink();
    die.land(8); // lands while the link is down: the notification is lost (dice-ble §1.7)
    await advance(1);
    expect(r.health("p1")).toMatchObject({ connected: false, status: "reconnecting" });
    expect(r.readings.map((x) => x.face)).toEqual([8]);
    await advance(1000);
    expect(r.health("p1")).toMatchObject({ connected: true, status: "connected" });
    await advance(1000);
    expect(r.readings.map((x) => x.face)).toEqual([8, 8]);
    expect(die.received.filter((m) => m[0] === 0x17)).toHaveLength(2);
    expect(r.source.attempts("p1")).toBe(2);
  });

  it("a disconnect after a roll: the resync reply repeats the old result and is not counted again", async () => {
    const r = await connected({ pixels: [{ id: "p1", kind: "d20" }] });
    await ctl(r.control.roll("p1", 15));
    r.pixels("p1").dropLink();
    await advance(5000);
    expect(r.health("p1")?.connected).toBe(true);
    expect(r.readings.map((x) => x.face)).toEqual([15]);
  });

  it("a disconnect in mid-roll, then the die is picked up: the roll is reported as lost", async () => {
    const r = await connected({ pixels: [{ id: "p1", kind: "d6" }] });
    const die = r.pixels("p1");
    die.startRoll();
    await advance(1);
    die.dropLink();
    die.land(4);
    die.pickUp();
    await advance(2000);
    expect(r.readings).toEqual([]);
    expect(r.health("p1")).toMatchObject({ connected: true, message: LOST_ROLL_MESSAGE });
    await ctl(r.control.roll("p1", 2));
    expect(r.readings.map((x) => x.face)).toEqual([2]);
    expect(r.health("p1")?.message).toBeUndefined();
  });

  it("a GoDice disconnect in mid-roll is reported as lost (GoDice cannot resync)", async () => {
    const r = await connected({ godice: [{ id: "g1", shell: "d6" }] });
    const die = r.godice("g1");
    die.startRoll();
    await advance(1);
    die.dropLink();
    die.land(3);
    await advance(2000);
    expect(r.health("g1")).toMatchObject({ connected: true, message: LOST_ROLL_MESSAGE });
    expect(r.readings).toEqual([]);
    expect(die.inits).toBe(2);
  });

  it("a die that goes away reconnects when it comes back, on a fresh handle, and rolls again", async () => {
    const r = await connected({ pixels: [{ id: "p1" }], godice: [{ id: "g1" }] });
    await ctl(r.control.disconnect("p1"));
    await ctl(r.control.disconnect("g1"));
    await advance(60_000);
    expect(r.health("p1")).toMatchObject({ connected: false, status: "reconnecting" });
    expect(r.health("g1")).toMatchObject({ connected: false, status: "reconnecting" });
    await ctl(r.control.reconnect("p1"));
    await ctl(r.control.reconnect("g1"));
    await advance(31_000);
    expect(r.health("p1")?.connected).toBe(true);
    expect(r.health("g1")?.connected).toBe(true);
    await ctl(r.control.roll("p1", 6));
    await ctl(r.control.roll("g1", 2));
    await advance(10);
    expect(r.readings.map((x) => `${x.dieId}:${x.face}`)).toEqual(["p1:6", "g1:2"]);
  });
});

describe("reconnect backoff", () => {
  it("waits 1 s, 2 s, 4 s … capped at 30 s between attempts, then resets after a success", async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    const r = await connected({ pixels: [{ id: "p1" }] });
    const die = r.pixels("p1");
    die.refuseConnections = true;
    die.dropLink();
    await advance(200_000); // each refused attempt also waits out the 10 s connect timeout
    const waits = r.healths
      .filter((h) => h.id === "p1" && h.message?.startsWith("Reconnecting in"))
      .map((h) => Number(/Reconnecting in (\d+) s/.exec(h.message ?? "")?.[1]));
    expect(waits.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    die.refuseConnections = false;
    await advance(41_000);
    expect(r.health("p1")?.connected).toBe(true);
    die.dropLink();
    await advance(1);
    expect(r.health("p1")?.message).toMatch(/Reconnecting in 1 s/);
  });
});

describe("Bluetooth missing or late", () => {
  it("an unavailable adapter is a status on the adapter and every die; start does not reject; dice connect once it is ready", async () => {
    const central = new EmulatedCentral({
      state: { kind: "unavailable", reason: "EAFNOSUPPORT, Address family not supported by protocol" },
    });
    const die = new EmulatedPixelsDie({ id: "p1", clock: central.clock });
    central.add(die);
    const source = createDiceSource({ central, configs: [{ family: "pixels", id: "p1", address: die.address }] });
    stopAfterTest(() => source.stop());
    await expect(source.start()).resolves.toBeUndefined();
    const h = source.health();
    expect(h.find((x) => x.id === "ble")).toMatchObject({
      kind: "adapter",
      connected: false,
      status: "unavailable",
      message: "Bluetooth unavailable: EAFNOSUPPORT, Address family not supported by protocol",
    });
    expect(h.find((x) => x.id === "p1")).toMatchObject({
      connected: false,
      status: "unavailable",
      message: expect.stringMatching(/^Bluetooth unavailable/),
    });
    central.setState({ kind: "ready" });
    await advance(10);
    expect(source.health().find((x) => x.id === "p1")?.connected).toBe(true);
  });

  it("an adapter that goes off and comes back resumes scanning, and the dice reconnect", async () => {
    const central = new EmulatedCentral();
    const die = new EmulatedPixelsDie({ id: "p1", clock: central.clock });
    central.add(die);
    const source = createDiceSource({ central, configs: [{ family: "pixels", id: "p1", address: die.address }] });
    stopAfterTest(() => source.stop());
    await source.start();
    await advance(10);
    central.setState({ kind: "off", reason: "the adapter is powered off" });
    die.dropLink("adapter off");
    await advance(5000);
    expect(source.health().find((x) => x.id === "ble")).toMatchObject({
      status: "off",
      message: "Bluetooth is off: the adapter is powered off",
    });
    expect(source.health().find((x) => x.id === "p1")?.connected).toBe(false);
    central.setState({ kind: "ready" });
    await advance(31_000);
    expect(source.health().find((x) => x.id === "p1")?.connected).toBe(true);
  });
});

describe("advert-only health", () => {
  it("a die not heard for 10 s is shown missing, and listening again when heard", async () => {
    const r = await connected({ pixels: [{ id: "a1", kind: "d20" }], advertOnly: true });
    expect(r.health("a1")).toMatchObject({ status: "listening", connected: true });
    await ctl(r.control.disconnect("a1"));
    await advance(15_000);
    expect(r.health("a1")).toMatchObject({
      status: "missing",
      connected: false,
      message: expect.stringMatching(/No advertisement heard for 1\d s/),
    });
    await ctl(r.control.reconnect("a1"));
    await advance(300);
    expect(r.health("a1")).toMatchObject({ status: "listening", connected: true });
    r.pixels("a1").roll(11);
    await advance(10);
    expect(r.readings.map((x) => x.face)).toEqual([11]);
  });

  it("stopping the source stops the silence watch: the die stays `stopped`, not `missing` later", async () => {
    const r = await connected({ pixels: [{ id: "a1", kind: "d20" }], advertOnly: true });
    expect(r.health("a1")).toMatchObject({ status: "listening", connected: true });
    await r.source.stop();
    expect(r.health("a1")).toMatchObject({ status: "stopped", connected: false });
    await advance(30_000);
    expect(r.health("a1")).toMatchObject({ status: "stopped", connected: false });
  });
});
