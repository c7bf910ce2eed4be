/**
 * The ATT server of one link (Core Vol 3 Part F): the requests noble sends while discovering and using a die —
 * Exchange MTU, Read By Group Type, Read By Type, Find Information, Read, Write Request and Write Command — over
 * the die's {@link buildGattTable} table, and Handle Value Notification for what the die sends. Responses hold as
 * many same-length entries as the negotiated MTU allows; anything else is answered with an Error Response.
 */

import { type Attribute, attributeType, CCCD, CHARACTERISTIC, PRIMARY_SERVICE, typeBytes } from "./gatt-table.ts";
import { concat, le } from "./h4.ts";

const OP = {
  error: 0x01,
  mtuReq: 0x02,
  mtuRsp: 0x03,
  findInfoReq: 0x04,
  findInfoRsp: 0x05,
  readByTypeReq: 0x08,
  readByTypeRsp: 0x09,
  readReq: 0x0a,
  readRsp: 0x0b,
  readByGroupReq: 0x10,
  readByGroupRsp: 0x11,
  writeReq: 0x12,
  writeRsp: 0x13,
  notify: 0x1b,
  writeCmd: 0x52,
} as const;

/** ATT error codes (Vol 3 Part F §3.4.1.1). */
export const ATT_ERROR = {
  invalidHandle: 0x01,
  readNotPermitted: 0x02,
  writeNotPermitted: 0x03,
  invalidPdu: 0x04,
  requestNotSupported: 0x06,
  attributeNotFound: 0x0a,
  unsupportedGroupType: 0x10,
} as const;

export const ATT_DEFAULT_MTU = 23;

export interface AttHooks {
  /** A write to a characteristic value. */
  write(characteristic: string, bytes: Uint8Array): void;
  /** The client wrote a CCCD: notifications on or off. */
  subscribe(characteristic: string, on: boolean): void;
}

export class AttServer {
  mtu = ATT_DEFAULT_MTU;
  readonly #cccd = new Map<number, number>();

  constructor(
    private readonly table: readonly Attribute[],
    private readonly serverMtu: number,
    private readonly hooks: AttHooks,
    private readonly send: (pdu: Uint8Array) => void,
  ) {}

  /** Sends a Handle Value Notification of `characteristic` (cut to MTU − 3, as ATT does); false when not subscribed. */
  notify(characteristic: string, value: Uint8Array): boolean {
    const attr = this.table.find((a) => a.kind === "value" && a.characteristic === characteristic);
    const cccd = this.table.find((a) => a.kind === "cccd" && a.characteristic === characteristic);
    if (!attr || !cccd || ((this.#cccd.get(cccd.handle) ?? 0) & 1) === 0) return false;
    this.send(concat(le([OP.notify, 1], [attr.handle, 2]), value.slice(0, this.mtu - 3)));
    return true;
  }

  /** Handles one PDU from the client. */
  receive(pdu: Uint8Array): void {
    const op = pdu[0] ?? 0;
    const u16 = (at: number) => (pdu[at] ?? 0) | ((pdu[at + 1] ?? 0) << 8);
    if (op === OP.mtuReq && pdu.length === 3) {
      this.mtu = Math.max(ATT_DEFAULT_MTU, Math.min(u16(1), this.serverMtu));
      this.send(le([OP.mtuRsp, 1], [this.serverMtu, 2]));
      return;
    }
    if (op === OP.writeCmd) {
      this.#write(u16(1), pdu.slice(3));
      return;
    }
    if (op === OP.writeReq) {
      const code = this.#write(u16(1), pdu.slice(3));
      this.send(code === 0 ? Uint8Array.of(OP.writeRsp) : this.#error(op, u16(1), code));
      return;
    }
    if (op === OP.readReq && pdu.length === 3) {
      this.#read(u16(1));
      return;
    }
    if ((op === OP.readByGroupReq || op === OP.readByTypeReq) && (pdu.length === 7 || pdu.length === 21)) {
      const start = u16(1);
      const end = u16(3);
      if (start === 0 || start > end) {
        this.send(this.#error(op, start, ATT_ERROR.invalidHandle));
        return;
      }
      const type = pdu.length === 7 ? u16(5) : -1;
      if (op === OP.readByGroupReq) this.#readByGroup(start, end, type);
      else this.#readByType(start, end, type);
      return;
    }
    if (op === OP.findInfoReq && pdu.length === 5) {
      this.#findInfo(u16(1), u16(3));
      return;
    }
    // Commands (bit 6) get no answer; any other request an Error Response.
    if ((op & 0x40) === 0) this.send(this.#error(op, 0, ATT_ERROR.requestNotSupported));
  }

  #error(op: number, handle: number, code: number): Uint8Array {
    return le([OP.error, 1], [op, 1], [handle, 2], [code, 1]);
  }

  #write(handle: number, value: Uint8Array): number {
    const a = this.table.find((x) => x.handle === handle);
    if (!a) return ATT_ERROR.invalidHandle;
    if (a.kind === "cccd") {
      if (value.length !== 2) return ATT_ERROR.invalidPdu;
      const bits = (value[0] ?? 0) | ((value[1] ?? 0) << 8);
      this.#cccd.set(handle, bits);
      this.hooks.subscribe(a.characteristic, (bits & 1) !== 0);
      return 0;
    }
    if (a.kind !== "value" || (a.properties & 0x0c) === 0) return ATT_ERROR.writeNotPermitted;
    this.hooks.write(a.characteristic, value);
    return 0;
  }

  #valueOf(a: Attribute): Uint8Array | null {
    if (a.kind === "service") return a.uuid;
    if (a.kind === "declaration") return concat(le([a.properties, 1], [a.valueHandle, 2]), a.uuid);
    if (a.kind === "cccd") return le([this.#cccd.get(a.handle) ?? 0, 2]);
    return null;
  }

  #read(handle: number): void {
    const a = this.table.find((x) => x.handle === handle);
    if (!a) {
      this.send(this.#error(OP.readReq, handle, ATT_ERROR.invalidHandle));
      return;
    }
    const value = this.#valueOf(a);
    if (!value) {
      this.send(this.#error(OP.readReq, handle, ATT_ERROR.readNotPermitted));
      return;
    }
    this.send(concat(Uint8Array.of(OP.readRsp), value.slice(0, this.mtu - 1)));
  }

  /** Entries of one length that fit in MTU − 2 bytes, from the first matching attribute on. */
  #entries(found: Uint8Array[]): Uint8Array[] {
    const size = found[0]?.length ?? 0;
    const out: Uint8Array[] = [];
    for (const e of found) {
      if (e.length !== size || 2 + (out.length + 1) * size > this.mtu) break;
      out.push(e);
    }
    return out;
  }

  #readByGroup(start: number, end: number, type: number): void {
    if (type !== PRIMARY_SERVICE) {
      this.send(this.#error(OP.readByGroupReq, start, ATT_ERROR.unsupportedGroupType));
      return;
    }
    const found = this.table
      .filter((a) => a.kind === "service" && a.handle >= start && a.handle <= end)
      .map((a) => (a.kind === "service" ? concat(le([a.handle, 2], [a.end, 2]), a.uuid) : new Uint8Array(0)));
    const entries = this.#entries(found);
    if (entries.length === 0) {
      this.send(this.#error(OP.readByGroupReq, start, ATT_ERROR.attributeNotFound));
      return;
    }
    this.send(concat(Uint8Array.of(OP.readByGroupRsp, entries[0]?.length ?? 0), ...entries));
  }

  #readByType(start: number, end: number, type: number): void {
    const found = this.table
      .filter((a) => a.handle >= start && a.handle <= end && (type === CHARACTERISTIC || type === CCCD) && attributeType(a) === type)
      .map((a) => concat(le([a.handle, 2]), this.#valueOf(a) ?? new Uint8Array(0)));
    const entries = this.#entries(found);
    if (entries.length === 0) {
      this.send(this.#error(OP.readByTypeReq, start, ATT_ERROR.attributeNotFound));
      return;
    }
    this.send(concat(Uint8Array.of(OP.readByTypeRsp, entries[0]?.length ?? 0), ...entries));
  }

  #findInfo(start: number, end: number): void {
    if (start === 0 || start > end) {
      this.send(this.#error(OP.findInfoReq, start, ATT_ERROR.invalidHandle));
      return;
    }
    const found = this.table.filter((a) => a.handle >= start && a.handle <= end).map((a) => concat(le([a.handle, 2]), typeBytes(a)));
    const entries = this.#entries(found);
    if (entries.length === 0) {
      this.send(this.#error(OP.findInfoReq, start, ATT_ERROR.attributeNotFound));
      return;
    }
    this.send(concat(Uint8Array.of(OP.findInfoRsp, entries[0]?.length === 4 ? 1 : 2), ...entries));
  }
}
