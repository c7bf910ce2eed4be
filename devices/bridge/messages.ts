/**
 * The quarterdeck NFC sysex extension of the bridge firmware (firmware-bridge/src/firmata.h), host side.
 *
 * Every message is a Firmata sysex `F0 0E <sub> … F7` (0x0E is in Firmata's user-defined range 0x01–0x0F):
 *
 * | sub | direction | bytes after `F0 0E sub` |
 * |---|---|---|
 * | 01 tag-arrived | board → host | reader, uidLength, packed(uid) |
 * | 02 tag-left | board → host | reader, uidLength, packed(uid) |
 * | 03 reader-status | board → host | reader, found (0/1), packed(PN532 IC, version, revision) |
 * | 04 round-done | board → host | readerCount, multiplexer (0/1) — every reader polled once since boot or query |
 * | 10 query | host → board | (nothing) — the board re-sends every status and present tag, then round-done |
 *
 * `packed(x)` is Firmata's Encoder7Bit layout: the bytes as one little-endian bit stream cut into 7-bit groups.
 */
import type { Result } from "../../src/result.ts";

export const NFC_SYSEX = 0x0e;
export const SUB = { tagArrived: 0x01, tagLeft: 0x02, readerStatus: 0x03, roundDone: 0x04, query: 0x10 } as const;
export const MAX_READERS = 4;
export const MAX_UID = 10;

export type BridgeMessage =
  | { readonly type: "tag-arrived" | "tag-left"; readonly reader: number; readonly uid: string }
  | { readonly type: "reader-status"; readonly reader: number; readonly found: boolean; readonly version: string }
  | { readonly type: "round-done"; readonly readerCount: number; readonly multiplexer: boolean }
  | { readonly type: "query" };

/** Packs 8-bit bytes into 7-bit groups (Encoder7Bit). */
export function pack7(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc |= b << bits;
    bits += 8;
    while (bits >= 7) {
      out.push(acc & 0x7f);
      acc >>= 7;
      bits -= 7;
    }
  }
  if (bits > 0) out.push(acc & 0x7f);
  return out;
}

/** Unpacks `count` bytes from 7-bit groups; null when there are too few groups or a group has bit 7 set. */
export function unpack7(groups: ArrayLike<number>, count: number): Uint8Array | null {
  if (Math.ceil((count * 8) / 7) > groups.length) return null;
  const out = new Uint8Array(count);
  let acc = 0;
  let bits = 0;
  let k = 0;
  for (let i = 0; i < groups.length && k < count; i++) {
    const g = groups[i] ?? 0;
    if (g > 0x7f) return null;
    acc |= g << bits;
    bits += 7;
    if (bits >= 8) {
      out[k++] = acc & 0xff;
      acc >>= 8;
      bits -= 8;
    }
  }
  return k === count ? out : null;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();

/** Encodes one message as the complete sysex (`F0 0E … F7`). */
export function encodeBridgeMessage(m: BridgeMessage): Uint8Array {
  const body: number[] = [];
  switch (m.type) {
    case "tag-arrived":
    case "tag-left": {
      const uid = Buffer.from(m.uid, "hex");
      body.push(m.type === "tag-arrived" ? SUB.tagArrived : SUB.tagLeft, m.reader, uid.length, ...pack7(uid));
      break;
    }
    case "reader-status":
      body.push(SUB.readerStatus, m.reader, m.found ? 1 : 0, ...pack7(Buffer.from(m.version.padEnd(6, "0").slice(0, 6), "hex")));
      break;
    case "round-done":
      body.push(SUB.roundDone, m.readerCount, m.multiplexer ? 1 : 0);
      break;
    case "query":
      body.push(SUB.query);
      break;
  }
  return Uint8Array.from([0xf0, NFC_SYSEX, ...body, 0xf7]);
}

/** Decodes one complete sysex. Anything malformed is a reason, never a throw. */
export function decodeBridgeSysex(sysex: Uint8Array): Result<BridgeMessage, string> {
  if (sysex.length < 4 || sysex[0] !== 0xf0 || sysex[sysex.length - 1] !== 0xf7) return fail("not a complete sysex (F0 … F7)");
  if (sysex[1] !== NFC_SYSEX) return fail(`sysex 0x${(sysex[1] ?? 0).toString(16)} is not the NFC extension (0x0e)`);
  const d = sysex.subarray(2, sysex.length - 1);
  if (d.some((b) => b > 0x7f)) return fail("a data byte has bit 7 set");
  const sub = d[0];
  const reader = d[1] ?? -1;
  switch (sub) {
    case SUB.tagArrived:
    case SUB.tagLeft: {
      const len = d[2] ?? 0;
      if (reader >= MAX_READERS) return fail(`reader ${reader} is out of range (0–${MAX_READERS - 1})`);
      if (len < 1 || len > MAX_UID) return fail(`UID length ${len} is out of range (1–${MAX_UID})`);
      const uid = unpack7(d.subarray(3), len);
      if (!uid || d.length !== 3 + Math.ceil((len * 8) / 7)) return fail(`UID of ${len} bytes does not match the packed length`);
      return { ok: true, value: { type: sub === SUB.tagArrived ? "tag-arrived" : "tag-left", reader, uid: hex(uid) } };
    }
    case SUB.readerStatus: {
      if (reader < 0 || reader >= MAX_READERS) return fail(`reader ${reader} is out of range (0–${MAX_READERS - 1})`);
      const found = d[2];
      const version = unpack7(d.subarray(3), 3);
      if ((found !== 0 && found !== 1) || !version || d.length !== 7) return fail("malformed reader-status");
      return { ok: true, value: { type: "reader-status", reader, found: found === 1, version: hex(version) } };
    }
    case SUB.roundDone: {
      const mux = d[2];
      if (d.length !== 3 || reader < 1 || reader > MAX_READERS || (mux !== 0 && mux !== 1)) return fail("malformed round-done");
      return { ok: true, value: { type: "round-done", readerCount: reader, multiplexer: mux === 1 } };
    }
    case SUB.query:
      return d.length === 1 ? { ok: true, value: { type: "query" } } : fail("malformed query");
    default:
      return fail(`unknown NFC sub-command 0x${(sub ?? 0).toString(16)}`);
  }
}

function fail(reason: string): Result<BridgeMessage, string> {
  return { ok: false, error: reason };
}
