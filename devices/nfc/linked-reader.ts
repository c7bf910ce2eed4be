/**
 * The plumbing every reader over a reopening link shares (PN532 and MFRC522 over serial, the keyboard wedge over
 * HID): start/stop of the link and of the reader's own loop, tag and health listeners, and health that follows the
 * link's state. A subclass decodes the link's bytes (`receive`) and may run its own loop (`run`, by default the
 * debounce timer that lets a silent reader's tag leave) and add its own health (`status`).
 */
import { type Clock, sleep, systemClock } from "../common/clock.ts";
import { Listeners } from "../common/listeners.ts";
import type { ReopeningLinkOptions } from "../common/reopening-link.ts";
import type { DeviceHealth, Unsubscribe } from "../readings.ts";
import { PresenceTracker, type TagEvent } from "./presence.ts";
import { HealthCell, type NfcReader, readerHealth } from "./reader.ts";

/** A link state as health shows it. */
export interface ReaderLinkState {
  readonly status: string;
  readonly message?: string;
}

/** What a reader needs of its link: `ReconnectingLink` (serial) and `HidLink` are such links. */
export interface ReaderLink {
  readonly state: ReaderLinkState;
  start(): Promise<void>;
  stop(): Promise<void>;
  onData(listener: (chunk: Uint8Array) => void): Unsubscribe;
  onState(listener: (state: ReaderLinkState) => void): Unsubscribe;
}

/** Options every linked reader takes (its link's clock, logger and backoff among them). */
export interface LinkedReaderOptions extends ReopeningLinkOptions {
  readonly id: string;
  /** A tag unseen this long has left; the default is the family's. */
  readonly debounceMs?: number;
  readonly emulated?: boolean;
}

/** What a family fixes: its `DeviceHealth.family` (`pn532`, `mfrc522`, `hid-wedge`) and default debounce. */
export interface ReaderFamily {
  readonly family: string;
  readonly debounceMs: number;
}

export abstract class LinkedReader implements NfcReader {
  readonly readerId: string;
  protected readonly clock: Clock;
  protected readonly tracker: PresenceTracker;
  readonly #options: LinkedReaderOptions;
  readonly #family: string;
  readonly #emulated: boolean;
  readonly #debounceMs: number;
  readonly #tags = new Listeners<TagEvent>();
  readonly #health: HealthCell;
  #running = false;
  #loop: Promise<void> | null = null;
  #offs: Unsubscribe[] = [];

  constructor(options: LinkedReaderOptions, family: ReaderFamily) {
    this.readerId = options.id;
    this.#options = options;
    this.#family = family.family;
    this.#emulated = options.emulated === true;
    this.#debounceMs = options.debounceMs ?? family.debounceMs;
    this.clock = options.clock ?? systemClock;
    this.tracker = new PresenceTracker(options.id, this.#debounceMs);
    this.#health = new HealthCell(readerHealth(options.id, this.#family, this.#emulated, "connecting"));
  }

  /** The settings for this reader's link: its clock, logger and backoff. */
  protected linkOptions(): ReopeningLinkOptions {
    const { logger, initialBackoffMs, maxBackoffMs } = this.#options;
    return { clock: this.clock, logger, initialBackoffMs, maxBackoffMs };
  }

  /** The reader's link; made by the subclass. */
  protected abstract readonly link: ReaderLink;

  /** Bytes from the link. */
  protected abstract receive(chunk: Uint8Array): void;

  /** The link changed state (before health follows it): drop partial input, cancel pending requests… */
  protected linkChanged(_state: ReaderLinkState): void {}

  /** The status health shows for the link's state; a subclass adds its own findings (firmware, silence). */
  protected status(link: ReaderLinkState): ReaderLinkState {
    return link;
  }

  /** Runs while started. By default the debounce timer: a tag unseen for `debounceMs` has left. */
  protected async run(): Promise<void> {
    const tick = Math.max(10, Math.min(100, Math.floor(this.#debounceMs / 4)));
    while (this.#running) {
      this.emit(this.tracker.check(this.clock.now()));
      await sleep(this.clock, tick);
    }
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#offs = [
      this.link.onData((chunk) => this.receive(chunk)),
      this.link.onState((s) => {
        this.linkChanged(s);
        this.updateHealth();
      }),
    ];
    await this.link.start();
    this.updateHealth();
    this.#loop = this.run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
    await this.link.stop();
    for (const off of this.#offs.splice(0)) off();
    this.#health.set(readerHealth(this.readerId, this.#family, this.#emulated, "stopped"));
  }

  onTag(listener: (event: TagEvent) => void): Unsubscribe {
    return this.#tags.add(listener);
  }

  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe {
    return this.#health.onChange(listener);
  }

  health(): DeviceHealth {
    return this.#health.value;
  }

  protected get running(): boolean {
    return this.#running;
  }

  protected emit(events: readonly TagEvent[]): void {
    for (const e of events) this.#tags.emit(e);
  }

  /** The reader answered at `at` (health's `lastSeen`, without a health event). */
  protected touch(at: number): void {
    this.#health.touch(at);
  }

  /** Health follows the link's state and the subclass's {@link status}; listeners hear each change once. */
  protected updateHealth(): void {
    if (!this.#running) return;
    const { status, message } = this.status(this.link.state);
    const lastSeen = this.#health.value.lastSeen;
    this.#health.set(readerHealth(this.readerId, this.#family, this.#emulated, status, { message, lastSeen }));
  }
}
