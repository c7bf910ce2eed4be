/**
 * A PN532 reader over UART (HSU): wakes the chip and configures it after every (re)connect, then polls
 * InListPassiveTarget every `pollMs` and turns the answers into debounced tag events.
 */
import { sleep } from "../../common/clock.ts";
import { ReconnectingLink } from "../../serial/reconnecting-link.ts";
import { serialPortFactory } from "../../serial/serialport-transport.ts";
import type { SerialTransportFactory } from "../../serial/transport.ts";
import { LinkedReader, type LinkedReaderOptions, type ReaderLinkState } from "../linked-reader.ts";
import { uidHex } from "../presence.ts";
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

export interface Pn532ReaderOptions extends LinkedReaderOptions {
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
  readonly factory?: SerialTransportFactory;
}

/** Consecutive failed polls after which health says `unresponsive`. */
const UNRESPONSIVE_AFTER = 3;

export class Pn532Reader extends LinkedReader {
  protected readonly link: ReconnectingLink;
  readonly #o: Pn532ReaderOptions;
  readonly #exchange: Pn532Exchange;
  #failures = 0;

  constructor(options: Pn532ReaderOptions) {
    super(options, { family: "pn532", debounceMs: 500 });
    this.#o = options;
    this.link = new ReconnectingLink({
      serial: { path: options.path, baudRate: options.baudRate ?? 115_200 },
      factory: options.factory ?? serialPortFactory,
      handshake: () => this.#handshake(),
      ...this.linkOptions(),
    });
    this.#exchange = new Pn532Exchange((bytes) => this.link.write(bytes), options.logger);
  }

  /** Parser and matching counters (rejected bytes, unsolicited frames), for health pages and tests. */
  get stats(): Pn532Exchange["stats"] {
    return this.#exchange.stats;
  }

  protected receive(chunk: Uint8Array): void {
    this.#exchange.receive(chunk);
  }

  protected override linkChanged(state: ReaderLinkState): void {
    if (state.status !== "connected") this.#exchange.cancel(`link ${state.status}`);
  }

  protected override status(link: ReaderLinkState): ReaderLinkState {
    if (link.status !== "connected") return link;
    if (this.#failures >= UNRESPONSIVE_AFTER) {
      return {
        status: "unresponsive",
        message: `The PN532 on ${this.#o.path} does not answer (${this.#failures} polls in a row). Is it in HSU (UART) mode?`,
      };
    }
    return { status: "connected" };
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

  /** Polls InListPassiveTarget every `pollMs` while connected (this reader's loop instead of the debounce timer). */
  protected override async run(): Promise<void> {
    while (this.running) {
      if (this.link.state.status === "connected") await this.#pollOnce();
      await sleep(this.clock, this.#o.pollMs ?? 100);
    }
  }

  async #pollOnce(): Promise<void> {
    let params: Uint8Array;
    try {
      params = await this.#exchange.request(inListPassiveTarget(), CMD.inListPassiveTarget, this.#timeout());
    } catch (e) {
      this.#failures++;
      this.#o.logger?.debug({ reader: this.readerId, err: (e as Error).message }, "pn532 poll failed");
      this.updateHealth();
      return;
    }
    const now = this.clock.now();
    this.#failures = 0;
    this.touch(now);
    this.updateHealth();
    const targets = decodeInListPassiveTarget(params);
    if (targets === null) {
      this.#exchange.stats.rejected++;
      this.#o.logger?.warn({ reader: this.readerId }, "pn532: malformed InListPassiveTarget answer dropped");
      return;
    }
    const first = targets[0];
    if (!first) {
      this.emit(this.tracker.check(now));
      return;
    }
    const uid = uidHex(first.uid);
    let text: string | undefined;
    if (this.#o.readNdef && this.tracker.isNew(uid)) {
      text = await readNdefText((page) => this.#exchange.request(readPages(page, first.tg), CMD.inDataExchange, this.#timeout())).catch(
        (e: Error) => {
          this.#o.logger?.info({ reader: this.readerId, uid, err: e.message }, "pn532: no NDEF text read");
          return undefined;
        },
      );
    }
    this.emit(this.tracker.seen(uid, this.clock.now(), text));
  }
}
