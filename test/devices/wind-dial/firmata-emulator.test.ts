/** The in-process Firmata board emulator, byte for byte (vectors from nfc-serial-firmata.md §5.2). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FirmataBoardEmulator, FirmataSplitter } from "../../../devices/testing/firmata/index.ts";

const h = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s/g, ""), "hex"));

function board() {
  const b = new FirmataBoardEmulator({ firmwareName: "Sim", version: [2, 5] });
  const out: number[] = [];
  b.onSend((bytes) => out.push(...bytes));
  return { b, out, hex: () => Buffer.from(out).toString("hex").toUpperCase() };
}

describe("Firmata board emulator", () => {
  it("sends the boot banner: REPORT_VERSION, then the firmware name in 7-bit pairs", () => {
    const { b, hex } = board();
    b.reset();
    expect(hex()).toBe("F90205F0790205530069006D00F7");
  });

  it("answers the handshake and obeys what johnny-five writes for a servo", () => {
    const { b, out } = board();
    // F9 | F0 79 F7 | F0 6B F7 | F0 69 F7 | servoConfig(9,600,2400) | pinMode(9,4) | servoWrite(9,1500) | servoWrite(19,1500)
    b.receive(h("F9 F079F7 F06BF7 F069F7 F070095804601 2F7 F40904 E95C0B F41304 F06F135C0BF7")); // (+ pinMode(19,4))
    const text = Buffer.from(out).toString("hex").toUpperCase();
    expect(text.startsWith("F90205F0790205")).toBe(true);
    expect(text).toContain("F06C7F7F0001010104"); // capability: pins 0 and 1 have no modes, pin 2 input/output/servo…
    expect(text).toContain("F06A7F7F7F7F7F7F7F7F7F7F7F7F7F7F000102030405F7"); // analog mapping A0–A5 on pins 14–19
    expect(b.servoPulse(9)).toBe(1500);
    expect(b.servoAngle(9)).toBe(90);
    expect(b.servoPulse(19)).toBe(1500);
  });

  it("treats servo values below 544 as degrees, like the Arduino Servo library", () => {
    const { b } = board();
    b.receive(h("F0 70 09 58 04 60 12 F7 E9 2D 00")); // 45
    expect(b.servoPulse(9)).toBe(1050);
  });

  it("skips garbage and abandons a message cut short by a command byte", () => {
    const { b } = board();
    b.receive(h("13 7F 00 F0 70 09 58 E9 5C 0B 22 F7 F7 F0 0E 01 F7"));
    expect(b.servoPulse(9)).toBeNull(); // servo not configured: the write was an ordinary analog write
    b.receive(h("F4 09 04 E9 5C 0B"));
    expect(b.servoPulse(9)).toBe(1500);
    expect(b.discarded).toBeGreaterThan(0);
  });

  it("splitter never throws and only emits well-formed messages (fuzz)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 17 }), (bytes, chunk) => {
        const seen: Uint8Array[] = [];
        const s = new FirmataSplitter((m) => seen.push(m.bytes));
        for (let i = 0; i < bytes.length; i += chunk) s.push(bytes.subarray(i, i + chunk));
        for (const m of seen) {
          expect(m[0]).toBeGreaterThanOrEqual(0x80);
          expect([...m.subarray(1, m[0] === 0xf0 ? -1 : undefined)].every((x) => x < 0x80)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
