/**
 * Pixels GATT messages (dice-ble §1.3–1.6): one notification = one message, byte 0 the type, then a packed
 * little-endian struct; no length prefix, no checksum, no fragmentation. Decoding is strict on length and enum
 * ranges so a corrupted notification is a rejection, never a roll.
 */
import type { Result } from "../../../src/result.ts";
import { accept, reject } from "../decoded.ts";
import { decodeIAmADie, type PixelsDieInfo } from "./iamadie.ts";
import {
  PIXELS_BATTERY_STATES,
  PIXELS_MAX_MESSAGE_TYPE,
  PIXELS_ROLL_STATES,
  type PixelsBatteryState,
  PixelsMessageType,
  type PixelsRollState,
} from "./ids.ts";

export type PixelsMessage =
  | { readonly type: "iAmADie"; readonly info: PixelsDieInfo }
  | { readonly type: "rollState"; readonly state: PixelsRollState; readonly faceIndex: number }
  | { readonly type: "batteryLevel"; readonly level: number; readonly batteryState: PixelsBatteryState }
  | { readonly type: "rssi"; readonly rssi: number }
  | { readonly type: "blinkAck" }
  /** A valid type number this host does not use (telemetry, animation transfer …). */
  | { readonly type: "other"; readonly messageType: number };

/** The highest face index any Pixels die reports (d20 / M20: 0–19). */
export const MAX_FACE_INDEX = 19;

function exactLength(bytes: Uint8Array, n: number, name: string): string | null {
  return bytes.length === n ? null : `${name} must be ${n} bytes, got ${bytes.length}`;
}

/** Decodes one die→host notification. */
export function decodePixelsMessage(bytes: Uint8Array): Result<PixelsMessage, string> {
  const type = bytes[0];
  if (type === undefined) return reject("empty message");
  switch (type) {
    case PixelsMessageType.iAmADie: {
      const info = decodeIAmADie(bytes);
      return info.ok ? accept({ type: "iAmADie", info: info.value }) : info;
    }
    case PixelsMessageType.rollState: {
      const bad = exactLength(bytes, 3, "RollState");
      if (bad) return reject(bad);
      const state = PIXELS_ROLL_STATES[bytes[1] ?? 255];
      const faceIndex = bytes[2] ?? 255;
      if (state === undefined) return reject(`RollState state ${bytes[1]} is not a known roll state`);
      if (faceIndex > MAX_FACE_INDEX) return reject(`RollState face index ${faceIndex} is over ${MAX_FACE_INDEX}`);
      return accept({ type: "rollState", state, faceIndex });
    }
    case PixelsMessageType.batteryLevel: {
      const bad = exactLength(bytes, 3, "BatteryLevel");
      if (bad) return reject(bad);
      const level = bytes[1] ?? 255;
      const batteryState = PIXELS_BATTERY_STATES[bytes[2] ?? 255];
      if (level > 100) return reject(`BatteryLevel ${level} is over 100`);
      if (batteryState === undefined) return reject(`BatteryLevel state ${bytes[2]} is not a known battery state`);
      return accept({ type: "batteryLevel", level, batteryState });
    }
    case PixelsMessageType.rssi: {
      const bad = exactLength(bytes, 2, "Rssi");
      if (bad) return reject(bad);
      const raw = bytes[1] ?? 0;
      return accept({ type: "rssi", rssi: raw > 127 ? raw - 256 : raw });
    }
    case PixelsMessageType.blinkAck: {
      const bad = exactLength(bytes, 1, "BlinkAck");
      return bad ? reject(bad) : accept({ type: "blinkAck" });
    }
    default:
      if (type === 0 || type > PIXELS_MAX_MESSAGE_TYPE) return reject(`unknown message type 0x${type.toString(16).padStart(2, "0")}`);
      return accept({ type: "other", messageType: type });
  }
}

/** Host→die: WhoAreYou (`01`). */
export const whoAreYou = (): Uint8Array => Uint8Array.of(PixelsMessageType.whoAreYou);
/** Host→die: RequestRollState (`17`); the die answers with a RollState. */
export const requestRollState = (): Uint8Array => Uint8Array.of(PixelsMessageType.requestRollState);
/** Host→die: RequestBatteryLevel (`21`). */
export const requestBatteryLevel = (): Uint8Array => Uint8Array.of(PixelsMessageType.requestBatteryLevel);

export interface BlinkOptions {
  readonly count?: number;
  readonly durationMs?: number;
  /** 0xRRGGBB. */
  readonly color?: number;
  readonly faceMask?: number;
  readonly fade?: number;
  readonly loopCount?: number;
}

/** Host→die: Blink (14 bytes, `MessageBlink`); defaults: 3 white flashes over 1.5 s on every face. */
export function blink(options: BlinkOptions = {}): Uint8Array {
  const out = new Uint8Array(14);
  const view = new DataView(out.buffer);
  out[0] = PixelsMessageType.blink;
  out[1] = options.count ?? 3;
  view.setUint16(2, options.durationMs ?? 1500, true);
  view.setUint32(4, (options.color ?? 0xffffff) & 0xffffff, true);
  view.setUint32(8, options.faceMask ?? 0xffffffff, true);
  out[12] = options.fade ?? 0;
  out[13] = options.loopCount ?? 1;
  return out;
}

/** Die→host RollState bytes (used by the emulator and tests). */
export function encodeRollState(state: PixelsRollState, faceIndex: number): Uint8Array {
  return Uint8Array.of(PixelsMessageType.rollState, PIXELS_ROLL_STATES.indexOf(state), faceIndex);
}
