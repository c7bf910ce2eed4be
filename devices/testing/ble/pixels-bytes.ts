/**
 * Die→host Pixels bytes the emulator sends, built from the firmware struct layouts of dice-ble §1.5 (IAmADie
 * legacy flat 22 bytes and current chunked 108 bytes).
 */
import type { PixelsDieInfo } from "../../dice/pixels/iamadie.ts";
import { PIXELS_BATTERY_STATES, PIXELS_DIE_TYPES, PIXELS_ROLL_STATES } from "../../dice/pixels/ids.ts";

/**
 * What the emulated die says of itself: what the decoder reads (`PixelsDieInfo`), with the colorway by its number and
 * a name always given; the form and firmware version are the encoder's to choose.
 */
export type IAmADieFields = Omit<PixelsDieInfo, "form" | "colorway" | "firmwareVersion" | "name"> & {
  readonly colorway: number;
  readonly name: string;
};

class Writer {
  readonly bytes: number[] = [];
  u8(v: number): this {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(Math.floor(v / 0x10000));
  }
  text(s: string, n: number): this {
    const t = new TextEncoder().encode(s).slice(0, n);
    for (let i = 0; i < n; i++) this.u8(t[i] ?? 0);
    return this;
  }
}

/** The 22-byte legacy IAmADie. */
export function legacyIAmADie(f: IAmADieFields): Uint8Array {
  const w = new Writer().u8(0x02).u8(f.ledCount).u8(f.colorway).u8(PIXELS_DIE_TYPES.indexOf(f.dieType));
  w.u32(0x1234abcd).u32(f.pixelId).u16(4096).u32(f.buildTimestamp);
  w.u8(PIXELS_ROLL_STATES.indexOf(f.rollState)).u8(f.faceIndex).u8(f.batteryLevel).u8(PIXELS_BATTERY_STATES.indexOf(f.batteryState));
  return Uint8Array.from(w.bytes);
}

/** The 108-byte chunked IAmADie of current firmware. */
export function chunkedIAmADie(f: IAmADieFields): Uint8Array {
  const w = new Writer().u8(0x02);
  w.u8(15).u16(0x0100).u32(f.buildTimestamp).u16(0x0100).u16(0x0100).u16(0x0100).u16(0x0100); // VersionInfo
  w.u8(10).u32(f.pixelId).u8(1).u8(PIXELS_DIE_TYPES.indexOf(f.dieType)).u8(f.ledCount).u8(f.colorway).u8(0); // DieInfo
  w.u8(32).text("", 31); // custom design/colour name
  w.u8(32).text(f.name, 31); // die name
  w.u8(13).u32(0xdeadbeef).u32(8192).u32(16384); // SettingsInfo
  w.u8(5).u8(f.batteryLevel).u8(PIXELS_BATTERY_STATES.indexOf(f.batteryState)).u8(PIXELS_ROLL_STATES.indexOf(f.rollState)).u8(f.faceIndex);
  return Uint8Array.from(w.bytes);
}

/** 0x180A service data: pixelId u32, build timestamp u32. */
export function pixelsServiceData(pixelId: number, buildTimestamp: number): Uint8Array {
  return Uint8Array.from(new Writer().u32(pixelId).u32(buildTimestamp).bytes);
}
