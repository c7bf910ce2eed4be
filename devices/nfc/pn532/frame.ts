/**
 * PN532 frames (NXP UM0701-02 §6.2; reference nfc-serial-firmata.md §1.2): normal and extended information
 * frames with LCS/DCS checksums, ACK, NACK and the application-level error frame.
 */

/** Host → PN532 frame identifier. */
export const TFI_HOST = 0xd4;
/** PN532 → host frame identifier. */
export const TFI_PN532 = 0xd5;

export const ACK = Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00);
export const NACK = Uint8Array.of(0x00, 0x00, 0xff, 0xff, 0x00, 0x00);
export const ERROR_FRAME = Uint8Array.of(0x00, 0x00, 0xff, 0x01, 0xff, 0x7f, 0x81, 0x00);

/** libnfc's wake-up preamble (`55 55` + 14 × `00`), sent before the first SAMConfiguration. */
export const WAKE_UP = Uint8Array.of(0x55, 0x55, ...new Array<number>(14).fill(0));

/** Largest payload (TFI excluded) of a normal and of an extended frame (libnfc pn53x-internal.h). */
export const NORMAL_DATA_MAX = 254;
export const EXTENDED_DATA_MAX = 264;

/** A decoded frame. `data` of an information frame excludes the TFI: `data[0]` is the command code. */
export type Pn532Frame =
  | { readonly kind: "ack" }
  | { readonly kind: "nack" }
  | { readonly kind: "error" }
  | { readonly kind: "info"; readonly tfi: number; readonly extended: boolean; readonly data: Uint8Array };

const sum = (bytes: Iterable<number>): number => {
  let s = 0;
  for (const b of bytes) s = (s + b) & 0xff;
  return s;
};

/** The checksum byte that makes `bytes` plus it sum to 0 mod 256 (LCS and DCS alike). */
export const checksum = (bytes: Iterable<number>): number => (0x100 - sum(bytes)) & 0xff;

/** Builds an information frame: normal up to 254 data bytes, extended beyond (up to 264). */
export function encodeFrame(tfi: number, data: Uint8Array): Uint8Array {
  if (data.length > EXTENDED_DATA_MAX)
    throw new RangeError(`PN532 frame data is ${data.length} bytes, the maximum is ${EXTENDED_DATA_MAX}`);
  const len = data.length + 1;
  const body = [tfi, ...data];
  const dcs = checksum(body);
  if (data.length <= NORMAL_DATA_MAX) return Uint8Array.of(0x00, 0x00, 0xff, len, checksum([len]), ...body, dcs, 0x00);
  const hi = (len >> 8) & 0xff;
  const lo = len & 0xff;
  return Uint8Array.of(0x00, 0x00, 0xff, 0xff, 0xff, hi, lo, checksum([hi, lo]), ...body, dcs, 0x00);
}

/** Encodes a decoded frame back to bytes (used by the emulator and by round-trip tests). */
export function frameBytes(frame: Pn532Frame): Uint8Array {
  switch (frame.kind) {
    case "ack":
      return ACK;
    case "nack":
      return NACK;
    case "error":
      return ERROR_FRAME;
    case "info":
      return encodeFrame(frame.tfi, frame.data);
  }
}

/** Upper-case hex with spaces, for logs and the `decode` command. */
export const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
