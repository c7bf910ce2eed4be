/**
 * What the common MFRC522 Arduino sketches print (miguelbalboa/rfid DumpInfo and ReadNUID; reference
 * nfc-serial-firmata.md §3): `Card UID: 04 A2 3B 5C`, `In hex:  DE AD BE EF`, `Firmware Version: 0x92 = v2.0`.
 */
import { normaliseUid } from "../presence.ts";

export type SketchLine =
  | { readonly kind: "uid"; readonly uid: string }
  | { readonly kind: "firmware"; readonly version: number; readonly genuine: boolean }
  | { readonly kind: "other" };

const UID_LINE = /(?:UID|In hex)\s*:\s*((?:[0-9A-F]{2}[\s:-]?){4,10})\s*$/i;
const FIRMWARE_LINE = /Firmware Version:\s*0x([0-9A-F]{2})/i;

/** Versions the library names as a real MFRC522 (0x88 is a clone, 0x12 a counterfeit). */
const GENUINE = new Set([0x90, 0x91, 0x92]);

export function parseSketchLine(line: string): SketchLine {
  const uid = UID_LINE.exec(line);
  if (uid?.[1]) {
    const hex = normaliseUid(uid[1]);
    if (hex && [8, 14, 20].includes(hex.length)) return { kind: "uid", uid: hex };
  }
  const fw = FIRMWARE_LINE.exec(line);
  if (fw?.[1]) {
    const version = Number.parseInt(fw[1], 16);
    return { kind: "firmware", version, genuine: GENUINE.has(version) };
  }
  return { kind: "other" };
}

/** Longest line kept; a longer run without a newline is noise and is dropped. */
export const MAX_LINE = 256;

/** Splits a byte stream into lines at `\n` (a preceding `\r` is dropped), bounded in memory. */
export class LineSplitter {
  #partial = "";
  readonly #decoder = new TextDecoder("latin1");
  /** Lines dropped for being too long. */
  overflows = 0;

  feed(chunk: Uint8Array): string[] {
    const text = this.#partial + this.#decoder.decode(chunk);
    const parts = text.split("\n");
    this.#partial = parts.pop() ?? "";
    if (this.#partial.length > MAX_LINE) {
      this.#partial = "";
      this.overflows++;
    }
    return parts.map((l) => l.replace(/\r$/, "")).filter((l) => l.length <= MAX_LINE);
  }

  reset(): void {
    this.#partial = "";
  }
}
