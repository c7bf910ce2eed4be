import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { CROOKED_MESSAGE } from "../../../devices/dice/die-tracker.ts";
import { GODICE_UUIDS } from "../../../devices/dice/godice/messages.ts";
import { flush, rig, until } from "./rig.ts";

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function connected(godice: Array<{ id: string; shell?: string; color?: string }>) {
  const r = await rig({ godice });
  stop = () => r.source.stop();
  await r.source.start();
  await until(() => godice.every((g) => r.health(g.id)?.status === "connected"), "GoDice connected");
  await flush();
  return r;
}

describe("GoDice driver over the emulator", () => {
  it("finds the die by its GoDice_ name (no service UUID in the advert), sends init, battery and colour requests", async () => {
    const r = await connected([{ id: "g1" }]);
    const die = r.godice("g1");
    expect(die.advertData().serviceUuids).toEqual([]);
    expect(die.name).toMatch(/^GoDice_[0-9A-F]{6}_K_v04$/);
    expect(die.received.map((m) => m[0])).toEqual([0x19, 0x03, 0x17]);
    expect(die.inits).toBe(1);
    expect(r.health("g1")).toMatchObject({ family: "godice", connected: true, battery: 90, color: "black", dieKind: "d6", rssi: -60 });
  });

  it("100 rolls on each of a d6, d20 and d4 shell give exactly 100 events each, faces from the nearest vector", async () => {
    const r = await connected([
      { id: "six", shell: "d6" },
      { id: "twenty", shell: "d20", color: "red" },
      { id: "four", shell: "d4" },
    ]);
    const plan: Record<string, number[]> = {
      six: Array.from({ length: 100 }, (_, i) => 1 + ((i * 5) % 6)),
      twenty: Array.from({ length: 100 }, (_, i) => 1 + ((i * 7) % 20)),
      four: Array.from({ length: 100 }, (_, i) => 1 + ((i * 3) % 4)),
    };
    for (let i = 0; i < 100; i++) for (const id of Object.keys(plan)) await r.control.roll(id, plan[id]?.[i] ?? 1);
    await until(() => r.readings.length >= 300, "300 readings");
    for (const [id, faces] of Object.entries(plan)) expect(r.readings.filter((x) => x.dieId === id).map((x) => x.face)).toEqual(faces);
    expect(r.readings.find((x) => x.dieId === "twenty")).toMatchObject({ family: "godice", dieKind: "d20" });
    expect(r.health("twenty")?.color).toBe("red");
  });

  it("a move-stable (pick-up) is not a roll; tilt-stable asks for a re-roll; duplicates are suppressed", async () => {
    const r = await connected([{ id: "g1" }]);
    const die = r.godice("g1");
    die.pickUp(4);
    await flush();
    expect(r.readings).toEqual([]);
    die.landTilted(2);
    await flush();
    expect(r.health("g1")?.message).toBe(CROOKED_MESSAGE);
    die.faults.set({ duplicate: 1 });
    await r.control.roll("g1", 5);
    await r.control.roll("g1", 5);
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual([5, 5]);
  });

  // Issue 15: an S with no R once the die is connected is a roll whose R was lost (the soak lost such rolls when
  // they came within 2 s of init); an answer to init comes during setup (roll-recovery.test.ts).
  it("an S with no R once the die is connected is a roll whose R was lost; the same bytes again are not", async () => {
    const r = await connected([{ id: "g1" }]);
    r.godice("g1").land(3);
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual([3]);
    await r.control.roll("g1", 3);
    await flush();
    expect(r.readings.map((x) => x.face)).toEqual([3, 3]);
  });

  it("garbage notifications are counted rejections, never rolls", async () => {
    const r = await connected([{ id: "g1" }]);
    const die = r.godice("g1");
    for (const bytes of [[0x53, 0x40], [0x00], [0x52, 0x52], [0x42, 0x61, 0x74, 0xff], [0x58, 0x59, 0x5a]])
      die.inject(Uint8Array.from(bytes));
    await flush();
    expect(r.readings).toEqual([]);
    expect(r.source.rejections.total).toBe(5);
    expect(GODICE_UUIDS.notify).toBe("6e400003b5a3f393e0a9e50e24dcca9e");
  });

  it("each rejection is logged at warn with the die, the bytes and the reason", async () => {
    const lines: Array<{ msg: string; dieId: string; bytes: string; reason: string }> = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const r = await rig({ godice: [{ id: "g1" }], logger });
    stop = () => r.source.stop();
    await r.source.start();
    await until(() => r.health("g1")?.connected === true);
    r.godice("g1").inject(Uint8Array.of(0x53, 0x40));
    await flush();
    expect(lines.filter((l) => l.msg === "rejected die message")).toEqual([
      expect.objectContaining({ dieId: "g1", bytes: "53 40", reason: "S must be 4 bytes, got 2" }),
    ]);
  });

  it("identify blinks both LEDs", async () => {
    const r = await connected([{ id: "g1" }]);
    expect(await r.source.identify?.("g1")).toBe(true);
    await flush();
    expect(r.godice("g1").blinks).toBe(1);
    expect(r.godice("g1").received.at(-1)?.slice(0, 2)).toEqual([0x10, 4]);
  });

  it("rejects an unknown shell or die in the emulator controls", async () => {
    await expect(rig({ godice: [{ id: "g1", shell: "d7" }] })).rejects.toThrow(/unknown shell "d7"/);
    const r = await connected([{ id: "g1" }]);
    await expect(r.control.roll("g1", 7)).rejects.toThrow(/no face 7/);
    await expect(r.control.roll("zz", 1)).rejects.toThrow(/no emulated die "zz"/);
  });
});
