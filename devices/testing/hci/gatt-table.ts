/**
 * The attribute table of one emulated die (Core Vol 3 Part G §3): a primary service declaration (0x2800) per
 * service, then per characteristic its declaration (0x2803: properties, value handle, UUID), its value and, for
 * notify/indicate, a Client Characteristic Configuration descriptor (0x2902). Handles start at 1.
 */
import type { ServiceDef } from "../ble/device.ts";

export const PRIMARY_SERVICE = 0x2800;
export const CHARACTERISTIC = 0x2803;
export const CCCD = 0x2902;

const PROPERTY_BITS: Readonly<Record<string, number>> = {
  broadcast: 0x01,
  read: 0x02,
  writeWithoutResponse: 0x04,
  write: 0x08,
  notify: 0x10,
  indicate: 0x20,
};

export type Attribute =
  | { readonly kind: "service"; readonly handle: number; readonly uuid: Uint8Array; readonly end: number }
  | {
      readonly kind: "declaration";
      readonly handle: number;
      readonly properties: number;
      readonly valueHandle: number;
      readonly uuid: Uint8Array;
    }
  | {
      readonly kind: "value";
      readonly handle: number;
      readonly uuid: Uint8Array;
      readonly characteristic: string;
      readonly properties: number;
    }
  | { readonly kind: "cccd"; readonly handle: number; readonly characteristic: string };

/** A UUID in noble's form (`180a`, or 32 hex digits) as the little-endian bytes ATT carries. */
export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, "").toLowerCase();
  if (hex.length !== 4 && hex.length !== 32) throw new RangeError(`not a 16- or 128-bit UUID: ${uuid}`);
  const bytes = hex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? [];
  return Uint8Array.from(bytes.reverse());
}

/** The 16-bit attribute type of an attribute (0 for 128-bit characteristic values). */
export function attributeType(a: Attribute): number {
  if (a.kind === "service") return PRIMARY_SERVICE;
  if (a.kind === "declaration") return CHARACTERISTIC;
  if (a.kind === "cccd") return CCCD;
  return a.uuid.length === 2 ? (a.uuid[0] ?? 0) | ((a.uuid[1] ?? 0) << 8) : 0;
}

/** The attribute's type as UUID bytes (for Find Information). */
export function typeBytes(a: Attribute): Uint8Array {
  if (a.kind === "value") return a.uuid;
  const t = attributeType(a);
  return Uint8Array.of(t & 0xff, t >> 8);
}

export function buildGattTable(services: readonly ServiceDef[]): Attribute[] {
  const table: Attribute[] = [];
  let handle = 1;
  for (const s of services) {
    const start = handle++;
    const inner: Attribute[] = [];
    for (const c of s.characteristics) {
      const properties = c.properties.reduce((bits, p) => bits | (PROPERTY_BITS[p] ?? 0), 0);
      const decl = handle++;
      const value = handle++;
      const uuid = uuidBytes(c.uuid);
      inner.push({ kind: "declaration", handle: decl, properties, valueHandle: value, uuid });
      inner.push({ kind: "value", handle: value, uuid, characteristic: c.uuid, properties });
      if (properties & 0x30) inner.push({ kind: "cccd", handle: handle++, characteristic: c.uuid });
    }
    table.push({ kind: "service", handle: start, uuid: uuidBytes(s.uuid), end: handle - 1 }, ...inner);
  }
  return table;
}
