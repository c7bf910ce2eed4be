/**
 * Pixels advertisement decoding (dice-ble §1.2): the manufacturer data (company id 0x0D39, or 0xFFFF on legacy
 * firmware) with ledCount, design/colour, roll state, face index and battery; and the 0x180A service data with
 * pixelId and the firmware build timestamp. Also the pre-July-2022 layout (7-byte payload, ledCount in the
 * company-id field), as pixels-js `getScannedPixel.ts` parses it.
 */
import type { Result } from "../../../src/result.ts";
import { accept, reject } from "../decoded.ts";
import { dieTypeFromLedCount } from "./faces.ts";
import { colorwayName, PIXELS_COMPANY_IDS, PIXELS_DIE_TYPES, PIXELS_ROLL_STATES, type PixelsDieType, type PixelsRollState } from "./ids.ts";
import { MAX_FACE_INDEX } from "./messages.ts";

export interface PixelsAdvert {
  readonly layout: "current" | "pre-2022";
  readonly companyId: number;
  readonly ledCount: number;
  readonly dieType: PixelsDieType;
  readonly colorway: string;
  readonly rollState: PixelsRollState;
  readonly faceIndex: number;
  /** Percent, 0–100. */
  readonly batteryLevel: number;
  readonly charging: boolean;
  readonly pixelId?: number;
  /** Firmware build time, Unix seconds (from service data). */
  readonly buildTimestamp?: number;
}

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0;

function rollStateOf(n: number | undefined): PixelsRollState | null {
  return PIXELS_ROLL_STATES[n ?? 255] ?? null;
}

/**
 * Decodes manufacturer data as noble delivers it (INCLUDING the 2-byte company id) and, when present, the 8-byte
 * service data of UUID 0x180A.
 */
export function decodePixelsAdvert(manufacturerData: Uint8Array, serviceData?: Uint8Array): Result<PixelsAdvert, string> {
  const companyId = u16(manufacturerData, 0);
  if (manufacturerData.length === 9) {
    // pre-July-2022: [ledCount u16 as "company"] pixelId u32, rollState, faceIndex, battery 0-255
    const rollState = rollStateOf(manufacturerData[6]);
    const faceIndex = manufacturerData[7] ?? 255;
    if (!rollState) return reject(`advert roll state ${manufacturerData[6]} is not a known roll state`);
    if (faceIndex > MAX_FACE_INDEX) return reject(`advert face index ${faceIndex} is over ${MAX_FACE_INDEX}`);
    if (companyId > 21) return reject(`pre-2022 advert LED count ${companyId} is not a die's`);
    return accept({
      layout: "pre-2022",
      companyId,
      ledCount: companyId,
      dieType: dieTypeFromLedCount(companyId),
      colorway: "unknown",
      rollState,
      faceIndex,
      batteryLevel: Math.round(((manufacturerData[8] ?? 0) * 100) / 255),
      charging: false,
      pixelId: u32(manufacturerData, 2),
    });
  }
  if (manufacturerData.length !== 7)
    return reject(`Pixels manufacturer data must be 7 bytes (with company id), got ${manufacturerData.length}`);
  if (!(PIXELS_COMPANY_IDS as readonly number[]).includes(companyId)) {
    return reject(`company id 0x${companyId.toString(16).padStart(4, "0")} is not Systemic Games' (0x0d39 or legacy 0xffff)`);
  }
  const ledCount = manufacturerData[2] ?? 0;
  const designAndColor = manufacturerData[3] ?? 0;
  const rollState = rollStateOf(manufacturerData[4]);
  const faceIndex = manufacturerData[5] ?? 255;
  const battery = manufacturerData[6] ?? 0;
  if (!rollState) return reject(`advert roll state ${manufacturerData[4]} is not a known roll state`);
  if (faceIndex > MAX_FACE_INDEX) return reject(`advert face index ${faceIndex} is over ${MAX_FACE_INDEX}`);
  if ((battery & 0x7f) > 100) return reject(`advert battery ${battery & 0x7f} is over 100`);
  const typeNibble = designAndColor >> 4;
  const dieType = typeNibble === 0 ? dieTypeFromLedCount(ledCount) : PIXELS_DIE_TYPES[typeNibble];
  if (!dieType) return reject(`advert die type ${typeNibble} is not a known die type`);
  const extra = serviceData && serviceData.length >= 8 ? { pixelId: u32(serviceData, 0), buildTimestamp: u32(serviceData, 4) } : {};
  return accept({
    layout: "current",
    companyId,
    ledCount,
    dieType,
    colorway: colorwayName(designAndColor & 0x0f),
    rollState,
    faceIndex,
    batteryLevel: battery & 0x7f,
    charging: (battery & 0x80) !== 0,
    ...extra,
  });
}

/** Builds manufacturer data (with company id) for an advert; used by the emulator and tests. */
export function encodePixelsAdvert(a: {
  companyId?: number;
  ledCount: number;
  dieType: PixelsDieType;
  colorway: number;
  rollState: PixelsRollState;
  faceIndex: number;
  batteryLevel: number;
  charging: boolean;
}): Uint8Array {
  const company = a.companyId ?? 0x0d39;
  return Uint8Array.of(
    company & 0xff,
    company >> 8,
    a.ledCount,
    (PIXELS_DIE_TYPES.indexOf(a.dieType) << 4) | (a.colorway & 0x0f),
    PIXELS_ROLL_STATES.indexOf(a.rollState),
    a.faceIndex,
    (a.batteryLevel & 0x7f) | (a.charging ? 0x80 : 0),
  );
}
