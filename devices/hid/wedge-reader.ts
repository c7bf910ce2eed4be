/**
 * A USB keyboard-wedge RFID/NFC reader read through node-hid: it "types" the tag's UID and Enter. It reports
 * a tag when presented and is silent when it goes, so — as with MFRC522 sketches — a tag counts as gone after
 * `debounceMs` without being typed again. The OS keyboard driver may ALSO receive the keystrokes (see docs).
 */
import type { Logger } from "pino";
import { normaliseUid, PresenceTracker } from "../nfc/presence.ts";
import { HealthCell, type NfcReader, readerHealth } from "../nfc/reader.ts";
import type { DeviceHealth, TagArrived, TagLeft, Unsubscribe } from "../readings.ts";
import { type Clock, systemClock } from "../serial/clock.ts";
import { Listeners } from "../serial/transport.ts";
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

export class WedgeReader implements NfcReader {
  readonly readerId: string;
  readonly #o: WedgeReaderOptions;
  readonly #clock: Clock;
  readonly #link: HidLink;
  readonly #decoder: KeyboardWedgeDecoder;
  readonly #tracker: PresenceTracker;
  readonly #tags = new Listeners<TagArrived | TagLeft>();
  readonly #health: HealthCell;
  /** Reports and lines that could not be used. */
  readonly stats = { rejected: 0 };
  #running = false;
  #loop: Promise<void> | null = null;
  #offs: Unsubscribe[] = [];

  constructor(options: WedgeReaderOptions) {
    this.readerId = options.id;
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
    this.#decoder = new KeyboardWedgeDecoder({ reportId: options.reportId === true });
    this.#tracker = new PresenceTracker(options.id, options.debounceMs ?? 1500);
    this.#health = new HealthCell(readerHealth(options.id, "hid-wedge", options.emulated === true, "connecting"));
    this.#link = new HidLink({
      match: options.match,
      backend: options.backend,
      clock: this.#clock,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.initialBackoffMs !== undefined ? { initialBackoffMs: options.initialBackoffMs } : {}),
      ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
    });
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#offs = [
      this.#link.onData((r) => this.#receive(r)),
      this.#link.onState((s) => {
        if (s.status !== "connected") this.#decoder.reset();
        this.#updateHealth();
      }),
    ];
    await this.#link.start();
    this.#updateHealth();
    this.#loop = this.#expiryLoop();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
    await this.#link.stop();
    for (const off of this.#offs.splice(0)) off();
    this.#health.set(readerHealth(this.readerId, "hid-wedge", this.#o.emulated === true, "stopped"));
  }

  onTag(listener: (event: TagArrived | TagLeft) => void): Unsubscribe {
    return this.#tags.add(listener);
  }

  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe {
    return this.#health.onChange(listener);
  }

  health(): DeviceHealth {
    return this.#health.value;
  }

  #receive(report: Uint8Array): void {
    const { lines, rejected } = this.#decoder.feed(report);
    if (rejected) {
      this.stats.rejected++;
      this.#o.logger?.debug({ reader: this.readerId, rejected }, "hid-wedge: report dropped");
    }
    for (const line of lines) {
      const uid = normaliseUid(line);
      const now = this.#clock.now();
      if (!uid) {
        this.stats.rejected++;
        this.#o.logger?.info({ reader: this.readerId, line }, "hid-wedge: typed line is not a UID, ignored");
        continue;
      }
      this.#health.touch(now);
      for (const e of this.#tracker.seen(uid, now)) this.#tags.emit(e);
    }
  }

  async #expiryLoop(): Promise<void> {
    const tick = Math.max(10, Math.min(100, Math.floor((this.#o.debounceMs ?? 1500) / 4)));
    while (this.#running) {
      for (const e of this.#tracker.check(this.#clock.now())) this.#tags.emit(e);
      await this.#clock.sleep(tick);
    }
  }

  #updateHealth(): void {
    if (!this.#running) return;
    const s = this.#link.state;
    this.#health.set(
      readerHealth(this.readerId, "hid-wedge", this.#o.emulated === true, s.status, {
        message: s.message,
        lastSeen: this.#health.value.lastSeen,
      }),
    );
  }
}
