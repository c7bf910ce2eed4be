/**
 * Pixels identifiers and enums (dice-ble.md §1). Sources: pixels-js `PixelsBluetoothIds.ts`, `DieMessages.ts`,
 * `PixelRollState.ts`, `PixelDieType.ts`, `PixelBatteryState.ts`; DiceFirmware `bluetooth_message_service.h`.
 */
import { uuidKey } from "../../ble/seam.ts";

/** Current firmware (since 2024-11, commit 571e0ce): service / notify / write. */
export const PIXELS_CURRENT = {
  service: uuidKey("a6b90001-7a5a-43f2-a962-350c8edc9b5b"),
  notify: uuidKey("a6b90002-7a5a-43f2-a962-350c8edc9b5b"),
  write: uuidKey("a6b90003-7a5a-43f2-a962-350c8edc9b5b"),
} as const;

/** Legacy firmware: Nordic base, and the notify UUID equals the service UUID (not the NUS …0003). */
export const PIXELS_LEGACY = {
  service: uuidKey("6e400001-b5a3-f393-e0a9-e50e24dcca9e"),
  notify: uuidKey("6e400001-b5a3-f393-e0a9-e50e24dcca9e"),
  write: uuidKey("6e400002-b5a3-f393-e0a9-e50e24dcca9e"),
} as const;

/** Company id in adverts: 0x0D39 (Systemic Games) on current firmware, 0xFFFF before. */
export const PIXELS_COMPANY_IDS = [0x0d39, 0xffff] as const;
/** The 16-bit Device Information UUID whose service data carries pixelId and build timestamp. */
export const PIXELS_SERVICE_DATA_UUID = "180a";

/** Message type numbers (pixels-js `MessageTypeValues`, same as firmware for 0–71). */
export const PixelsMessageType = {
  whoAreYou: 0x01,
  iAmADie: 0x02,
  rollState: 0x03,
  telemetry: 0x04,
  requestRollState: 0x17,
  requestTelemetry: 0x1a,
  blink: 0x1d,
  blinkAck: 0x1e,
  requestBatteryLevel: 0x21,
  batteryLevel: 0x22,
  requestRssi: 0x23,
  rssi: 0x24,
  stopAllAnimations: 0x3b,
} as const;

/**
 * Highest message type number either enum defines: pixels-core-connect 1.3.0 ends at 80
 * (printAnimationControllerState), as the cross-test in test/devices/ble/pixels-core-connect.test.ts checks.
 */
export const PIXELS_MAX_MESSAGE_TYPE = 0x50;

export const PIXELS_ROLL_STATES = ["unknown", "rolled", "handling", "rolling", "crooked", "onFace"] as const;
export type PixelsRollState = (typeof PIXELS_ROLL_STATES)[number];

export const PIXELS_DIE_TYPES = ["unknown", "d4", "d6", "d8", "d10", "d00", "d12", "d20", "d6pipped", "d6fudge", "m20"] as const;
export type PixelsDieType = (typeof PIXELS_DIE_TYPES)[number];

export const PIXELS_COLORWAYS: Readonly<Record<number, string>> = {
  0: "unknown",
  1: "onyxBlack",
  2: "hematiteGrey",
  3: "midnightGalaxy",
  4: "auroraSky",
  5: "clear",
  6: "whiteAurora",
  255: "custom",
};

export const PIXELS_BATTERY_STATES = ["ok", "low", "charging", "done", "badCharging", "error"] as const;
export type PixelsBatteryState = (typeof PIXELS_BATTERY_STATES)[number];

/** Colorway name for a number ("unknown" for numbers outside the enum). */
export function colorwayName(n: number): string {
  return PIXELS_COLORWAYS[n] ?? `colorway-${n}`;
}
