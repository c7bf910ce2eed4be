/**
 * A USB keyboard-wedge RFID/NFC reader read through node-hid: it "types" the tag's UID and Enter. It reports
 * a tag when presented and is silent when it goes, so — as with MFRC522 sketches — a tag counts as gone after
 * `debounceMs` without being typed again. The OS keyboard driver may ALSO receive the keystrokes (see docs).
 */

import { HidLink } from "../hid/hid-link.ts";
import { KeyboardWedgeDecoder } from "../hid/keyboard.ts";
import type { HidBackend, HidMatch } from "../hid/transport.ts";
import { LinkedReader, type LinkedReaderOptions, type ReaderLinkState } from "./linked-reader.ts";
import { normaliseUid } from "./presence.ts";

export interface WedgeReaderOptions extends LinkedReaderOptions {
  readonly match: HidMatch;
  readonly backend: () => Promise<HidBackend>;
  /** Default 1500 ms. */
  readonly debounceMs?: number;
  readonly reportId?: boolean;
}

export class WedgeReader extends LinkedReader {
  protected readonly link: HidLink;
  readonly #o: WedgeReaderOptions;
  readonly #decoder: KeyboardWedgeDecoder;
  /** Reports and lines that could not be used. */
  readonly stats = { rejected: 0 };

  constructor(options: WedgeReaderOptions) {
    super(options, { family: "hid-wedge", debounceMs: 1500 });
    this.#o = options;
    this.#decoder = new KeyboardWedgeDecoder({ reportId: options.reportId === true });
    this.link = new HidLink({
      match: options.match,
      backend: options.backend,
      ...this.linkOptions(),
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
