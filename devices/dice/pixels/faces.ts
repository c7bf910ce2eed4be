/**
 * Face index → face value, and die type → physical kind (pixels-js `DiceUtils.ts faceFromIndex`, dice-ble §1.4),
 * including the two firmware bugs pixels-js works around.
 */
import type { PhysicalDieKind } from "../../readings.ts";
import type { PixelsDieType } from "./ids.ts";

/**
 * Firmware built on or before this (Unix seconds; pixels-js compares 1704150000000 ms, "firmware 2023-11-17",
 * "bad normals") reports remapped face indices on d4 and d6.
 */
export const BAD_NORMALS_FIRMWARE_UNTIL_S = 1_704_150_000;
/**
 * 6-LED dice with firmware before 2024-05-22 report `crooked` for real rolls (tilted accelerometer, fixed in
 * firmware 380f496); pixels-js reads those as `rolled`. We take 2024-05-22T00:00Z as the cut-off.
 */
export const CROOKED_BUG_FIRMWARE_BEFORE_S = 1_716_336_000;

/** The physical kind a Pixels die type is read as; pipped and fudge d6 read as d6, M20 as d20. */
export function pixelsPhysicalKind(dieType: PixelsDieType): PhysicalDieKind | null {
  switch (dieType) {
    case "d4":
    case "d6":
    case "d8":
    case "d10":
    case "d00":
    case "d12":
    case "d20":
      return dieType;
    case "d6pipped":
    case "d6fudge":
      return "d6";
    case "m20":
      return "d20";
    default:
      return null;
  }
}

/** Guess from the LED count when the advert's die-type nibble is 0 (getScannedPixel.ts). */
export function dieTypeFromLedCount(ledCount: number): PixelsDieType {
  switch (ledCount) {
    case 4:
      return "d4";
    case 6:
      return "d6";
    case 8:
      return "d8";
    case 10:
      return "d10";
    case 12:
      return "d12";
    case 20:
      return "d20";
    case 21:
      return "d6pipped";
    default:
      return "unknown";
  }
}

function oldD4(index: number): number {
  return index === 3 ? 2 : index === 2 ? 3 : index === 5 ? 4 : 1;
}

function oldD6(index: number): number {
  const map: Readonly<Record<number, number>> = { 4: 2, 3: 3, 2: 4, 1: 5 };
  return map[index] ?? index + 1;
}

/**
 * The face value of a face index. `buildTimestampS` (from IAmADie or advert service data) enables the
 * bad-normals remap; unknown firmware is assumed current.
 */
export function faceFromIndex(kind: PhysicalDieKind, dieType: PixelsDieType, index: number, buildTimestampS?: number): number {
  const oldFirmware = buildTimestampS !== undefined && buildTimestampS > 0 && buildTimestampS <= BAD_NORMALS_FIRMWARE_UNTIL_S;
  if (oldFirmware && dieType === "d4") return oldD4(index);
  if (oldFirmware && dieType === "d6") return oldD6(index);
  if (kind === "d10") return index;
  if (kind === "d00") return index * 10;
  return index + 1;
}

/** Whether a `crooked` report from this die is really a roll (the pre-2024-05-22 6-LED bug). */
export function crookedMeansRolled(ledCount: number | undefined, buildTimestampS: number | undefined): boolean {
  return ledCount === 6 && buildTimestampS !== undefined && buildTimestampS > 0 && buildTimestampS < CROOKED_BUG_FIRMWARE_BEFORE_S;
}
