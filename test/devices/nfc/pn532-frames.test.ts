import { describe, expect, it } from "vitest";
import {
  decodeFirmwareVersion,
  decodeInDataExchange,
  decodeInListPassiveTarget,
  getFirmwareVersion,
  inListPassiveTarget,
  maxRetries,
  readPages,
  samConfiguration,
} from "../../../devices/nfc/pn532/commands.ts";
import { encodeFrame, frameBytes, hex, TFI_PN532 } from "../../../devices/nfc/pn532/frame.ts";
import { Pn532Parser } from "../../../devices/nfc/pn532/parser.ts";
import { uidHex } from "../../../devices/nfc/presence.ts";
import { bytes, V } from "./vectors.ts";

const parseAll = (...chunks: string[]) => {
  const p = new Pn532Parser();
  const frames = chunks.flatMap((c) => p.feed(bytes(c)).frames);
  return { frames, parser: p };
};

const params = (frameHex: string): Uint8Array => {
  const [f] = parseAll(frameHex).frames;
  if (f?.kind !== "info") throw new Error("not an info frame");
  return f.data.subarray(1);
};

describe("PN532 command frames (reference §1.3)", () => {
  it.each([
    ["GetFirmwareVersion", getFirmwareVersion(), V.getFirmwareVersion],
    ["SAMConfiguration", samConfiguration(), V.samConfiguration],
    ["RFConfiguration MaxRetries 0x10", maxRetries(0x10), V.maxRetries],
    ["InListPassiveTarget", inListPassiveTarget(), V.inList],
    ["READ page 3", readPages(3), V.readPage3],
    ["READ page 4", readPages(4), V.readPage4],
  ])("%s encodes to the reference bytes", (_name, frame, expected) => {
    expect(hex(frame)).toBe(expected);
  });

  it("encodes an extended frame with LEN 0x0105 as 01 05 FA", () => {
    const frame = encodeFrame(0xd4, new Uint8Array(0x104));
    expect(hex(frame.subarray(0, 8))).toBe("00 00 FF FF FF 01 05 FA");
    const [parsed] = new Pn532Parser().feed(frame).frames;
    expect(parsed).toMatchObject({ kind: "info", extended: true, tfi: 0xd4 });
  });
});

describe("PN532 frame parser", () => {
  it.each([
    ["ACK", V.ack, { kind: "ack" }],
    ["NACK", V.nack, { kind: "nack" }],
    ["error frame", V.error, { kind: "error" }],
    ["SAMConfiguration response", V.samResponse, { kind: "info", tfi: TFI_PN532 }],
  ])("decodes the %s", (_name, frameHex, expected) => {
    const { frames, parser } = parseAll(frameHex);
    expect(frames).toEqual([expect.objectContaining(expected)]);
    expect(parser.pending).toBe(0);
  });

  it("decodes the firmware version 1.6 of IC 0x32", () => {
    expect(decodeFirmwareVersion(params(V.firmwareResponse))).toEqual({ ic: 0x32, version: "1.6", support: 7 });
  });

  it("decodes an NTAG and a MIFARE Classic target, and no target", () => {
    const [ntag] = decodeInListPassiveTarget(params(V.ntagFound)) ?? [];
    expect(ntag && { uid: uidHex(ntag.uid), atqa: ntag.atqa, sak: ntag.sak, tg: ntag.tg }).toEqual({
      uid: "04A23B5C1D6E80",
      atqa: 0x44,
      sak: 0,
      tg: 1,
    });
    const [classic] = decodeInListPassiveTarget(params(V.classicFound)) ?? [];
    expect(classic && uidHex(classic.uid)).toBe("DEADBEEF");
    expect(classic?.sak).toBe(0x08);
    expect(decodeInListPassiveTarget(params(V.noTarget))).toEqual([]);
  });

  it("rejects malformed target lists instead of guessing", () => {
    expect(decodeInListPassiveTarget(bytes("01 01 00 44 00 07 04 A2"))).toBeNull();
    expect(decodeInListPassiveTarget(bytes("01 01 00 44 00 05 01 02 03 04 05"))).toBeNull();
    expect(decodeInListPassiveTarget(new Uint8Array(0))).toBeNull();
  });

  it("decodes InDataExchange status and data", () => {
    expect(decodeInDataExchange(params(V.exchangeTimeout))).toMatchObject({ status: 1, error: 1 });
    const page3 = decodeInDataExchange(params(V.readPage3Response));
    expect(page3?.error).toBe(0);
    expect(hex(page3?.data ?? new Uint8Array())).toBe("E1 10 12 00 03 0E D1 01 0A 54 02 65 6E 73 68 69");
  });

  it("reassembles a frame split at every possible point", () => {
    const whole = V.ntagFound.split(" ");
    for (let cut = 1; cut < whole.length; cut++) {
      const { frames } = parseAll(whole.slice(0, cut).join(" "), whole.slice(cut).join(" "));
      expect(frames, `cut at ${cut}`).toHaveLength(1);
    }
  });

  it("reassembles a frame fed one byte at a time", () => {
    const { frames } = parseAll(...V.readPage4Response.split(" "));
    expect(frames).toHaveLength(1);
  });

  it("finds two frames (ACK then response) in one chunk", () => {
    const { frames } = parseAll(`${V.ack} ${V.ntagFound}`);
    expect(frames.map((f) => f.kind)).toEqual(["ack", "info"]);
  });

  it("drops a frame with a bad LCS and a frame with a bad DCS, counting both, then finds the next good one", () => {
    const badLcs = V.samResponse.replace("FE", "FD");
    const badDcs = V.samResponse.replace("16 00", "17 00");
    const p = new Pn532Parser();
    const r = p.feed(bytes(`${badLcs} ${badDcs} ${V.rfResponse}`));
    expect(r.frames).toEqual([expect.objectContaining({ kind: "info" })]);
    expect(r.rejected.map((x) => x.reason)).toEqual(expect.arrayContaining(["lcs", "dcs"]));
    expect(p.stats.rejected).toBe(r.rejected.length);
  });

  it("skips garbage before a frame and reports it", () => {
    const r = new Pn532Parser().feed(bytes(`55 55 13 37 FF ${V.ack}`));
    expect(r.frames).toEqual([{ kind: "ack" }]);
    expect(r.rejected).toEqual([{ reason: "garbage", bytes: 5 }]);
  });

  it("does not count preamble and postamble zeros as garbage", () => {
    const r = new Pn532Parser().feed(bytes(`00 00 00 ${V.ack} 00 00`));
    expect(r.rejected).toEqual([]);
  });

  it("resyncs when a corrupted start hides a real frame", () => {
    // "00 FF 05 FB" looks like a header of a 5-byte body; the real frame starts inside it.
    const r = new Pn532Parser().feed(bytes(`00 FF 05 FB D5 ${V.samResponse}`));
    expect(r.frames).toEqual([expect.objectContaining({ kind: "info", data: bytes("15") })]);
  });

  it("round-trips every decoded frame through frameBytes", () => {
    for (const v of Object.values(V)) {
      const [f] = parseAll(v).frames;
      expect(f && hex(frameBytes(f))).toBe(v);
    }
  });
});
