import { Value } from "@sinclair/typebox/value";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PadConfigSchema } from "../../../devices/pad/index.ts";
import { PadDecoder, resolveButtons } from "../../../devices/pad/pad.ts";

const layout = {
  debounceMs: 50,
  buttonsByte: 1,
  buttons: [
    { command: "confirm", button: 0 },
    { command: "undo", button: 9 },
    { command: "next-phase", byte: 3, bit: 7 },
  ],
};

describe("HID pad mapping", () => {
  it("maps button indices from buttonsByte and explicit byte/bit", () => {
    expect(resolveButtons(layout)).toEqual([
      { command: "confirm", byte: 1, mask: 1 },
      { command: "undo", byte: 2, mask: 2 },
      { command: "next-phase", byte: 3, mask: 0x80 },
    ]);
  });

  it("one press = one event however long it is held; release and press again = a second event", () => {
    const d = new PadDecoder(layout);
    const down = Uint8Array.of(0, 1, 0, 0);
    const up = Uint8Array.of(0, 0, 0, 0);
    expect(d.feed(down, 0).commands).toEqual(["confirm"]);
    for (let t = 10; t < 5000; t += 10) expect(d.feed(down, t).commands).toEqual([]);
    expect(d.feed(up, 5000).commands).toEqual([]);
    expect(d.feed(down, 5100).commands).toEqual(["confirm"]);
  });

  it("contact bounce inside the debounce time is one press", () => {
    const d = new PadDecoder(layout);
    const down = Uint8Array.of(0, 0, 2, 0);
    const up = Uint8Array.of(0, 0, 0, 0);
    expect([d.feed(down, 0), d.feed(up, 5), d.feed(down, 10), d.feed(up, 20), d.feed(down, 30)].flatMap((f) => f.commands)).toEqual([
      "undo",
    ]);
  });

  it("two buttons in one report are two commands; a short report is rejected", () => {
    const d = new PadDecoder(layout);
    expect(d.feed(Uint8Array.of(0, 1, 0, 0x80), 0).commands).toEqual(["confirm", "next-phase"]);
    expect(d.feed(Uint8Array.of(0, 1), 100)).toEqual({ commands: [], rejected: "length" });
  });

  it("a mapping with neither byte/bit nor button is a configuration error naming it", () => {
    expect(() => resolveButtons({ buttons: [{ command: "confirm" }] })).toThrow(/buttons\[0\] \(confirm\)/);
  });

  it("PadConfigSchema accepts a pad and rejects unknown keys and bad commands", () => {
    const pad = { id: "pad", vendorId: 0x0079, productId: 0x0011, buttons: [{ command: "confirm", button: 0 }] };
    expect(Value.Check(PadConfigSchema, pad)).toBe(true);
    expect(Value.Check(PadConfigSchema, { ...pad, colour: "red" })).toBe(false);
    expect(Value.Check(PadConfigSchema, { ...pad, buttons: [{ command: "Confirm!", button: 0 }] })).toBe(false);
  });

  it("never throws on arbitrary reports; commands are only mapped ones, each press at most once per edge", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 6 }), { maxLength: 50 }), (reports) => {
        const d = new PadDecoder(layout);
        reports.forEach((rep, i) => {
          for (const c of d.feed(rep, i * 100).commands) expect(["confirm", "undo", "next-phase"]).toContain(c);
        });
      }),
      { numRuns: 300 },
    );
  });
});
