/**
 * Listening for dice: which Pixels and GoDice one Bluetooth central hears in a few seconds, with what each
 * advert says (name, address, signal, Pixels' die type and battery). `quarterdeck devices scan` and "Add a
 * device" on /devices both listen through it.
 */
import { bluetoothStatus } from "../ble/noble-state.ts";
import type { BleAdvertisement, BleCentral } from "../ble/seam.ts";
import { type Clock, sleep, systemClock } from "../common/clock.ts";
import { GODICE_NAME_PREFIX } from "./godice/messages.ts";
import { decodePixelsAdvert } from "./pixels/advert.ts";
import { PIXELS_COMPANY_IDS, PIXELS_CURRENT, PIXELS_LEGACY, PIXELS_SERVICE_DATA_UUID } from "./pixels/ids.ts";

/** One die heard. */
export interface ScannedDie {
  readonly family: "pixels" | "godice";
  readonly id: string;
  readonly address?: string;
  readonly name?: string;
  readonly rssi: number;
  readonly advert?: unknown;
}

/** Which dice family an advertisement belongs to, if any. */
export function diceFamilyOf(ad: BleAdvertisement): "pixels" | "godice" | null {
  if (ad.name?.startsWith(GODICE_NAME_PREFIX)) return "godice";
  if (ad.serviceUuids.includes(PIXELS_CURRENT.service) || ad.serviceUuids.includes(PIXELS_LEGACY.service)) return "pixels";
  const m = ad.manufacturerData;
  const company = m && m.length >= 2 ? (m[0] ?? 0) | ((m[1] ?? 0) << 8) : -1;
  return m?.length === 7 && (PIXELS_COMPANY_IDS as readonly number[]).includes(company) ? "pixels" : null;
}

function describe(ad: BleAdvertisement, family: "pixels" | "godice"): ScannedDie {
  let advert: unknown;
  if (family === "pixels" && ad.manufacturerData) {
    const d = decodePixelsAdvert(ad.manufacturerData, ad.serviceData.find((s) => s.uuid === PIXELS_SERVICE_DATA_UUID)?.data);
    advert = d.ok ? d.value : { rejected: d.error };
  }
  return {
    family,
    id: ad.id,
    ...(ad.address ? { address: ad.address } : {}),
    ...(ad.name ? { name: ad.name } : {}),
    rssi: ad.rssi,
    ...(advert ? { advert } : {}),
  };
}

/** Listens on one central for `seconds` and returns the dice heard, or why it could not listen. Never rejects. */
export async function scanDice(
  central: BleCentral,
  seconds: number,
  clock: Clock = systemClock,
): Promise<{ ok: true; dice: ScannedDie[] } | { ok: false; message: string }> {
  const status = bluetoothStatus(await central.whenSettled());
  if (status) return { ok: false, message: status };
  const found = new Map<string, ScannedDie>();
  const off = central.onDiscover((d) => {
    const family = diceFamilyOf(d.advertisement);
    if (family) found.set(d.advertisement.id, describe(d.advertisement, family));
  });
  try {
    // Every advert, not the first only: a GoDice's name may come in a later scan response.
    await central.startScan({ allowDuplicates: true });
    await sleep(clock, Math.max(0, seconds) * 1000);
  } catch (e) {
    return { ok: false, message: `Bluetooth unavailable: ${(e as Error).message}` };
  } finally {
    off();
    await central.stopScan().catch(() => undefined);
  }
  return { ok: true, dice: [...found.values()] };
}
