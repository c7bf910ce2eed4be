/**
 * One LE connection of the emulated controller: the link to an emulated die, its L2CAP reassembly, and the ATT
 * server over the die's GATT table. The die's notifications leave as Handle Value Notifications cut into 27-octet
 * ACL fragments; the host's writes reach the die through its own delivery (fault knobs included).
 */
import type { EmulatedBleDevice, EmulatedLink } from "../ble/device.ts";
import { CID_ATT, CID_LE_SIGNALING, CID_SMP, L2capReassembler, l2capFragments, signalingReject, smpNotSupported } from "./acl-l2cap.ts";
import { AttServer } from "./att-server.ts";
import { buildGattTable } from "./gatt-table.ts";
import { type AclPacket, aclPacket } from "./h4.ts";

export class LeLink {
  readonly att: AttServer;
  readonly #l2cap: L2capReassembler;
  /** Set when the host or the controller ended the link (so the die's own close is not reported twice). */
  ended = false;
  /** Notifications sent to the host, for benches and tests. */
  notified = 0;

  constructor(
    readonly handle: number,
    readonly device: EmulatedBleDevice,
    readonly link: EmulatedLink,
    private readonly write: (bytes: Uint8Array) => void,
    private readonly onNotify?: (deviceId: string, bytes: Uint8Array) => void,
  ) {
    this.att = new AttServer(
      buildGattTable(device.services()),
      device.mtu,
      {
        write: (characteristic, bytes) => {
          const copy = Uint8Array.from(bytes);
          device.deliver(() => device.receive(link, characteristic, copy));
        },
        subscribe: (characteristic, on) => {
          if (!on) link.subscribers.delete(characteristic);
          else
            link.subscribers.set(characteristic, (data) => {
              if (this.ended || !this.att.notify(characteristic, data)) return;
              this.notified += 1;
              this.onNotify?.(device.id, data);
            });
        },
      },
      (pdu) => this.send(CID_ATT, pdu),
    );
    this.#l2cap = new L2capReassembler((cid, payload) => this.#frame(cid, payload));
  }

  /** An ACL packet from the host for this link. */
  receive(p: AclPacket): void {
    this.#l2cap.push(p);
  }

  /** Sends one L2CAP frame to the host in LE-sized ACL fragments. */
  send(cid: number, payload: Uint8Array): void {
    if (this.ended) return;
    for (const f of l2capFragments(cid, payload)) this.write(aclPacket(this.handle, f.boundary, f.data));
  }

  #frame(cid: number, payload: Uint8Array): void {
    if (cid === CID_ATT) {
      this.att.receive(payload);
      return;
    }
    const answer = cid === CID_LE_SIGNALING ? signalingReject(payload) : cid === CID_SMP ? smpNotSupported(payload) : null;
    if (answer) this.send(cid, answer);
  }
}
