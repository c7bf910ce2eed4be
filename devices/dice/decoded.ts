/**
 * Decoder results and the rejection counter: every decoder returns a value or a rejection with a reason (it
 * never throws), and drivers count and log each rejection so garbage from the air is visible but harmless.
 */
import type { Logger } from "pino";
import type { Result } from "../../src/result.ts";
import { toHex } from "../ble/seam.ts";

/** A decoder's result is the project's one `Result`; its error is why the bytes were rejected. */
export const accept = <T>(value: T): Result<T, string> => ({ ok: true, value });
export const reject = <T>(reason: string): Result<T, string> => ({ ok: false, error: reason });

/** Counts rejected messages per die and reason and logs each one at `warn`. */
export class RejectionCounter {
  #total = 0;
  readonly #byReason = new Map<string, number>();
  constructor(private readonly logger?: Logger) {}

  /** Records one rejected message. */
  record(dieId: string, bytes: Uint8Array, reason: string): void {
    this.#total += 1;
    this.#byReason.set(reason, (this.#byReason.get(reason) ?? 0) + 1);
    this.logger?.warn({ dieId, bytes: toHex(bytes), reason, rejected: this.#total }, "rejected die message");
  }

  get total(): number {
    return this.#total;
  }

  byReason(): ReadonlyMap<string, number> {
    return this.#byReason;
  }
}

/** Little-endian reads that report "too short" instead of returning undefined. */
export class ByteReader {
  #pos: number;
  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.#pos = start;
  }
  get pos(): number {
    return this.#pos;
  }
  remaining(): number {
    return this.end - this.#pos;
  }
  u8(): number {
    const v = this.bytes[this.#pos];
    if (v === undefined || this.#pos >= this.end) throw new RangeError("message too short");
    this.#pos += 1;
    return v;
  }
  i8(): number {
    const v = this.u8();
    return v > 127 ? v - 256 : v;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() + this.u16() * 0x10000) >>> 0;
  }
  text(n: number): string {
    const slice = this.bytes.subarray(this.#pos, Math.min(this.#pos + n, this.end));
    if (slice.length < n) throw new RangeError("message too short");
    this.#pos += n;
    const zero = slice.indexOf(0);
    return new TextDecoder("utf-8", { fatal: false }).decode(zero < 0 ? slice : slice.subarray(0, zero));
  }
  skip(n: number): void {
    if (this.#pos + n > this.end) throw new RangeError("message too short");
    this.#pos += n;
  }
}
