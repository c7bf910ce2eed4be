/**
 * Emulated tags: an NTAG213/215 memory image (UID pages, capability container, NDEF TLVs) or a MIFARE
 * Classic 1K seen only by its UID — the bytes a PN532 would read from a real tag.
 */
import { encodeTextTlv } from "../../nfc/ndef.ts";
import { normaliseUid } from "../../nfc/presence.ts";

export interface EmulatedTag {
  readonly uid: Uint8Array;
  readonly atqa: number;
  readonly sak: number;
  /** Pages of 4 bytes; empty for a tag whose memory is not emulated. */
  readonly memory: Uint8Array;
}

const CC: Record<"ntag213" | "ntag215", { pages: number; size: number }> = {
  ntag213: { pages: 45, size: 0x12 },
  ntag215: { pages: 135, size: 0x3e },
};

export function uidBytes(uid: string): Uint8Array {
  const hex = normaliseUid(uid);
  if (!hex || hex.length % 2 !== 0) throw new TypeError(`"${uid}" is not a UID in hex`);
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** An NTAG21x with an optional NDEF Text record (a ship id). A 7-byte UID is NTAG's; others are allowed for tests. */
export function ntag(uid: string, text?: string, model: "ntag213" | "ntag215" = "ntag213"): EmulatedTag {
  const id = uidBytes(uid);
  const { pages, size } = CC[model];
  const memory = new Uint8Array(pages * 4);
  memory.set(id.subarray(0, 3), 0);
  memory.set(id.subarray(3, 7), 4);
  memory.set([0xe1, 0x10, size, 0x00], 12);
  memory.set(text === undefined ? [0x03, 0x00, 0xfe] : encodeTextTlv(text), 16);
  return { uid: id, atqa: 0x0044, sak: 0x00, memory };
}

/** A MIFARE Classic 1K (ATQA 00 04, SAK 08): UID only. */
export function classic1k(uid: string): EmulatedTag {
  return { uid: uidBytes(uid), atqa: 0x0004, sak: 0x08, memory: new Uint8Array(0) };
}

/** 16 bytes from `page` on, rolling over at the end of memory (NTAG READ); null beyond the last page. */
export function readFour(tag: EmulatedTag, page: number): Uint8Array | null {
  const pages = tag.memory.length / 4;
  if (page >= pages) return null;
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = tag.memory[((page * 4 + i) % tag.memory.length) | 0] ?? 0;
  return out;
}
