/**
 * L2CAP basic frames over ACL (Core Vol 3 Part A §3.1; Vol 4 Part E §5.4.2): a frame is `length cid payload`, and
 * one frame may span several ACL packets — the first marked "start", the rest "continuation". {@link L2capReassembler}
 * joins the host's fragments per link; {@link l2capFragments} cuts the controller's frames to the LE link's
 * 27-octet payload, so noble's reassembly runs as it does against a radio.
 */
import type { AclPacket } from "./h4.ts";
import { concat, le } from "./h4.ts";

export const CID_ATT = 0x0004;
export const CID_LE_SIGNALING = 0x0005;
export const CID_SMP = 0x0006;

/** The LE data channel PDU payload without the Data Length Extension (Vol 6 Part B §2.4). */
export const LE_LINK_PAYLOAD = 27;

/** Largest L2CAP frame the emulator accepts from the host (bounded input). */
const MAX_FRAME = 1024;

export class L2capReassembler {
  #partial: { cid: number; length: number; data: Uint8Array } | null = null;
  /** Fragments dropped as malformed (continuation without start, overlong frame). */
  dropped = 0;

  constructor(private readonly onFrame: (cid: number, payload: Uint8Array) => void) {}

  push(p: AclPacket): void {
    if (p.boundary === 0x02 || p.boundary === 0x00) {
      if (this.#partial) this.dropped += 1;
      this.#partial = null;
      if (p.data.length < 4) {
        this.dropped += 1;
        return;
      }
      const length = (p.data[0] ?? 0) | ((p.data[1] ?? 0) << 8);
      const cid = (p.data[2] ?? 0) | ((p.data[3] ?? 0) << 8);
      if (length > MAX_FRAME) {
        this.dropped += 1;
        return;
      }
      this.#partial = { cid, length, data: p.data.slice(4) };
    } else if (p.boundary === 0x01 && this.#partial) {
      this.#partial.data = concat(this.#partial.data, p.data);
    } else {
      this.dropped += 1;
      return;
    }
    const f = this.#partial;
    if (f.data.length > f.length) {
      this.dropped += 1;
      this.#partial = null;
    } else if (f.data.length === f.length) {
      this.#partial = null;
      this.onFrame(f.cid, f.data);
    }
  }
}

/** One L2CAP frame as ACL payloads with their boundary flags (2 = first, 1 = continuation). */
export function l2capFragments(cid: number, payload: Uint8Array, size = LE_LINK_PAYLOAD): Array<{ boundary: number; data: Uint8Array }> {
  const frame = concat(le([payload.length, 2], [cid, 2]), payload);
  const out: Array<{ boundary: number; data: Uint8Array }> = [];
  for (let at = 0; at < frame.length; at += size) out.push({ boundary: at === 0 ? 0x02 : 0x01, data: frame.slice(at, at + size) });
  return out;
}

/** The answer to an LE signaling command we do not implement: Command Reject, "command not understood". */
export function signalingReject(request: Uint8Array): Uint8Array | null {
  const code = request[0] ?? 0;
  // Responses (odd codes other than requests we get) and rejects need no answer.
  if (request.length < 4 || code === 0x01 || code === 0x13) return null;
  return le([0x01, 1], [request[1] ?? 0, 1], [2, 2], [0x0000, 2]);
}

/** SMP Pairing Failed, "pairing not supported": the dice need no pairing. */
export function smpNotSupported(request: Uint8Array): Uint8Array | null {
  return request[0] === 0x01 || request[0] === 0x0b ? Uint8Array.of(0x05, 0x05) : null;
}
