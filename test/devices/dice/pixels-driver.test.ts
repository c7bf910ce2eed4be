import { afterEach, describe, expect, it } from "vitest";
import { CROOKED_MESSAGE } from "../../../devices/dice/die-tracker.ts";
import { seededRandom } from "../../../devices/testing/faults.ts";
import { flush, rig, until } from "./rig.ts";

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function connected(kind: "d20" | "d6" = "d20") {
  const r = await rig({ pixels: [{ id: "p1", kind, color: "red" }] });
  stop = () => r.source.stop();
  await r.source.start();
  await until(() => r.health("p1")?.status === "connected", "p1 connected");
  await flush();
  return r;
}

describe("Pixels driver over the emulator", () => {
  it("connects, asks WhoAreYou then RequestRollState, and reports health", async () => {
    const r = await connected();
    const die = r.pixels("p1");
    expect(die.received.map((m) => m[0])).toEqual([0x01, 0x17]);
    expect(r.health("p1")).toMatchObject({
      kind: "die",
      family: "pixels",
      connected: true,
      battery: 85,
      rssi: -60,
      emulated: true,
      dieKind: "d20",
      color: "red",
    });
    expect(r.health("p1")?.lastSeen).toBeTypeOf("number");
    expect(r.readings).toEqual([]);
  });

  it("100 rolls give exactly 100 events with the faces rolled (same face twice in a row included)", async () => {
    const r = await connected();
    const rand = seededRandom(7);
    const faces = Array.from({ length: 100 }, (_, i) => (i % 10 === 5 ? 7 : 1 + Math.floor(rand() * 20)));
    faces[6] = 7;
    for (const f of faces) await r.control.roll("p1", f);
    await until(() => r.readings.length >= 100, "100 readings");
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual(faces);
    expect(r.readings.every((x) => x.dieId === "p1" && x.family === "pixels" && x.dieKind === "d20" && x.type === "die.rolled")).toBe(true);
  });

  it("legacy firmware (6e40… UUIDs, 22-byte IAmADie) works the same", async () => {
    const { createDiceSource } = await import("../../../devices/dice/source.ts");
    const { EmulatedCentral } = await import("../../../devices/testing/ble/central.ts");
    const { EmulatedPixelsDie } = await import("../../../devices/testing/ble/pixels-die.ts");
    const central = new EmulatedCentral();
    const die = new EmulatedPixelsDie({ id: "old", kind: "d6", generation: "legacy", clock: central.clock });
    central.add(die);
    const source = createDiceSource({ central, configs: [{ family: "pixels", id: "old", address: die.address }] });
    stop = () => source.stop();
    const faces: number[] = [];
    source.onReading((x) => x.type === "die.rolled" && faces.push(x.face));
    await source.start();
    await until(() => source.health().find((h) => h.id === "old")?.status === "connected");
    for (const f of [1, 2, 3, 4, 5, 6, 6, 1]) die.roll(f);
    await until(() => faces.length >= 8);
    expect(faces).toEqual([1, 2, 3, 4, 5, 6, 6, 1]);
    expect(source.health().find((h) => h.id === "old")?.dieKind).toBe("d6");
  });

  it("picking a die up (handling → onFace) is not a roll", async () => {
    const r = await connected();
    await r.control.roll("p1", 3);
    r.pixels("p1").pickUp();
    r.pixels("p1").pickUp(11);
    await flush();
    await r.control.roll("p1", 3);
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual([3, 3]);
  });

  it("duplicated notifications are suppressed", async () => {
    const r = await connected();
    r.pixels("p1").faults.set({ duplicate: 1 });
    for (const f of [5, 5, 9, 20]) await r.control.roll("p1", f);
    await flush();
    expect(r.pixels("p1").faults.applied.duplicated).toBeGreaterThan(10);
    expect(r.readings.map((x) => x.face)).toEqual([5, 5, 9, 20]);
  });

  it("crooked asks for a re-roll in the health message; the next roll clears it", async () => {
    const r = await connected();
    r.pixels("p1").landCrooked();
    await flush();
    expect(r.readings).toEqual([]);
    expect(r.health("p1")?.message).toBe(CROOKED_MESSAGE);
    await r.control.roll("p1", 12);
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual([12]);
    expect(r.health("p1")?.message).toBeUndefined();
  });

  it("identify blinks the die", async () => {
    const r = await connected();
    expect(await r.source.identify?.("p1")).toBe(true);
    await flush();
    expect(r.pixels("p1").blinks).toBe(1);
    expect(r.pixels("p1").received.at(-1)?.[0]).toBe(0x1d);
    expect(await r.source.identify?.("nope")).toBe(false);
  });

  it("corrupted and dropped notifications never make a phantom roll; rejections are counted", async () => {
    const r = await connected();
    const die = r.pixels("p1");
    die.faults.set({ corrupt: 0.3, drop: 0.1 });
    const faces = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % 20));
    for (const f of faces) await r.control.roll("p1", f);
    await flush();
    expect(die.faults.applied.corrupted).toBeGreaterThan(0);
    expect(r.source.rejections.total).toBe(die.faults.applied.corrupted);
    // Every event is one of the rolls, in order, at most once each.
    let i = 0;
    for (const reading of r.readings) {
      while (i < faces.length && faces[i] !== reading.face) i++;
      expect(i, `reading ${reading.face} matches a roll`).toBeLessThan(faces.length);
      i++;
    }
    expect(r.readings.length).toBeLessThanOrEqual(60);
  });
});

describe("Pixels advert-only mode", () => {
  it("reads 100 rolls from adverts without connecting; repeated adverts and pick-ups add nothing", async () => {
    const r = await rig({
      pixels: [
        { id: "a1", kind: "d20" },
        { id: "a2", kind: "d6" },
      ],
      advertOnly: true,
    });
    stop = () => r.source.stop();
    await r.source.start();
    await until(() => r.health("a1")?.status === "listening" && r.health("a1")?.connected === true, "a1 heard");
    const faces = Array.from({ length: 100 }, (_, i) => 1 + ((i * 13) % 20));
    for (const f of faces) await r.control.roll("a1", f);
    r.pixels("a1").pickUp();
    await r.control.roll("a2", 4);
    await new Promise((res) => setTimeout(res, 450)); // two periodic advert rounds
    expect(r.readings.filter((x) => x.dieId === "a1").map((x) => x.face)).toEqual(faces);
    expect(r.readings.filter((x) => x.dieId === "a2").map((x) => x.face)).toEqual([4]);
    expect(r.pixels("a1").connected()).toBe(false);
    expect(r.health("a1")).toMatchObject({ battery: 85, dieKind: "d20" });
    expect(await r.source.identify?.("a1")).toBe(false);
  });
});
