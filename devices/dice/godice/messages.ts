/**
 * GoDice notifications and commands (dice-ble §2.2–2.3). Messages start with an ASCII prefix; lengths are checked
 * strictly as the shared C core does (`S` 4 bytes, `FS`/`TS`/`MS` 5), so a cut or corrupted notification is a
 * rejection. x,y,z are signed bytes.
 */

import type { Result } from "../../../src/result.ts";
import { uuidKey } from "../../ble/seam.ts";
import { accept, reject } from "../decoded.ts";

export const GODICE_UUIDS = {
  service: uuidKey("6e400001-b5a3-f393-e0a9-e50e24dcca9e"),
  notify: uuidKey("6e400003-b5a3-f393-e0a9-e50e24dcca9e"),
  write: uuidKey("6e400002-b5a3-f393-e0a9-e50e24dcca9e"),
} as const;

/** Scan by name: the dice may not advertise the NUS UUID (dice-ble §2.1). */
export const GODICE_NAME_PREFIX = "GoDice_";

export const GODICE_COLORS = ["black", "red", "green", "blue", "yellow", "orange"] as const;

/** `S` a real roll end; `FS` fake, `TS` tilt, `MS` move stable (meaning unconfirmed; not counted as rolls). */
export type GoDiceStableKind = "S" | "FS" | "TS" | "MS";

export type GoDiceMessage =
  | { readonly type: "rollStart" }
  | { readonly type: "stable"; readonly kind: GoDiceStableKind; readonly x: number; readonly y: number; readonly z: number }
  | { readonly type: "battery"; readonly level: number }
  | { readonly type: "color"; readonly color: string }
  | { readonly type: "charging"; readonly charging: boolean }
  | { readonly type: "tap" }
  | { readonly type: "doubleTap" };

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const startsWith = (b: Uint8Array, prefix: string) => ascii(prefix).every((c, i) => b[i] === c);
const i8 = (n: number | undefined) => ((n ?? 0) > 127 ? (n ?? 0) - 256 : (n ?? 0));

function sized<T>(bytes: Uint8Array, n: number, name: string, make: () => T): Result<T, string> {
  return bytes.length === n ? accept(make()) : reject(`${name} must be ${n} bytes, got ${bytes.length}`);
}

function stable(bytes: Uint8Array, kind: GoDiceStableKind): Result<GoDiceMessage, string> {
  const off = kind.length;
  return sized(bytes, off + 3, kind, () => ({ type: "stable", kind, x: i8(bytes[off]), y: i8(bytes[off + 1]), z: i8(bytes[off + 2]) }));
}

/** Decodes one die→host notification. Two-letter prefixes are checked before one-letter ones (`TS` vs `Tap`). */
export function decodeGoDiceMessage(bytes: Uint8Array): Result<GoDiceMessage, string> {
  if (bytes.length === 0) return reject("empty message");
  if (startsWith(bytes, "Bat")) {
    const level = bytes[3] ?? 255;
    if (bytes.length !== 4) return reject(`Bat must be 4 bytes, got ${bytes.length}`);
    return level > 100 ? reject(`battery level ${level} is over 100`) : accept({ type: "battery", level });
  }
  if (startsWith(bytes, "Col")) {
    const color = GODICE_COLORS[bytes[3] ?? 255];
    if (bytes.length !== 4) return reject(`Col must be 4 bytes, got ${bytes.length}`);
    return color ? accept({ type: "color", color }) : reject(`colour ${bytes[3]} is not a known GoDice colour`);
  }
  if (startsWith(bytes, "Char")) {
    if (bytes.length !== 5 || (bytes[4] ?? 2) > 1) return reject("Char must be 5 bytes ending 0 or 1");
    return accept({ type: "charging", charging: bytes[4] === 1 });
  }
  if (startsWith(bytes, "DTap")) return sized(bytes, 4, "DTap", () => ({ type: "doubleTap" }));
  if (startsWith(bytes, "Tap")) return sized(bytes, 3, "Tap", () => ({ type: "tap" }));
  if (startsWith(bytes, "FS")) return stable(bytes, "FS");
  if (startsWith(bytes, "TS")) return stable(bytes, "TS");
  if (startsWith(bytes, "MS")) return stable(bytes, "MS");
  if (startsWith(bytes, "S")) return stable(bytes, "S");
  if (startsWith(bytes, "R")) return sized(bytes, 1, "R", () => ({ type: "rollStart" }));
  return reject(`unknown message starting 0x${(bytes[0] ?? 0).toString(16).padStart(2, "0")}`);
}

/** Host→die: request battery (`03`) → `Bat`. */
export const requestBattery = (): Uint8Array => Uint8Array.of(0x03);
/** Host→die: request colour (`17`) → `Col`. */
export const requestColor = (): Uint8Array => Uint8Array.of(0x17);
/** Host→die: stop blinking (`14`). */
export const stopBlink = (): Uint8Array => Uint8Array.of(0x14);

export interface GoDiceBlink {
  readonly pulses: number;
  /** On and off time in ms (sent in 10 ms units). */
  readonly onMs: number;
  readonly offMs: number;
  /** 0xRRGGBB. */
  readonly color: number;
}

const rgb = (c: number) => [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];
const tens = (ms: number) => Math.min(255, Math.max(0, Math.round(ms / 10)));

/** Host→die: blink both LEDs in parallel (`10 n on off r g b 01 00`). */
export function blinkLeds(b: GoDiceBlink): Uint8Array {
  return Uint8Array.of(0x10, b.pulses, tens(b.onMs), tens(b.offMs), ...rgb(b.color), 0x01, 0x00);
}

/**
 * Host→die: the initialization message, first after connecting (`19 sens n on off r g b mode leds`). Default:
 * sensitivity 30 and Unity's discovery pattern, 3 green blinks of 0.5 s → `19 1E 03 32 32 00 FF 00 01 00`.
 */
export function initMessage(sensitivity = 30, b: GoDiceBlink = { pulses: 3, onMs: 500, offMs: 500, color: 0x00ff00 }): Uint8Array {
  return Uint8Array.of(0x19, sensitivity, b.pulses, tens(b.onMs), tens(b.offMs), ...rgb(b.color), 0x01, 0x00);
}

/** Die→host bytes (for the emulator and tests). */
export const encodeGoDice = {
  rollStart: () => Uint8Array.of(...ascii("R")),
  stable: (kind: GoDiceStableKind, x: number, y: number, z: number) => Uint8Array.of(...ascii(kind), x & 0xff, y & 0xff, z & 0xff),
  battery: (level: number) => Uint8Array.of(...ascii("Bat"), level),
  color: (index: number) => Uint8Array.of(...ascii("Col"), index),
};
