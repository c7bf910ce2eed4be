/**
 * A reader made of an MFRC522 on an Arduino running a DumpInfo/ReadNUID-style sketch. The sketch reports a
 * card when it is presented and says nothing when it goes, so a tag counts as gone after `debounceMs`
 * without a report; a sketch that repeats the UID while the card stays keeps it present.
 */
import type { Logger } from "pino";
import type { DeviceHealth, TagArrived, TagLeft, Unsubscribe } from "../../readings.ts";
import { type Clock, systemClock } from "../../serial/clock.ts";
import { ReconnectingLink } from "../../serial/reconnecting-link.ts";
import { serialPortFactory } from "../../serial/serialport-transport.ts";
import { Listeners, type SerialTransportFactory } from "../../serial/transport.ts";
import { PresenceTracker } from "../presence.ts";
import { HealthCell, type NfcReader, readerHealth } from "../reader.ts";
import { LineSplitter, parseSketchLine } from "./lines.ts";

export interface Mfrc522ReaderOptions {
  readonly id: string;
  readonly path: string;
  /** Default 9600 (the library's examples). */
  readonly baudRate?: number;
  /** Default 1500 ms. */
  readonly debounceMs?: number;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly factory?: SerialTransportFactory;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly emulated?: boolean;
}

export class Mfrc522Reader implements NfcReader {
  readonly readerId: string;
  readonly #o: Mfrc522ReaderOptions;
  readonly #clock: Clock;
  readonly #link: ReconnectingLink;
  readonly #lines = new LineSplitter();
  readonly #tracker: PresenceTracker;
  readonly #tags = new Listeners<TagArrived | TagLeft>();
  readonly #health: HealthCell;
  #firmwareNote: string | undefined;
  #running = false;
  #loop: Promise<void> | null = null;
  #offs: Unsubscribe[] = [];

  constructor(options: Mfrc522ReaderOptions) {
    this.readerId = options.id;
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
    this.#tracker = new PresenceTracker(options.id, options.debounceMs ?? 1500);
    this.#health = new HealthCell(readerHealth(options.id, "mfrc522", options.emulated === true, "connecting"));
    this.#link = new ReconnectingLink({
      serial: { path: options.path, baudRate: options.baudRate ?? 9600 },
      factory: options.factory ?? serialPortFactory,
      clock: this.#clock,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.initialBackoffMs !== undefined ? { initialBackoffMs: options.initialBackoffMs } : {}),
      ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
    });
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#offs = [this.#link.onData((chunk) => this.#receive(chunk)), this.#link.onState(() => this.#updateHealth())];
    await this.#link.start();
    this.#updateHealth();
    this.#loop = this.#expiryLoop();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
    await this.#link.stop();
    for (const off of this.#offs.splice(0)) off();
    this.#health.set(readerHealth(this.readerId, "mfrc522", this.#o.emulated === true, "stopped"));
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

  #receive(chunk: Uint8Array): void {
    for (const line of this.#lines.feed(chunk)) {
      const parsed = parseSketchLine(line);
      const now = this.#clock.now();
      if (parsed.kind === "uid") {
        this.#health.touch(now);
        for (const e of this.#tracker.seen(parsed.uid, now)) this.#tags.emit(e);
      } else if (parsed.kind === "firmware") {
        this.#firmwareNote = parsed.genuine
          ? undefined
          : `The MFRC522 reports firmware 0x${parsed.version.toString(16)} (a clone or counterfeit chip); reads may be unreliable.`;
        this.#updateHealth();
      }
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
    const link = this.#link.state;
    if (link.status !== "connected") this.#lines.reset();
    const message = link.status === "connected" ? this.#firmwareNote : link.message;
    this.#health.set(
      readerHealth(this.readerId, "mfrc522", this.#o.emulated === true, link.status, { message, lastSeen: this.#health.value.lastSeen }),
    );
  }
}
