/**
 * Request/response matching for one PN532 link: a command is answered by an ACK, then by a response whose
 * code is the command's + 1. Responses that arrive without a pending, acknowledged command (duplicates,
 * late answers after a timeout) are counted and dropped — they are never taken for the next answer.
 */
import type { Logger } from "pino";
import { ACK, type Pn532Frame, TFI_PN532 } from "./frame.ts";
import { Pn532Parser } from "./parser.ts";

interface Pending {
  readonly code: number;
  acked: boolean;
  readonly resolve: (params: Uint8Array) => void;
  readonly reject: (error: Error) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class Pn532Exchange {
  readonly #parser = new Pn532Parser();
  readonly #write: (bytes: Uint8Array) => Promise<void>;
  readonly #logger: Logger | undefined;
  #pending: Pending | null = null;
  /** Frames received that matched no pending command, and rejections of the parser. */
  readonly stats = { unsolicited: 0, rejected: 0, errorFrames: 0 };

  constructor(write: (bytes: Uint8Array) => Promise<void>, logger?: Logger) {
    this.#write = write;
    this.#logger = logger;
  }

  /** Feeds received bytes. Never throws. */
  receive(chunk: Uint8Array): void {
    const { frames, rejected } = this.#parser.feed(chunk);
    for (const r of rejected) {
      this.stats.rejected++;
      this.#logger?.debug({ reason: r.reason, bytes: r.bytes }, "pn532: bytes rejected");
    }
    for (const f of frames) this.#onFrame(f);
  }

  /**
   * Sends `frame` (a command with code `code`, optionally preceded by the wake-up bytes) and resolves with
   * the response parameters (after `D5 code+1`). Rejects on timeout, an error frame, or `cancel()`.
   */
  request(frame: Uint8Array, code: number, timeoutMs: number): Promise<Uint8Array> {
    if (this.#pending) return Promise.reject(new Error("pn532: a command is already in progress"));
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = null;
        // An ACK from the host aborts the command in progress (libnfc pn532_uart_ack).
        this.#write(ACK).catch(() => undefined);
        reject(new Error(`no answer to command 0x${code.toString(16)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending = { code: code + 1, acked: false, resolve, reject, timer };
      this.#write(frame).catch((e: Error) => this.#settle((p) => p.reject(e)));
    });
  }

  /** Fails the command in progress (the link went away) and forgets buffered bytes. */
  cancel(reason: string): void {
    this.#parser.reset();
    this.#settle((p) => p.reject(new Error(reason)));
  }

  #settle(action: (p: Pending) => void): void {
    const p = this.#pending;
    if (!p) return;
    clearTimeout(p.timer);
    this.#pending = null;
    action(p);
  }

  #onFrame(frame: Pn532Frame): void {
    const p = this.#pending;
    if (frame.kind === "ack") {
      if (p) p.acked = true;
      return;
    }
    if (frame.kind === "error") {
      this.stats.errorFrames++;
      if (p?.acked) this.#settle((q) => q.reject(new Error("PN532 answered with an error frame")));
      return;
    }
    if (frame.kind === "info" && p?.acked && frame.tfi === TFI_PN532 && frame.data[0] === p.code) {
      const params = frame.data.slice(1);
      this.#settle((q) => q.resolve(params));
      return;
    }
    this.stats.unsolicited++;
    this.#logger?.debug({ kind: frame.kind }, "pn532: frame without a pending command dropped");
  }
}
