/**
 * A PN532 reader over UART (HSU): wakes the chip and configures it after every (re)connect, then polls
 * InListPassiveTarget every `pollMs` and turns the answers into debounced tag events.
 */
import type { Logger } from "pino";
import type { DeviceHealth, TagArrived, TagLeft, Unsubscribe } from "../../readings.ts";
import { type Clock, systemClock } from "../../serial/clock.ts";
import { ReconnectingLink } from "../../serial/reconnecting-link.ts";
import { serialPortFactory } from "../../serial/serialport-transport.ts";
import { Listeners, type SerialTransportFactory } from "../../serial/transport.ts";
import { PresenceTracker, uidHex } from "../presence.ts";
import { HealthCell, type NfcReader, readerHealth } from "../reader.ts";
import {
  CMD,
  decodeFirmwareVersion,
  decodeInListPassiveTarget,
  getFirmwareVersion,
  inListPassiveTarget,
  maxRetries,
  readPages,
  samConfiguration,
} from "./commands.ts";
import { Pn532Exchange } from "./exchange.ts";
import { WAKE_UP } from "./frame.ts";
import { readNdefText } from "./ndef-read.ts";

export interface Pn532ReaderOptions {
  readonly id: string;
  readonly path: string;
  /** Default 115200 (the PN532's HSU default). */
  readonly baudRate?: number;
  /** Time between InListPassiveTarget polls; default 100 ms. */
  readonly pollMs?: number;
  /** A tag unseen this long has left; default 500 ms. */
  readonly debounceMs?: number;
  /** Read an NDEF Text record (the ship id) on each arrival; default false. */
  readonly readNdef?: boolean;
  /** Real time to wait for an answer; default 500 ms (the first exchange after open gets 1500 ms, as nfcpy). */
  readonly responseTimeoutMs?: number;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly factory?: SerialTransportFactory;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly emulated?: boolean;
}

/** Consecutive failed polls after which health says `unresponsive`. */
const UNRESPONSIVE_AFTER = 3;

export class Pn532Reader implements NfcReader {
  readonly readerId: string;
  readonly #o: Pn532ReaderOptions;
  readonly #clock: Clock;
  readonly #link: ReconnectingLink;
  readonly #exchange: Pn532Exchange;
  readonly #tracker: PresenceTracker;
  readonly #tags = new Listeners<TagArrived | TagLeft>();
  readonly #health: HealthCell;
  #failures = 0;
  #running = false;
  #loop: Promise<void> | null = null;
  #offs: Unsubscribe[] = [];

  constructor(options: Pn532ReaderOptions) {
    this.readerId = options.id;
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
    this.#tracker = new PresenceTracker(options.id, options.debounceMs ?? 500);
    this.#health = new HealthCell(readerHealth(options.id, "pn532", options.emulated === true, "connecting"));
    this.#link = new ReconnectingLink({
      serial: { path: options.path, baudRate: options.baudRate ?? 115_200 },
      factory: options.factory ?? serialPortFactory,
      handshake: () => this.#handshake(),
      clock: this.#clock,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.initialBackoffMs !== undefined ? { initialBackoffMs: options.initialBackoffMs } : {}),
      ...(options.maxBackoffMs !== undefined ? { maxBackoffMs: options.maxBackoffMs } : {}),
    });
    this.#exchange = new Pn532Exchange((bytes) => this.#link.write(bytes), options.logger);
  }

  /** Parser and matching counters (rejected bytes, unsolicited frames), for health pages and tests. */
  get stats(): Pn532Exchange["stats"] {
    return this.#exchange.stats;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#offs = [
      this.#link.onData((chunk) => this.#exchange.receive(chunk)),
      this.#link.onState((s) => {
        if (s.status !== "connected") this.#exchange.cancel(`link ${s.status}`);
        this.#updateHealth();
      }),
    ];
    await this.#link.start();
    this.#updateHealth();
    this.#loop = this.#pollLoop();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
    await this.#link.stop();
    for (const off of this.#offs.splice(0)) off();
    this.#health.set(readerHealth(this.readerId, "pn532", this.#o.emulated === true, "stopped"));
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

  #timeout(): number {
    return this.#o.responseTimeoutMs ?? 500;
  }

  async #handshake(): Promise<void> {
    this.#exchange.cancel("reconnected");
    const sam = samConfiguration();
    const wake = new Uint8Array(WAKE_UP.length + sam.length);
    wake.set(WAKE_UP);
    wake.set(sam, WAKE_UP.length);
    await this.#exchange.request(wake, CMD.samConfiguration, Math.max(1500, this.#timeout()));
    const fw = decodeFirmwareVersion(await this.#exchange.request(getFirmwareVersion(), CMD.getFirmwareVersion, this.#timeout()));
    if (fw?.ic !== 0x32) this.#o.logger?.warn({ reader: this.readerId, fw }, "pn532: firmware does not report IC 0x32");
    // Two passive activation retries: InListPassiveTarget answers "no target" instead of waiting forever.
    await this.#exchange.request(maxRetries(0x02), CMD.rfConfiguration, this.#timeout());
    this.#failures = 0;
    this.#o.logger?.info({ reader: this.readerId, path: this.#o.path, firmware: fw?.version }, "pn532 ready");
  }

  async #pollLoop(): Promise<void> {
    while (this.#running) {
      if (this.#link.state.status === "connected") await this.#pollOnce();
      await this.#clock.sleep(this.#o.pollMs ?? 100);
    }
  }

  async #pollOnce(): Promise<void> {
    let params: Uint8Array;
    try {
      params = await this.#exchange.request(inListPassiveTarget(), CMD.inListPassiveTarget, this.#timeout());
    } catch (e) {
      this.#failures++;
      this.#o.logger?.debug({ reader: this.readerId, err: (e as Error).message }, "pn532 poll failed");
      this.#updateHealth();
      return;
    }
    const now = this.#clock.now();
    this.#failures = 0;
    this.#health.touch(now);
    this.#updateHealth();
    const targets = decodeInListPassiveTarget(params);
    if (targets === null) {
      this.#exchange.stats.rejected++;
      this.#o.logger?.warn({ reader: this.readerId }, "pn532: malformed InListPassiveTarget answer dropped");
      return;
    }
    const first = targets[0];
    if (!first) {
      this.#emit(this.#tracker.check(now));
      return;
    }
    const uid = uidHex(first.uid);
    let text: string | undefined;
    if (this.#o.readNdef && this.#tracker.isNew(uid)) {
      text = await readNdefText((page) => this.#exchange.request(readPages(page, first.tg), CMD.inDataExchange, this.#timeout())).catch(
        (e: Error) => {
          this.#o.logger?.info({ reader: this.readerId, uid, err: e.message }, "pn532: no NDEF text read");
          return undefined;
        },
      );
    }
    this.#emit(this.#tracker.seen(uid, this.#clock.now(), text));
  }

  #emit(events: readonly (TagArrived | TagLeft)[]): void {
    for (const e of events) this.#tags.emit(e);
  }

  #updateHealth(): void {
    const link = this.#link.state;
    const emulated = this.#o.emulated === true;
    const lastSeen = this.#health.value.lastSeen;
    if (!this.#running) return;
    if (link.status !== "connected") {
      this.#health.set(readerHealth(this.readerId, "pn532", emulated, link.status, { message: link.message, lastSeen }));
    } else if (this.#failures >= UNRESPONSIVE_AFTER) {
      const message = `The PN532 on ${this.#o.path} does not answer (${this.#failures} polls in a row). Is it in HSU (UART) mode?`;
      this.#health.set(readerHealth(this.readerId, "pn532", emulated, "unresponsive", { message, lastSeen }));
    } else {
      this.#health.set(readerHealth(this.readerId, "pn532", emulated, "connected", { lastSeen }));
    }
  }
}
