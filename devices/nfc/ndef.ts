/**
 * NDEF on NFC Forum Type 2 tags (NTAG213/215/216): the capability container in page 3, the TLVs from page 4
 * (nfcpy tt2.py `read_tlv`) and the well-known Text record (ndeflib text.py). Pure functions over bytes.
 */

/** Capability container (page 3): `E1`, version, data-area size / 8, access. */
export interface CapabilityContainer {
  readonly version: number;
  readonly dataBytes: number;
  readonly readable: boolean;
}

export function parseCapabilityContainer(page3: Uint8Array): CapabilityContainer | null {
  if (page3.length < 4 || page3[0] !== 0xe1) return null;
  const access = page3[3] ?? 0xff;
  return { version: page3[1] ?? 0, dataBytes: (page3[2] ?? 0) * 8, readable: access >> 4 === 0 };
}

/** Where the NDEF message TLV stands in the data area (bytes from page 4 on). */
export type TlvSearch =
  | { readonly kind: "message"; readonly bytes: Uint8Array }
  /** The data read so far ends inside a TLV: read at least `total` bytes of the area. */
  | { readonly kind: "need"; readonly total: number }
  | { readonly kind: "none" };

export function findNdefMessage(area: Uint8Array): TlvSearch {
  let i = 0;
  while (i < area.length) {
    const t = area[i] ?? 0;
    if (t === 0x00) {
      i += 1;
      continue;
    }
    if (t === 0xfe) return { kind: "none" };
    if (i + 1 >= area.length) return { kind: "need", total: i + 2 };
    let len = area[i + 1] ?? 0;
    let valueAt = i + 2;
    if (len === 0xff) {
      if (i + 3 >= area.length) return { kind: "need", total: i + 4 };
      len = ((area[i + 2] ?? 0) << 8) | (area[i + 3] ?? 0);
      valueAt = i + 4;
    }
    if (t === 0x03) {
      if (area.length < valueAt + len) return { kind: "need", total: valueAt + len };
      return { kind: "message", bytes: area.slice(valueAt, valueAt + len) };
    }
    // Lock Control (01), Memory Control (02) and proprietary TLVs are skipped.
    i = valueAt + len;
  }
  return { kind: "need", total: area.length + 4 };
}

export interface TextRecord {
  readonly text: string;
  readonly lang: string;
}

/** The first well-known Text (`T`) record of an NDEF message, or null when there is none or it is malformed. */
export function parseTextRecord(message: Uint8Array): TextRecord | null {
  let i = 0;
  while (i < message.length) {
    const flags = message[i] ?? 0;
    const sr = (flags & 0x10) !== 0;
    const il = (flags & 0x08) !== 0;
    const tnf = flags & 0x07;
    const typeLen = message[i + 1] ?? 0;
    let p = i + 2;
    let payloadLen: number;
    if (sr) {
      payloadLen = message[p] ?? 0;
      p += 1;
    } else {
      if (p + 4 > message.length) return null;
      payloadLen = (((message[p] ?? 0) << 24) | ((message[p + 1] ?? 0) << 16) | ((message[p + 2] ?? 0) << 8) | (message[p + 3] ?? 0)) >>> 0;
      p += 4;
    }
    const idLen = il ? (message[p++] ?? 0) : 0;
    const type = message.subarray(p, p + typeLen);
    p += typeLen + idLen;
    const payload = message.subarray(p, p + payloadLen);
    if (p + payloadLen > message.length) return null;
    if (tnf === 0x01 && type.length === 1 && type[0] === 0x54) return decodeTextPayload(payload);
    if ((flags & 0x40) !== 0) return null;
    i = p + payloadLen;
  }
  return null;
}

function decodeTextPayload(payload: Uint8Array): TextRecord | null {
  const status = payload[0];
  if (status === undefined) return null;
  const langLen = status & 0x3f;
  if (1 + langLen > payload.length) return null;
  const lang = new TextDecoder("ascii").decode(payload.subarray(1, 1 + langLen));
  const body = payload.subarray(1 + langLen);
  try {
    const text = new TextDecoder((status & 0x80) !== 0 ? "utf-16" : "utf-8", { fatal: true }).decode(body);
    return { text, lang };
  } catch {
    return null;
  }
}

/** The TLV bytes (from page 4) of a one-record message holding `text`, ended by a Terminator TLV. */
export function encodeTextTlv(text: string, lang = "en"): Uint8Array {
  const langBytes = new TextEncoder().encode(lang);
  const textBytes = new TextEncoder().encode(text);
  const payload = Uint8Array.of(langBytes.length & 0x3f, ...langBytes, ...textBytes);
  if (payload.length > 255) throw new RangeError("encodeTextTlv writes short records only (payload ≤ 255 bytes)");
  const record = Uint8Array.of(0xd1, 0x01, payload.length, 0x54, ...payload);
  if (record.length >= 0xff) throw new RangeError("encodeTextTlv writes one-byte TLV lengths only");
  return Uint8Array.of(0x03, record.length, ...record, 0xfe);
}
