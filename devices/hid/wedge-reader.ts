/**
 * A USB keyboard-wedge RFID/NFC reader read through node-hid: it "types" the tag's UID and Enter. It reports
 * a tag when presented and is silent when it goes, so — as with MFRC522 sketches — a tag counts as gone after
 * `debounceMs` without being typed again. The OS keyboard driver may ALSO receive the keystrokes (see docs).
 */
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import { LinkedReader, type ReaderLinkState } from "../nfc/linked-reader.ts";
import { normaliseUid } from "../nfc/presence.ts";
import { HidLink } from "./hid-link.ts";
import { KeyboardWedgeDecoder } from "./keyboard.ts";
import type { HidBackend, HidMatch } from "./transport.ts";

export interface WedgeReaderOptions {
  readonly id: string;
  readonly match: HidMatch;
  readonly backend: () => Promise<HidBackend>;
  /** Default 1500 ms. */
  readonly debounceMs?: number;
  readonly reportId?: boolean;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly emulated?: boolean;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

export class WedgeReader extends LinkedReader {
  protected readonly link: HidLink;
  readonly #o: WedgeReaderOptions;
  readonly #decoder: KeyboardWedgeDecoder;
  /** Reports and lines that could not be used. */
  readonly stats = { rejected: 0 };

  constructor(options: WedgeReaderOptions) {
    super({
      id: options.id,
      family: "hid-wedge",
      emulated: options.emulated === true,
      debounceMs: options.debounceMs ?? 1500,
      clock: options.clock,
    });
    this.#o = options;
    this.#decoder = new KeyboardWedgeDecoder({ reportId: options.reportId === true });
    this.link = new HidLink({
      match: options.match,
      backend: options.backend,
      clock: this.clock,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.initialBackoffMs !== undefined ? { initialBackoffMs: options.initialBackoffMs } : {}),
      ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
    });
  }

  protected receive(report: Uint8Array): void {
    const { lines, rejected } = this.#decoder.feed(report);
    if (rejected) {
      this.stats.rejected++;
      this.#o.logger?.debug({ reader: this.readerId, rejected }, "hid-wedge: report dropped");
    }
    for (const line of lines) {
      const uid = normaliseUid(line);
      const now = this.clock.now();
      if (!uid) {
        this.stats.rejected++;
        this.#o.logger?.info({ reader: this.readerId, line }, "hid-wedge: typed line is not a UID, ignored");
        continue;
      }
      this.touch(now);
      this.emit(this.tracker.seen(uid, now));
    }
  }

  protected override linkChanged(state: ReaderLinkState): void {
    if (state.status !== "connected") this.#decoder.reset();
  }
}
