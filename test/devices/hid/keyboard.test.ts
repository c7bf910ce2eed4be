import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyboardWedgeDecoder, keyChar, keyFor, MAX_WEDGE_LINE } from "../../../devices/hid/keyboard.ts";
import { WedgeEmulator } from "../../../devices/testing/hid/wedge-emulator.ts";

const r = (...b: number[]) => Uint8Array.from(b);
const RELEASE = r(0, 0, 0, 0, 0, 0, 0, 0);
const typeAll = (d: KeyboardWedgeDecoder, reports: Uint8Array[]) => reports.flatMap((x) => d.feed(x).lines);

describe("keyboard-wedge boot reports (reference §4)", () => {
  it("decodes node-hid #413's report [0,0,37,0,0,0,0,0] as '8'", () => {
    expect(keyChar(37, false)).toBe("8");
    const d = new KeyboardWedgeDecoder();
    expect(typeAll(d, [r(0, 0, 37, 0, 0, 0, 0, 0), RELEASE, r(0, 0, 0x28, 0, 0, 0, 0, 0), RELEASE])).toEqual(["8"]);
  });

  it("letters, Shift (left or right) for upper case, keypad digits and Keypad Enter", () => {
    const d = new KeyboardWedgeDecoder();
    const reports = [r(0, 0, 0x04), r(0x02, 0, 0x05), r(0x20, 0, 0x06), r(0, 0, 0x59), r(0, 0, 0x62), r(0, 0, 0x58)].map((x) => {
      const full = new Uint8Array(8);
      full.set(x);
      return full;
    });
    expect(
      typeAll(
        d,
        reports.flatMap((x) => [x, RELEASE]),
      ),
    ).toEqual(["aBC10"]);
  });

  it("a key held across several reports types once; two keys down in one report both type", () => {
    const d = new KeyboardWedgeDecoder();
    const a = r(0, 0, 0x04, 0, 0, 0, 0, 0);
    expect(typeAll(d, [a, a, a, RELEASE, r(0, 0, 0x05, 0x06, 0, 0, 0, 0), RELEASE, r(0, 0, 0x28, 0, 0, 0, 0, 0)])).toEqual(["abc"]);
  });

  it("9-byte reports carry a report id first", () => {
    const d = new KeyboardWedgeDecoder();
    expect(typeAll(d, new WedgeEmulator({ reportId: 2 }).reportsFor("04A2"))).toEqual(["04A2"]);
  });

  it("rejects reports of the wrong length, and a line that never ends", () => {
    const d = new KeyboardWedgeDecoder();
    expect(d.feed(r(0, 0, 4))).toEqual({ lines: [], rejected: "length" });
    const a = r(0, 0, 0x04, 0, 0, 0, 0, 0);
    let overflow = false;
    for (let i = 0; i <= MAX_WEDGE_LINE; i++) {
      overflow ||= d.feed(a).rejected === "overflow";
      d.feed(RELEASE);
    }
    expect(overflow).toBe(true);
  });

  it("the emulator's reports for any typeable UID decode back to it", () => {
    const em = new WedgeEmulator();
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Fa-z]{1,20}$/), (uid) => {
        expect(typeAll(new KeyboardWedgeDecoder(), em.reportsFor(uid))).toEqual([uid]);
      }),
    );
    expect(keyFor("é")).toBeNull();
  });

  it("never throws on arbitrary reports; lines are only of typeable characters", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 0, maxLength: 12 }), { maxLength: 40 }), (reports) => {
        const d = new KeyboardWedgeDecoder();
        for (const line of typeAll(d, reports)) expect(line).toMatch(/^[a-zA-Z0-9 \-_;:!@#$%^&*()]{1,64}$/);
      }),
      { numRuns: 300 },
    );
  });
});
