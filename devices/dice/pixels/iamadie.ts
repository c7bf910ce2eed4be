/**
 * IAmADie (0x02), the reply to WhoAreYou (dice-ble §1.5): the legacy flat 22-byte form and the current chunked
 * form, walked chunk by chunk by each chunk's own size byte as pixels-js `deserializeChunkedMessage` does, so a
 * firmware with longer or shorter chunks still decodes.
 */
import type { Result } from "../../../src/result.ts";
import { accept, ByteReader, reject } from "../decoded.ts";
import {
  colorwayName,
  PIXELS_BATTERY_STATES,
  PIXELS_DIE_TYPES,
  PIXELS_ROLL_STATES,
  type PixelsBatteryState,
  type PixelsDieType,
  type PixelsRollState,
} from "./ids.ts";

export interface PixelsDieInfo {
  readonly form: "legacy" | "chunked";
  readonly pixelId: number;
  readonly dieType: PixelsDieType;
  readonly ledCount: number;
  readonly colorway: string;
  /** Firmware build time, Unix seconds. */
  readonly buildTimestamp: number;
  readonly firmwareVersion?: number;
  readonly name?: string;
  readonly batteryLevel: number;
  readonly batteryState: PixelsBatteryState;
  readonly rollState: PixelsRollState;
  readonly faceIndex: number;
}

export const LEGACY_IAMADIE_SIZE = 22;

function enumOf<T extends string>(names: readonly T[], n: number, what: string): T {
  const v = names[n];
  if (v === undefined) throw new RangeError(`${what} ${n} is not a known value`);
  return v;
}

function decodeLegacy(bytes: Uint8Array): PixelsDieInfo {
  const r = new ByteReader(bytes, 1);
  const ledCount = r.u8();
  const colorway = colorwayName(r.u8());
  const dieType = enumOf(PIXELS_DIE_TYPES, r.u8(), "die type");
  r.skip(4); // dataSetHash
  const pixelId = r.u32();
  r.skip(2); // availableFlash
  const buildTimestamp = r.u32();
  const rollState = enumOf(PIXELS_ROLL_STATES, r.u8(), "roll state");
  const faceIndex = r.u8();
  const batteryLevel = r.u8();
  const batteryState = enumOf(PIXELS_BATTERY_STATES, r.u8(), "battery state");
  return { form: "legacy", pixelId, dieType, ledCount, colorway, buildTimestamp, rollState, faceIndex, batteryLevel, batteryState };
}

/** Reads chunk `i` starting at `pos`; returns a reader bounded to the chunk (after its size byte) and the next offset. */
function chunkAt(bytes: Uint8Array, pos: number): { r: ByteReader; next: number } {
  const size = bytes[pos];
  if (size === undefined) throw new RangeError("message too short");
  if (size < 1 || pos + size > bytes.length) throw new RangeError(`chunk at offset ${pos} has a bad size ${size}`);
  return { r: new ByteReader(bytes, pos + 1, pos + size), next: pos + size };
}

function decodeChunked(bytes: Uint8Array): PixelsDieInfo {
  const version = chunkAt(bytes, 1);
  const firmwareVersion = version.r.u16();
  const buildTimestamp = version.r.u32();
  const die = chunkAt(bytes, version.next);
  const pixelId = die.r.u32();
  die.r.u8(); // chipModel
  const dieType = enumOf(PIXELS_DIE_TYPES, die.r.u8(), "die type");
  const ledCount = die.r.u8();
  const colorway = colorwayName(die.r.u8());
  const design = chunkAt(bytes, die.next);
  const nameChunk = chunkAt(bytes, design.next);
  const name = nameChunk.r.text(nameChunk.r.remaining()).trim();
  const settings = chunkAt(bytes, nameChunk.next);
  const status = chunkAt(bytes, settings.next);
  const batteryLevel = status.r.u8();
  const batteryState = enumOf(PIXELS_BATTERY_STATES, status.r.u8(), "battery state");
  const rollState = enumOf(PIXELS_ROLL_STATES, status.r.u8(), "roll state");
  const faceIndex = status.r.u8();
  return {
    form: "chunked",
    pixelId,
    dieType,
    ledCount,
    colorway,
    buildTimestamp,
    firmwareVersion,
    ...(name ? { name } : {}),
    batteryLevel,
    batteryState,
    rollState,
    faceIndex,
  };
}

/** Decodes a whole IAmADie message (byte 0 = 0x02). Exactly 22 bytes is the legacy form, as in pixels-js. */
export function decodeIAmADie(bytes: Uint8Array): Result<PixelsDieInfo, string> {
  if (bytes[0] !== 0x02) return reject("not an IAmADie message");
  try {
    const info = bytes.length === LEGACY_IAMADIE_SIZE ? decodeLegacy(bytes) : decodeChunked(bytes);
    if (info.batteryLevel > 100) return reject(`IAmADie battery level ${info.batteryLevel} is over 100`);
    return accept(info);
  } catch (e) {
    return reject(`IAmADie: ${(e as Error).message}`);
  }
}
