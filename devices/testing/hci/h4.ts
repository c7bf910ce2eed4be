/**
 * H4, the UART transport of HCI (Core Vol 4 Part A): every packet is one indicator byte (01 command, 02 ACL data,
 * 04 event) followed by the packet. {@link H4Parser} splits the host's byte stream into commands and ACL packets,
 * whatever the chunking; a byte that starts no known packet is skipped (counted), as a controller resynchronising
 * after line noise would.
 */

export const H4_COMMAND = 0x01;
export const H4_ACL = 0x02;
export const H4_EVENT = 0x04;

/** One HCI command from the host. `opcode` = OGF << 10 | OCF. */
export interface HciCommand {
  readonly opcode: number;
  readonly params: Uint8Array;
}

/** One ACL data packet from the host: handle, packet boundary flag (0 start non-flushable, 1 continuation, 2 start). */
export interface AclPacket {
  readonly handle: number;
  readonly boundary: number;
  readonly data: Uint8Array;
}

/** Bounds a host may not pass: an ACL packet longer than this is garbage (no LE controller buffers more). */
const MAX_ACL_LENGTH = 1024;

export class H4Parser {
  #buffer = new Uint8Array(0);
  /** Bytes skipped because they started no packet. */
  skipped = 0;

  constructor(
    private readonly onCommand: (c: HciCommand) => void,
    private readonly onAcl: (p: AclPacket) => void,
  ) {}

  push(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    let at = 0;
    while (at < joined.length) {
      const used = this.#one(joined, at);
      if (used === 0) break;
      at += used;
    }
    this.#buffer = joined.slice(at);
  }

  /** Consumes one packet at `at`; returns the bytes used, or 0 when more are needed. */
  #one(b: Uint8Array, at: number): number {
    const left = b.length - at;
    const type = b[at];
    if (type === H4_COMMAND) {
      if (left < 4) return 0;
      const len = b[at + 3] ?? 0;
      if (left < 4 + len) return 0;
      const opcode = (b[at + 1] ?? 0) | ((b[at + 2] ?? 0) << 8);
      this.onCommand({ opcode, params: b.slice(at + 4, at + 4 + len) });
      return 4 + len;
    }
    if (type === H4_ACL) {
      if (left < 5) return 0;
      const hf = (b[at + 1] ?? 0) | ((b[at + 2] ?? 0) << 8);
      const len = (b[at + 3] ?? 0) | ((b[at + 4] ?? 0) << 8);
      if (len > MAX_ACL_LENGTH) {
        this.skipped += 1;
        return 1;
      }
      if (left < 5 + len) return 0;
      this.onAcl({ handle: hf & 0x0fff, boundary: (hf >> 12) & 0x3, data: b.slice(at + 5, at + 5 + len) });
      return 5 + len;
    }
    this.skipped += 1;
    return 1;
  }
}

/** `04 code len params`. */
export function eventPacket(code: number, params: Uint8Array): Uint8Array {
  const out = new Uint8Array(3 + params.length);
  out[0] = H4_EVENT;
  out[1] = code;
  out[2] = params.length;
  out.set(params, 3);
  return out;
}

/** `02 handle|flags len data` (controller → host). */
export function aclPacket(handle: number, boundary: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + data.length);
  out[0] = H4_ACL;
  const hf = (handle & 0x0fff) | (boundary << 12);
  out[1] = hf & 0xff;
  out[2] = hf >> 8;
  out[3] = data.length & 0xff;
  out[4] = data.length >> 8;
  out.set(data, 5);
  return out;
}

/** Little-endian writer for event parameters. */
export function le(...fields: Array<[value: number, bytes: 1 | 2]>): Uint8Array {
  const out: number[] = [];
  for (const [v, n] of fields) {
    out.push(v & 0xff);
    if (n === 2) out.push((v >> 8) & 0xff);
  }
  return Uint8Array.from(out);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
