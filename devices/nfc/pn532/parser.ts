/**
 * A resynchronising PN532 frame parser: feed it chunks as they arrive, get whole frames back. It keys on the
 * start code `00 FF` (libnfc `pn532_uart_receive`), checks LCS and DCS, and on a bad frame drops only the
 * start code and searches again, so a good frame hidden after garbage is still found.
 */
import { EXTENDED_DATA_MAX, type Pn532Frame } from "./frame.ts";

/** Why bytes were thrown away. */
export type Pn532RejectReason = "garbage" | "lcs" | "dcs" | "length" | "overflow";

export interface Pn532Rejection {
  readonly reason: Pn532RejectReason;
  /** How many bytes were dropped. */
  readonly bytes: number;
}

export interface Pn532FeedResult {
  readonly frames: Pn532Frame[];
  readonly rejected: Pn532Rejection[];
}

/** A parser never holds more than one maximal extended frame plus this slack. */
const MAX_BUFFER = 8 + EXTENDED_DATA_MAX + 2 + 64;

const sum = (bytes: Uint8Array): number => bytes.reduce((s, b) => (s + b) & 0xff, 0);

export class Pn532Parser {
  #buf: Uint8Array = new Uint8Array(0);
  /** Running totals since construction: frames accepted and rejections by reason. */
  readonly stats = { frames: 0, rejected: 0 };

  /** Adds a chunk; returns the frames it completed and what was rejected. Never throws. */
  feed(chunk: Uint8Array): Pn532FeedResult {
    const joined = new Uint8Array(this.#buf.length + chunk.length);
    joined.set(this.#buf);
    joined.set(chunk, this.#buf.length);
    const frames: Pn532Frame[] = [];
    const rejected: Pn532Rejection[] = [];
    let at = 0;
    for (;;) {
      const start = findStart(joined, at);
      if (start < 0) {
        // Keep a trailing 00: it may be the first byte of a start code.
        const keepFrom = joined.length > at && joined[joined.length - 1] === 0 ? joined.length - 1 : joined.length;
        noteGarbage(joined, at, keepFrom, rejected);
        at = keepFrom;
        break;
      }
      noteGarbage(joined, at, start, rejected);
      const step = parseAt(joined, start);
      if (step.kind === "need-more") {
        at = start;
        break;
      }
      if (step.kind === "frame") {
        frames.push(step.frame);
        at = step.next;
      } else {
        rejected.push({ reason: step.reason, bytes: 2 });
        at = start + 2;
      }
    }
    let rest = joined.subarray(at);
    if (rest.length > MAX_BUFFER) {
      rejected.push({ reason: "overflow", bytes: rest.length });
      rest = new Uint8Array(0);
    }
    this.#buf = rest.slice();
    this.stats.frames += frames.length;
    this.stats.rejected += rejected.length;
    return { frames, rejected };
  }

  /** Bytes held back waiting for the rest of a frame (0 when only preamble zeros are held). */
  get pending(): number {
    return this.#buf.some((b) => b !== 0) ? this.#buf.length : 0;
  }

  /** Forgets buffered bytes (after a reconnect). */
  reset(): void {
    this.#buf = new Uint8Array(0);
  }
}

function findStart(b: Uint8Array, from: number): number {
  for (let i = from; i + 1 < b.length; i++) if (b[i] === 0x00 && b[i + 1] === 0xff) return i;
  return -1;
}

/** Bytes before a start code: preamble/postamble zeros are expected, anything else is garbage (counted up to its last non-zero byte). */
function noteGarbage(b: Uint8Array, from: number, to: number, out: Pn532Rejection[]): void {
  let last = -1;
  for (let i = from; i < to; i++) if (b[i] !== 0x00) last = i;
  if (last >= 0) out.push({ reason: "garbage", bytes: last - from + 1 });
}

type Step =
  | { kind: "need-more" }
  | { kind: "frame"; frame: Pn532Frame; next: number }
  | { kind: "bad"; reason: Exclude<Pn532RejectReason, "garbage" | "overflow"> };

function parseAt(b: Uint8Array, s: number): Step {
  if (b.length < s + 4) return { kind: "need-more" };
  const b2 = b[s + 2] ?? 0;
  const b3 = b[s + 3] ?? 0;
  if (b2 === 0x00 && b3 === 0xff) return { kind: "frame", frame: { kind: "ack" }, next: s + 4 };
  if (b2 === 0xff && b3 === 0x00) return { kind: "frame", frame: { kind: "nack" }, next: s + 4 };
  let len: number;
  let bodyAt: number;
  let extended = false;
  if (b2 === 0xff && b3 === 0xff) {
    if (b.length < s + 7) return { kind: "need-more" };
    const hi = b[s + 4] ?? 0;
    const lo = b[s + 5] ?? 0;
    if (((hi + lo + (b[s + 6] ?? 0)) & 0xff) !== 0) return { kind: "bad", reason: "lcs" };
    len = (hi << 8) | lo;
    if (len < 1 || len > EXTENDED_DATA_MAX + 1) return { kind: "bad", reason: "length" };
    bodyAt = s + 7;
    extended = true;
  } else {
    if (((b2 + b3) & 0xff) !== 0) return { kind: "bad", reason: "lcs" };
    len = b2;
    if (len < 1) return { kind: "bad", reason: "length" };
    bodyAt = s + 4;
  }
  if (b.length < bodyAt + len + 1) return { kind: "need-more" };
  const body = b.subarray(bodyAt, bodyAt + len);
  if (((sum(body) + (b[bodyAt + len] ?? 0)) & 0xff) !== 0) return { kind: "bad", reason: "dcs" };
  const next = bodyAt + len + 1;
  const tfi = body[0] ?? 0;
  if (!extended && len === 1 && tfi === 0x7f) return { kind: "frame", frame: { kind: "error" }, next };
  return { kind: "frame", frame: { kind: "info", tfi, extended, data: body.slice(1) }, next };
}
