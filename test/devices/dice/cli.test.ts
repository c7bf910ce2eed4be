import { describe, expect, it } from "vitest";
import { createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import { EmulatedCentral } from "../../../devices/testing/ble/central.ts";
import { EmulatedGoDice } from "../../../devices/testing/ble/godice-die.ts";
import { EmulatedPixelsDie } from "../../../devices/testing/ble/pixels-die.ts";
import { decodeDice } from "../../../host/cli/commands/decode-dice.ts";
import { scanDice } from "../../../host/cli/commands/scan-ble.ts";

const json = (r: ReturnType<typeof decodeDice>) => JSON.parse(r?.stdout ?? "null");

describe("quarterdeck decode pixels | pixels-advert | godice", () => {
  it("is null for families that are not dice", () => {
    expect(decodeDice("pn532", ["00"])).toBeNull();
  });
  it("decodes a Pixels RollState given as separate or joined hex", () => {
    const a = decodeDice("pixels", ["03", "01", "13"]);
    expect(a?.code).toBe(0);
    expect(json(a)).toEqual({
      ok: true,
      family: "pixels",
      messages: [{ hex: "03 01 13", ok: true, type: "rollState", state: "rolled", faceIndex: 19, face: 20 }],
    });
    expect(json(decodeDice("pixels", ["030113"]))).toEqual(json(a));
  });
  it("decodes several messages separated by commas", () => {
    const r = json(decodeDice("pixels", ["03 03 07,", "22 55 00"]));
    expect(r.messages.map((m: { type: string }) => m.type)).toEqual(["rollState", "batteryLevel"]);
  });
  it("decodes a Pixels advert with service data", () => {
    const r = json(decodeDice("pixels-advert", ["39 0D 14 71 01 13 55", ",", "01 00 fe ca 00 f1 53 65"]));
    expect(r.messages[0]).toMatchObject({
      ok: true,
      dieType: "d20",
      colorway: "onyxBlack",
      rollState: "rolled",
      face: 20,
      batteryLevel: 85,
      pixelId: 0xcafe0001,
    });
  });
  it("decodes GoDice with the face under every shell", () => {
    const r = json(decodeDice("godice", ["53 40 00 00"]));
    expect(r.messages[0]).toMatchObject({ type: "stable", kind: "S", x: 64, rollEnd: true, faces: { d6: 6 } });
    expect(Object.keys(r.messages[0].faces)).toEqual(["d6", "d20", "d10", "d10x", "d4", "d8", "d12"]);
  });
  it("bad hex is exit 2 input.invalid naming the message; undecodable bytes are exit 2 decode.rejected", () => {
    const bad = decodeDice("godice", ["5Z"]);
    expect(bad?.code).toBe(2);
    expect(json(bad).error).toMatchObject({ code: "input.invalid", path: "hex[0]" });
    expect(json(decodeDice("pixels", [])).error.code).toBe("input.invalid");
    const rej = decodeDice("pixels", ["03 01 13, 03 09 00"]);
    expect(rej?.code).toBe(2);
    expect(json(rej)).toMatchObject({
      ok: false,
      error: { code: "decode.rejected", path: "hex[1]" },
      messages: [{ ok: true }, { ok: false }],
    });
  });
});

describe("devices scan: the BLE part", () => {
  it("explains, without throwing, when Bluetooth is unavailable (noble on this machine)", async () => {
    const central = createNobleCentral();
    const r = await scanDice(central, 1).finally(() => central.close());
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/^Bluetooth unavailable: /) });
  });
  it("lists the Pixels and GoDice it hears, with the Pixels advert decoded", async () => {
    const central = new EmulatedCentral();
    central.add(new EmulatedPixelsDie({ id: "Pixel d20", kind: "d20", clock: central.clock }));
    central.add(new EmulatedGoDice({ id: "g", clock: central.clock }));
    const r = await scanDice(central, 0.05);
    expect(r.ok && r.dice).toEqual([
      expect.objectContaining({
        family: "pixels",
        name: "Pixel d20",
        advert: expect.objectContaining({ dieType: "d20", batteryLevel: 85 }),
      }),
      expect.objectContaining({ family: "godice", name: expect.stringMatching(/^GoDice_/) }),
    ]);
  });
});
