/**
 * What an emulated die puts on the air while advertising (Core Supplement Part A; Vol 4 Part E §7.7.65.2): its
 * {@link AdvertData} as AD structures, split into the advertising PDU (flags first) and the scan response — each at
 * most 31 octets, in order, a structure that fits neither being left out (a long name is shortened) — and the LE
 * Advertising Report events an active scan delivers for them.
 */
import type { AdvertData } from "../ble/device.ts";
import { uuidBytes } from "./gatt-table.ts";
import { concat, eventPacket } from "./h4.ts";

const LEGACY_MAX = 31;
export const ADV_IND = 0x00;
export const SCAN_RSP = 0x04;
export const ADDRESS_RANDOM = 0x01;

function ad(type: number, data: Uint8Array): Uint8Array {
  return concat(Uint8Array.of(data.length + 1, type), data);
}

/** The AD structures of an advert in the order a die sends them. */
function structures(data: AdvertData): Uint8Array[] {
  const out: Uint8Array[] = [ad(0x01, Uint8Array.of(0x06))];
  const uuids = data.serviceUuids.map(uuidBytes);
  const long = uuids.filter((u) => u.length === 16);
  const short = uuids.filter((u) => u.length === 2);
  if (long.length > 0) out.push(ad(0x07, concat(...long)));
  if (short.length > 0) out.push(ad(0x03, concat(...short)));
  if (data.manufacturerData) out.push(ad(0xff, data.manufacturerData));
  if (data.name) out.push(ad(0x09, new TextEncoder().encode(data.name)));
  for (const s of data.serviceData) {
    const u = uuidBytes(s.uuid);
    out.push(ad(u.length === 2 ? 0x16 : 0x21, concat(u, s.data)));
  }
  return out;
}

/** The advertising data and scan response data of a die (each ≤ 31 octets). */
export function advertPayloads(data: AdvertData): { advert: Uint8Array; scanResponse: Uint8Array } {
  const pdus: Uint8Array[][] = [[], []];
  let pdu = 0;
  const used = (i: number) => (pdus[i] ?? []).reduce((n, s) => n + s.length, 0);
  for (const s of structures(data)) {
    while (pdu < 2 && used(pdu) + s.length > LEGACY_MAX) pdu += 1;
    if (pdu < 2) {
      pdus[pdu]?.push(s);
      continue;
    }
    // Nothing fits any more: a name goes in shortened where there is room, anything else is left out.
    if (s[1] === 0x09) {
      const room = LEGACY_MAX - used(1) - 2;
      if (room > 0) pdus[1]?.push(ad(0x08, s.slice(2, 2 + room)));
    }
    pdu = 1;
  }
  return { advert: concat(...(pdus[0] ?? [])), scanResponse: concat(...(pdus[1] ?? [])) };
}

/** `aa:bb:cc:dd:ee:ff` as the 6 little-endian octets HCI carries. */
export function addressBytes(address: string): Uint8Array {
  return Uint8Array.from(
    address
      .split(":")
      .map((h) => Number.parseInt(h, 16))
      .reverse(),
  );
}

/** One LE Advertising Report event (LE Meta 0x3E, subevent 0x02) with a single report. */
export function advertisingReport(eventType: number, address: string, data: Uint8Array, rssi: number): Uint8Array {
  const params = concat(
    Uint8Array.of(0x02, 1, eventType, ADDRESS_RANDOM),
    addressBytes(address),
    Uint8Array.of(data.length),
    data,
    Uint8Array.of(rssi & 0xff),
  );
  return eventPacket(0x3e, params);
}
