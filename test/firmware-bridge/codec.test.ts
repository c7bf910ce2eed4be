import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BridgeMessage, decodeBridgeSysex, encodeBridgeMessage, pack7, unpack7 } from "../../devices/bridge/messages.ts";
import { BridgeStreamDecoder } from "../../devices/bridge/stream.ts";
import { decodeBridge } from "../../host/cli/commands/decode-bridge.ts";

const h = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s/g, ""), "hex"));

// Captured from the bridge firmware running in simavr (see docs/firmware-bridge.md).
const VECTORS: Array<[string, BridgeMessage]> = [
  ["F0 0E 01 02 07 04 44 6E 61 55 43 1B 40 F7", { type: "tag-arrived", reader: 2, uid: "04A23B5C1D6E80" }],
  ["F0 0E 02 02 07 04 44 6E 61 55 43 1B 40 F7", { type: "tag-left", reader: 2, uid: "04A23B5C1D6E80" }],
  ["F0 0E 03 00 01 32 02 18 00 F7", { type: "reader-status", reader: 0, found: true, version: "320106" }],
  ["F0 0E 03 01 00 00 00 00 00 F7", { type: "reader-status", reader: 1, found: false, version: "000000" }],
  ["F0 0E 04 04 01 F7", { type: "round-done", readerCount: 4, multiplexer: true }],
  ["F0 0E 10 F7", { type: "query" }],
];

function decodeAll(bytes: Uint8Array, chunk = bytes.length) {
  const messages: BridgeMessage[] = [];
  const rejects: string[] = [];
  const d = new BridgeStreamDecoder(
    (m) => messages.push(m),
    (r) => rejects.push(r),
  );
  for (let i = 0; i < bytes.length; i += chunk) d.push(bytes.subarray(i, i + chunk));
  return { messages, rejects };
}

describe("7-bit packing", () => {
  it("packs a MIFARE UID as Firmata's Encoder7Bit does", () => {
    expect(pack7(h("DEADBEEF"))).toEqual([0x5e, 0x5b, 0x7a, 0x7d, 0x0e]);
    expect(Buffer.from(unpack7([0x5e, 0x5b, 0x7a, 0x7d, 0x0e], 4) ?? []).toString("hex")).toBe("deadbeef");
  });
  it("round-trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (b) => {
        expect(unpack7(pack7(b), b.length)).toEqual(b);
      }),
    );
  });
  it("refuses short input and 8-bit groups", () => {
    expect(unpack7([0x01], 2)).toBeNull();
    expect(unpack7([0x80, 0x00], 1)).toBeNull();
  });
});

describe("NFC sysex messages", () => {
  it.each(VECTORS)("decodes and re-encodes %s", (hex, message) => {
    expect(decodeBridgeSysex(h(hex))).toEqual({ ok: true, value: message });
    expect(Buffer.from(encodeBridgeMessage(message)).toString("hex")).toBe(hex.replace(/\s/g, "").toLowerCase());
  });

  it("rejects malformed messages with a reason", () => {
    for (const bad of [
      "F0 0E 01 05 04 5E 5B 7B 7D 0E F7", // reader 5
      "F0 0E 01 00 00 F7", // empty UID
      "F0 0E 01 00 04 5E 5B 7B F7", // packed UID too short
      "F0 0E 01 00 04 5E 5B 7B 7D 0E 00 F7", // too long
      "F0 0E 03 00 02 00 00 00 00 F7", // found must be 0/1
      "F0 0E 04 00 01 F7", // no readers
      "F0 0E 7F F7", // unknown sub-command
      "F0 0E 10 00 F7",
      "F0 6C 7F F7", // not ours
      "F0 0E F7",
    ]) {
      const r = decodeBridgeSysex(h(bad));
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
  });
});

describe("stream decoder", () => {
  const stream = h(
    "F9 02 05" + // REPORT_VERSION
      "F0 79 02 05 71 00 F7" + // firmware name (not ours)
      "F0 0E 01 02 07 04 44 6E 61 55 43 1B 40 F7" +
      "E0 10 00" + // an analog report
      "F0 0E 02 02 07 04 44 6E 61 55 43 1B 40 F7",
  );

  it("finds the NFC messages among Firmata traffic, however the bytes are chunked", () => {
    for (const chunk of [1, 2, 3, 5, 7, stream.length]) {
      const { messages, rejects } = decodeAll(stream, chunk);
      expect(
        messages.map((m) => m.type),
        `chunk ${chunk}`,
      ).toEqual(["tag-arrived", "tag-left"]);
      expect(rejects).toEqual([]);
    }
  });

  it("recovers after garbage and a truncated sysex", () => {
    const noisy = new Uint8Array([...h("00 13 7F F0 0E 01 02 07 04 44"), ...h("F0 0E 04 04 01 F7"), ...h("77 F7 F7 F0 0E 7F F7")]);
    const { messages, rejects } = decodeAll(noisy);
    expect(messages).toEqual([{ type: "round-done", readerCount: 4, multiplexer: true }]);
    expect(rejects).toHaveLength(1);
  });

  it("never throws, and everything it emits is a valid message (fuzz)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 24 }), fc.constantFrom(...VECTORS.map(([x]) => h(x)))), { maxLength: 20 }),
        (parts) => {
          const bytes = new Uint8Array(parts.flatMap((p) => [...p]));
          const { messages } = decodeAll(bytes, 3);
          for (const m of messages) expect(decodeBridgeSysex(encodeBridgeMessage(m))).toEqual({ ok: true, value: m });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("quarterdeck decode bridge", () => {
  it("prints the messages as JSON", () => {
    const r = decodeBridge(["F0 0E 01 02 07 04 44 6E 61 55 43 1B 40 F7", "f00e040401f7"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.messages.map((m: { type: string }) => m.type)).toEqual(["tag-arrived", "round-done"]);
    expect(out.messages[0]).toMatchObject({ reader: 2, uid: "04A23B5C1D6E80" });
  });
  it("is a bad-input error (exit 2) for non-hex or no bytes", () => {
    const r = decodeBridge(["F0 0E zz"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "input.invalid", path: "argv[2]" });
    expect(decodeBridge([]).code).toBe(2);
  });
  it("lists malformed NFC messages as rejected", () => {
    const out = JSON.parse(decodeBridge(["F00E0105045E5B7B7D0EF7"]).stdout);
    expect(out.messages).toEqual([]);
    expect(out.rejected[0].reason).toMatch(/reader 5/);
  });
  it("exits 2 with decode.rejected when anything was rejected or cut off, like the other families", () => {
    const bad = decodeBridge(["F00E0105045E5B7B7D0EF7"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: "decode.rejected" } });
    const cut = decodeBridge(["F0 0E 04 04 01 F7", "F0 0E 01 02 07 04"]);
    expect(cut.code).toBe(2);
    expect(JSON.parse(cut.stdout)).toMatchObject({
      messages: [{ type: "round-done" }],
      rejected: [{ reason: "incomplete", bytes: "F00E01020704" }],
    });
    expect(decodeBridge(["F9 02 05 F0 0E 10 F7"]).code).toBe(0); // Firmata traffic around it is not an error
  });
});
