import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeTextTlv, findNdefMessage, parseCapabilityContainer, parseTextRecord } from "../../../devices/nfc/ndef.ts";
import { hex } from "../../../devices/nfc/pn532/frame.ts";
import { bytes } from "./vectors.ts";

describe("NDEF on NTAG21x (reference §2)", () => {
  const pages4to8 = bytes("03 0E D1 01 0A 54 02 65 6E 73 68 69 70 2D 30 37 FE 00 00 00");

  it("encodes the worked example ship-07 exactly as the reference's pages 4–8", () => {
    expect(hex(encodeTextTlv("ship-07"))).toBe(hex(pages4to8.subarray(0, 17)));
  });

  it("reads the capability container of NTAG213 and NTAG215", () => {
    expect(parseCapabilityContainer(bytes("E1 10 12 00"))).toEqual({ version: 0x10, dataBytes: 144, readable: true });
    expect(parseCapabilityContainer(bytes("E1 10 3E 00"))?.dataBytes).toBe(496);
    expect(parseCapabilityContainer(bytes("00 00 00 00"))).toBeNull();
  });

  it("finds the message and the Text record", () => {
    const found = findNdefMessage(pages4to8);
    expect(found.kind).toBe("message");
    if (found.kind === "message") expect(parseTextRecord(found.bytes)).toEqual({ text: "ship-07", lang: "en" });
  });

  it("the NXP community example 'elephant' decodes", () => {
    const found = findNdefMessage(bytes("03 0F D1 01 0B 54 02 65 6E 65 6C 65 70 68 61 6E 74 FE"));
    expect(found.kind === "message" && parseTextRecord(found.bytes)?.text).toBe("elephant");
  });

  it("skips NULL and Lock Control TLVs before the message", () => {
    const area = Uint8Array.of(0x00, 0x01, 0x03, 0xa0, 0x0c, 0x34, ...encodeTextTlv("hms-victory"));
    const found = findNdefMessage(area);
    expect(found.kind === "message" && parseTextRecord(found.bytes)?.text).toBe("hms-victory");
  });

  it("asks for more bytes when the message runs past what was read", () => {
    expect(findNdefMessage(pages4to8.subarray(0, 12))).toEqual({ kind: "need", total: 16 });
    expect(findNdefMessage(bytes("FE 00 00 00"))).toEqual({ kind: "none" });
  });

  it("never throws on arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const found = findNdefMessage(b);
        if (found.kind === "message") parseTextRecord(found.bytes);
        parseTextRecord(b);
        parseCapabilityContainer(b);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips any short text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const found = findNdefMessage(encodeTextTlv(text));
        expect(found.kind === "message" && parseTextRecord(found.bytes)?.text).toBe(text);
      }),
    );
  });
});
