import { describe, expect, it } from "vitest";
import { crookedMeansRolled, faceFromIndex } from "../../../devices/dice/pixels/faces.ts";
import { decodeIAmADie } from "../../../devices/dice/pixels/iamadie.ts";
import { blink, decodePixelsMessage, requestRollState, whoAreYou } from "../../../devices/dice/pixels/messages.ts";
import { chunkedIAmADie, legacyIAmADie } from "../../../devices/testing/ble/pixels-bytes.ts";
import { hex } from "../../support/hex.ts";

const ok = (s: string) => {
  const d = decodePixelsMessage(hex(s));
  if (!d.ok) throw new Error(d.error);
  return d.value;
};
const rejected = (s: string) => {
  const d = decodePixelsMessage(hex(s));
  return d.ok ? null : d.error;
};

describe("Pixels RollState (dice-ble §1.4 vectors)", () => {
  it("03 01 13 is a d20 landing on 20", () => {
    expect(ok("03 01 13")).toEqual({ type: "rollState", state: "rolled", faceIndex: 19 });
    expect(faceFromIndex("d20", "d20", 19)).toBe(20);
  });
  it("03 03 07 is mid-roll; 03 01 05 is a d6 landing on 6", () => {
    expect(ok("03 03 07")).toEqual({ type: "rollState", state: "rolling", faceIndex: 7 });
    expect(ok("03 01 05")).toMatchObject({ state: "rolled", faceIndex: 5 });
    expect(faceFromIndex("d6", "d6", 5)).toBe(6);
  });
  it("decodes every roll state name", () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => (ok(`03 0${s} 00`) as { state: string }).state)).toEqual([
      "unknown",
      "rolled",
      "handling",
      "rolling",
      "crooked",
      "onFace",
    ]);
  });
  it("rejects bad lengths, unknown states and impossible faces", () => {
    expect(rejected("03 01")).toMatch(/3 bytes/);
    expect(rejected("03 01 13 00")).toMatch(/3 bytes/);
    expect(rejected("03 06 00")).toMatch(/roll state/);
    expect(rejected("03 01 14")).toMatch(/face index/);
  });
});

describe("Pixels other messages (dice-ble §1.6)", () => {
  it("BatteryLevel 22 55 00 is 85 %, ok", () => {
    expect(ok("22 55 00")).toEqual({ type: "batteryLevel", level: 85, batteryState: "ok" });
    expect(ok("22 64 02")).toEqual({ type: "batteryLevel", level: 100, batteryState: "charging" });
    expect(rejected("22 65 00")).toMatch(/over 100/);
    expect(rejected("22 50 06")).toMatch(/battery state/);
  });
  it("Rssi is a signed byte; BlinkAck is one byte", () => {
    expect(ok("24 c4")).toEqual({ type: "rssi", rssi: -60 });
    expect(ok("1e")).toEqual({ type: "blinkAck" });
    expect(rejected("1e 00")).toMatch(/1 bytes/);
  });
  it("known but unused types pass as other; 00 and unknown numbers are rejected", () => {
    expect(ok("04 00 00")).toEqual({ type: "other", messageType: 4 });
    expect(rejected("")).toBe("empty message");
    expect(rejected("00")).toMatch(/unknown message type/);
    expect(rejected("ff 01")).toMatch(/unknown message type 0xff/);
  });
  it("host→die commands: WhoAreYou 01, RequestRollState 17, Blink matches the reference bytes", () => {
    expect([...whoAreYou()]).toEqual([0x01]);
    expect([...requestRollState()]).toEqual([0x17]);
    expect(blink({ count: 1, durationMs: 1000, color: 0xff0000, faceMask: 0xffffffff, fade: 0, loopCount: 1 })).toEqual(
      hex("1D 01 E8 03 00 00 FF 00 FF FF FF FF 00 01"),
    );
  });
});

const fields = {
  pixelId: 0x11223344,
  dieType: "d20" as const,
  ledCount: 20,
  colorway: 3,
  buildTimestamp: 1_753_315_200,
  name: "Ship's d20",
  batteryLevel: 77,
  batteryState: "ok" as const,
  rollState: "rolled" as const,
  faceIndex: 12,
};

describe("Pixels IAmADie (dice-ble §1.5)", () => {
  it("decodes the 108-byte chunked form by its chunk sizes", () => {
    const bytes = chunkedIAmADie(fields);
    expect(bytes.length).toBe(108);
    expect([bytes[1], bytes[16], bytes[26], bytes[58], bytes[90], bytes[103]]).toEqual([15, 10, 32, 32, 13, 5]);
    const d = decodeIAmADie(bytes);
    expect(d).toEqual({
      ok: true,
      value: {
        form: "chunked",
        pixelId: 0x11223344,
        dieType: "d20",
        ledCount: 20,
        colorway: "midnightGalaxy",
        buildTimestamp: 1_753_315_200,
        firmwareVersion: 0x0100,
        name: "Ship's d20",
        batteryLevel: 77,
        batteryState: "ok",
        rollState: "rolled",
        faceIndex: 12,
      },
    });
  });
  it("walks a longer chunk from newer firmware (extra field at the end of DieInfo)", () => {
    const b = [...chunkedIAmADie(fields)];
    b.splice(26, 0, 0xaa); // one more byte in DieInfo
    b[16] = 11;
    const d = decodeIAmADie(Uint8Array.from(b));
    expect(d.ok && d.value.name).toBe("Ship's d20");
    expect(d.ok && d.value.faceIndex).toBe(12);
  });
  it("decodes the 22-byte legacy flat form", () => {
    const d = decodeIAmADie(legacyIAmADie({ ...fields, dieType: "d6", ledCount: 6, faceIndex: 2 }));
    expect(d.ok && d.value).toMatchObject({
      form: "legacy",
      pixelId: 0x11223344,
      dieType: "d6",
      ledCount: 6,
      colorway: "midnightGalaxy",
      batteryLevel: 77,
      rollState: "rolled",
      faceIndex: 2,
    });
  });
  it("rejects a cut message, a chunk running past the end and bad enums", () => {
    const full = chunkedIAmADie(fields);
    expect(decodeIAmADie(full.slice(0, 107)).ok).toBe(false);
    const bad = Uint8Array.from(full);
    bad[90] = 40;
    expect(decodeIAmADie(bad)).toMatchObject({ ok: false });
    const badType = Uint8Array.from(full);
    badType[22] = 42;
    expect(decodeIAmADie(badType)).toMatchObject({ ok: false, error: expect.stringMatching(/die type 42/) });
    expect(decodeIAmADie(hex("02"))).toMatchObject({ ok: false });
  });
});

describe("Pixels faces and firmware bugs", () => {
  it("d10 is the index, d00 index × 10, others index + 1", () => {
    expect(faceFromIndex("d10", "d10", 0)).toBe(0);
    expect(faceFromIndex("d00", "d00", 9)).toBe(90);
    expect(faceFromIndex("d12", "d12", 11)).toBe(12);
  });
  it("remaps d4 and d6 on firmware built before 2024-01-01 (bad normals)", () => {
    const old = 1_700_000_000;
    expect([0, 1, 2, 3, 4, 5].map((i) => faceFromIndex("d6", "d6", i, old))).toEqual([1, 5, 4, 3, 2, 6]);
    expect([0, 2, 3, 5].map((i) => faceFromIndex("d4", "d4", i, old))).toEqual([1, 3, 2, 4]);
    expect(faceFromIndex("d6", "d6", 1, 1_753_315_200)).toBe(2);
  });
  it("reads crooked as rolled only on 6-LED dice with firmware before 2024-05-22", () => {
    expect(crookedMeansRolled(6, 1_710_000_000)).toBe(true);
    expect(crookedMeansRolled(6, 1_753_315_200)).toBe(false);
    expect(crookedMeansRolled(20, 1_710_000_000)).toBe(false);
    expect(crookedMeansRolled(6, undefined)).toBe(false);
  });
});

describe("framing: one notification is one message", () => {
  it("a notification split in two is never a roll: the head is rejected, the tail is another type", () => {
    expect(rejected("03 01")).not.toBeNull();
    expect(ok("13")).toEqual({ type: "other", messageType: 0x13 });
  });
  it("two messages in one notification are rejected, not half-read", () => {
    expect(rejected("03 03 07 03 01 13")).toMatch(/3 bytes/);
  });
});
