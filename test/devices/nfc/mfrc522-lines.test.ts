import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineSplitter, MAX_LINE, parseSketchLine } from "../../../devices/nfc/mfrc522/lines.ts";

const enc = (s: string) => new TextEncoder().encode(s);

describe("MFRC522 sketch lines (reference §3)", () => {
  it.each([
    ["Card UID: 04 A2 3B 5C 1D 6E 80", "04A23B5C1D6E80"],
    ["Card UID: DE AD BE EF", "DEADBEEF"],
    ["In hex:  DE AD BE EF", "DEADBEEF"],
    [" In hex:  de ad be ef", "DEADBEEF"],
    ["UID: de:ad:be:ef", "DEADBEEF"],
  ])("%s → %s", (line, uid) => {
    expect(parseSketchLine(line)).toEqual({ kind: "uid", uid });
  });

  it("reads the firmware line and flags clones and counterfeits", () => {
    expect(parseSketchLine("Firmware Version: 0x92 = v2.0")).toEqual({ kind: "firmware", version: 0x92, genuine: true });
    expect(parseSketchLine("Firmware Version: 0x12 = counterfeit chip")).toMatchObject({ genuine: false });
  });

  it("ignores the other lines of DumpInfo and ReadNUID", () => {
    for (const l of ["Card SAK: 08", "PICC type: MIFARE 1KB", "In dec:  222 173 190 239", "Card read previously.", "Card UID: 04 A2"]) {
      expect(parseSketchLine(l)).toEqual({ kind: "other" });
    }
  });

  it("splits \\r\\n lines across chunks and bounds a line without a newline", () => {
    const s = new LineSplitter();
    expect(s.feed(enc("Card UID: DE AD"))).toEqual([]);
    expect(s.feed(enc(" BE EF\r\nCard SAK: 08\r\nPICC"))).toEqual(["Card UID: DE AD BE EF", "Card SAK: 08"]);
    expect(s.feed(enc("x".repeat(MAX_LINE + 10)))).toEqual([]);
    expect(s.overflows).toBe(1);
    expect(s.feed(enc("\r\nIn hex: 01 02 03 04\r\n"))).toEqual(["", "In hex: 01 02 03 04"]);
  });

  it("never throws on arbitrary bytes; every uid it reports is 4, 7 or 10 bytes of upper-case hex", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 10 }), (chunks) => {
        const s = new LineSplitter();
        for (const c of chunks) {
          for (const line of s.feed(c)) {
            const parsed = parseSketchLine(line);
            if (parsed.kind === "uid") expect(parsed.uid).toMatch(/^([0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
