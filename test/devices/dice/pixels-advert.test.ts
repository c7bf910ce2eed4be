import { describe, expect, it } from "vitest";
import { decodePixelsAdvert, encodePixelsAdvert } from "../../../devices/dice/pixels/advert.ts";
import { faceFromIndex } from "../../../devices/dice/pixels/faces.ts";
import { pixelsServiceData } from "../../../devices/testing/ble/pixels-bytes.ts";
import { hex } from "../../support/hex.ts";

describe("Pixels advert manufacturer data (dice-ble §1.2)", () => {
  it("39 0D 14 71 01 13 55: d20, onyx black, rolled, index 19 (face 20), 85 %, not charging", () => {
    const d = decodePixelsAdvert(hex("39 0D 14 71 01 13 55"));
    expect(d).toEqual({
      ok: true,
      value: {
        layout: "current",
        companyId: 0x0d39,
        ledCount: 20,
        dieType: "d20",
        colorway: "onyxBlack",
        rollState: "rolled",
        faceIndex: 19,
        batteryLevel: 85,
        charging: false,
      },
    });
    expect(faceFromIndex("d20", "d20", 19)).toBe(20);
  });
  it("reads the charging bit and legacy company id 0xFFFF", () => {
    const d = decodePixelsAdvert(hex("FF FF 06 21 03 02 D0"));
    expect(d.ok && d.value).toMatchObject({
      companyId: 0xffff,
      dieType: "d6",
      colorway: "onyxBlack",
      rollState: "rolling",
      batteryLevel: 80,
      charging: true,
    });
  });
  it("adds pixelId and build timestamp from the 0x180A service data", () => {
    const d = decodePixelsAdvert(hex("39 0D 14 71 01 13 55"), pixelsServiceData(0xcafe0001, 1_700_000_000));
    expect(d.ok && d.value).toMatchObject({ pixelId: 0xcafe0001, buildTimestamp: 1_700_000_000 });
  });
  it("guesses the die type from the LED count when the type nibble is 0", () => {
    const d = decodePixelsAdvert(hex("39 0D 0C 01 05 00 50"));
    expect(d.ok && d.value.dieType).toBe("d12");
  });
  it("parses the pre-July-2022 layout (LED count in the company-id field)", () => {
    const d = decodePixelsAdvert(hex("14 00 78 56 34 12 01 0A FF"));
    expect(d.ok && d.value).toMatchObject({
      layout: "pre-2022",
      ledCount: 20,
      dieType: "d20",
      pixelId: 0x12345678,
      rollState: "rolled",
      faceIndex: 10,
      batteryLevel: 100,
    });
  });
  it("rejects other companies, wrong lengths, bad states and faces", () => {
    expect(decodePixelsAdvert(hex("4C 00 14 71 01 13 55"))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/company id 0x004c/),
    });
    expect(decodePixelsAdvert(hex("39 0D 14 71 01 13"))).toMatchObject({ ok: false, error: expect.stringMatching(/7 bytes/) });
    expect(decodePixelsAdvert(hex("39 0D 14 71 09 13 55"))).toMatchObject({ ok: false, error: expect.stringMatching(/roll state/) });
    expect(decodePixelsAdvert(hex("39 0D 14 71 01 20 55"))).toMatchObject({ ok: false, error: expect.stringMatching(/face index/) });
    expect(decodePixelsAdvert(hex("39 0D 14 B1 01 13 55"))).toMatchObject({ ok: false, error: expect.stringMatching(/die type 11/) });
    expect(decodePixelsAdvert(hex("39 0D 14 71 01 13 7F"))).toMatchObject({ ok: false, error: expect.stringMatching(/battery/) });
  });
  it("round-trips the emulator's encoder", () => {
    const bytes = encodePixelsAdvert({
      ledCount: 8,
      dieType: "d8",
      colorway: 4,
      rollState: "handling",
      faceIndex: 3,
      batteryLevel: 42,
      charging: false,
    });
    expect(bytes).toEqual(hex("39 0D 08 34 02 03 2A"));
    expect(decodePixelsAdvert(bytes).ok).toBe(true);
  });
});
