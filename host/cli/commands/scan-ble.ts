/**
 * The BLE part of `quarterdeck devices scan` (CONTRACT §1): scans for N seconds and lists the Pixels and GoDice it
 * hears, with what their adverts say. No Bluetooth (noble's EAFNOSUPPORT here) is an explanation, not a crash.
 */

import { bluetoothStatus, createNobleCentral } from "../../../devices/ble/noble-adapter.ts";
import type { BleAdvertisement, BleCentral } from "../../../devices/ble/seam.ts";
import { type Clock, sleep, systemClock } from "../../../devices/common/clock.ts";
import { GODICE_NAME_PREFIX } from "../../../devices/dice/godice/messages.ts";
import { decodePixelsAdvert } from "../../../devices/dice/pixels/advert.ts";
import { PIXELS_COMPANY_IDS, PIXELS_CURRENT, PIXELS_LEGACY, PIXELS_SERVICE_DATA_UUID } from "../../../devices/dice/pixels/ids.ts";

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

/** Scans for `seconds` (default central: noble). */
export async function scanBle(
  seconds: number,
  options: { central?: BleCentral; clock?: Clock } = {},
): Promise<{ ok: boolean; lines: string[]; devices: unknown[] }> {
  const clock = options.clock ?? systemClock;
  const central = options.central ?? createNobleCentral({ clock });
  try {
    const state = await central.whenSettled();
    const status = bluetoothStatus(state);
    if (status) return { ok: false, lines: [`BLE: ${status}. Dice can still be typed in by hand.`], devices: [] };
    const found = new Map<string, ScannedDie>();
    const off = central.onDiscover((d) => {
      const family = diceFamilyOf(d.advertisement);
      if (family) found.set(d.advertisement.id, describe(d.advertisement, family));
    });
    try {
      await central.startScan({ allowDuplicates: false });
      await sleep(clock, Math.max(0, seconds) * 1000);
    } catch (e) {
      return { ok: false, lines: [`BLE: Bluetooth unavailable: ${(e as Error).message}`], devices: [] };
    } finally {
      off();
      await central.stopScan().catch(() => undefined);
    }
    const devices = [...found.values()];
    const lines =
      devices.length === 0
        ? [`BLE: no dice seen in ${seconds} s.`]
        : devices.map((d) => `BLE ${d.family}: ${d.name ?? "(no name)"} ${d.address ?? d.id} RSSI ${d.rssi} dBm`);
    return { ok: true, lines, devices };
  } finally {
    if (!options.central) await central.close();
  }
}
