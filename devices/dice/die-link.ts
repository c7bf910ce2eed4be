/**
 * Keeps one die connected: waits for a discovery of it, opens a session on that (fresh) peripheral handle, and
 * after a drop or a failed attempt waits with backoff (1 s, 2 s, 4 s … capped at 30 s) and starts over from a NEW
 * discovery — never reusing the old handle (noble#838, pixels-js#39). The roll gate in the tracker survives
 * reconnects, so the resync reply after a reconnect is never counted twice.
 */
import type { Logger } from "pino";
import type { BleDiscovery, BlePeripheral } from "../ble/seam.ts";
import { Backoff, backoffDelay as exponentialDelay } from "../common/backoff.ts";
import { type Clock, type TimerHandle, withTimeout } from "../common/clock.ts";
import type { DieLight } from "../readings.ts";
import type { DieTracker } from "./die-tracker.ts";
import type { DieSession, SessionContext } from "./session.ts";

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** Whole setup (connect + discover + handshake) budget; connect alone is ≥ 10 s. */
export const SETUP_TIMEOUT_MS = 30_000;
/** Battery/RSSI poll while connected. */
export const POLL_INTERVAL_MS = 60_000;

/** Delay before attempt `n` after a failure or drop (n = 0 is the first retry). */
export function backoffDelay(n: number): number {
  return exponentialDelay(n, BACKOFF_FIRST_MS, BACKOFF_CAP_MS);
}

export type OpenSession = (peripheral: BlePeripheral, ctx: SessionContext) => Promise<DieSession>;

type LinkState = "idle" | "searching" | "connecting" | "connected" | "waiting" | "stopped";

/** Whether a connect failure says the adapter holds all the links it can (HCI 0x09, "Connection Limit Exceeded"). */
export function isLinkLimit(e: unknown): boolean {
  return /connection limit exceeded|\(0x9\)/i.test(e instanceof Error ? e.message : String(e));
}

/**
 * What a die does when the adapter's link limit is reached: `true` = it has another way (a Pixels reads its
 * rolls from adverts) and this link stops; `false` = it waits for a free link and keeps retrying.
 */
export type OnLinkLimit = () => boolean;

export class DieLink {
  #state: LinkState = "idle";
  #session: DieSession | null = null;
  readonly #backoff = new Backoff(BACKOFF_FIRST_MS, BACKOFF_CAP_MS);
  #timer: TimerHandle | null = null;
  #poll: TimerHandle | null = null;
  #latest: { discovery: BleDiscovery; at: number } | null = null;
  #connections = 0;
  /** Connect attempts made (for tests and the log). */
  attempts = 0;

  constructor(
    private readonly tracker: DieTracker,
    private readonly open: OpenSession,
    private readonly clock: Clock,
    private readonly logger?: Logger,
    private readonly onLinkLimit?: OnLinkLimit,
  ) {}

  start(): void {
    if (this.#state !== "idle" && this.#state !== "stopped") return;
    this.#search();
  }

  /** A discovery matching this die. Used only while searching, and only if newer than the last drop. */
  offer(discovery: BleDiscovery): void {
    this.tracker.seen(discovery.advertisement.rssi);
    this.#latest = { discovery, at: this.clock.now() };
    if (this.#state === "searching") void this.#connect(discovery);
  }

  async identify(): Promise<boolean> {
    return this.#session ? this.#session.identify().catch(() => false) : false;
  }

  /** Shows a light on the die; false while it is not connected or the write fails. */
  async light(light: DieLight): Promise<boolean> {
    return this.#session ? this.#session.light(light).catch(() => false) : false;
  }

  async stop(): Promise<void> {
    this.#state = "stopped";
    this.#timer?.cancel();
    this.#poll?.cancel();
    // a setup under way ends at once (its waits end with the link) instead of running out its timeouts
    const setting = this.#settingUp;
    this.#settingUp = null;
    await setting?.disconnect().catch(() => undefined);
    const s = this.#session;
    this.#session = null;
    await s?.close();
    this.tracker.setLink("stopped", false);
  }

  #search(): void {
    this.#state = "searching";
    this.tracker.setLink(this.#connections === 0 ? "searching" : "reconnecting", false);
    const latest = this.#latest;
    // A discovery seen after the drop (while backing off) is a fresh handle: use it at once.
    if (latest && (this.#connections === 0 || latest.at >= this.#droppedAt)) void this.#connect(latest.discovery);
  }

  #droppedAt = 0;
  /** The peripheral whose session is being set up. */
  #settingUp: BlePeripheral | null = null;

  async #connect(discovery: BleDiscovery): Promise<void> {
    if (this.#state !== "searching") return;
    this.#state = "connecting";
    this.attempts += 1;
    this.tracker.setLink("connecting", false);
    const peripheral = discovery.peripheral;
    const ctx: SessionContext = {
      dieId: this.tracker.id,
      clock: this.clock,
      sink: this.tracker,
      firstConnection: this.#connections === 0,
      ...(this.logger ? { logger: this.logger } : {}),
    };
    let dropped = false;
    const offDisconnect = peripheral.onDisconnect((reason) => {
      dropped = true;
      if (this.#state === "connected") this.#lost(reason);
    });
    this.#settingUp = peripheral;
    try {
      const session = await withTimeout(this.clock, this.open(peripheral, ctx), SETUP_TIMEOUT_MS, "die setup timed out", () => {
        void peripheral.disconnect().catch(() => undefined);
      });
      this.#settingUp = null;
      if (this.#state !== "connecting" || dropped) {
        offDisconnect();
        await session.close();
        if (this.#state === "connecting") this.#retry("the link dropped during setup");
        return;
      }
      this.#session = session;
      this.#state = "connected";
      this.#connections += 1;
      this.#backoff.reset();
      this.tracker.setLink("connected", true);
      this.logger?.debug({ dieId: this.tracker.id, connections: this.#connections }, "die connected");
      this.#schedulePoll();
    } catch (e) {
      offDisconnect();
      if (this.#settingUp === peripheral) this.#settingUp = null;
      if (this.#state !== "connecting") return;
      if (isLinkLimit(e)) return this.#limited();
      this.#retry((e as Error).message);
    }
  }

  #schedulePoll(): void {
    this.#poll = this.clock.after(POLL_INTERVAL_MS, () => {
      if (this.#state !== "connected" || !this.#session) return;
      this.#session.poll().catch((e: unknown) => this.logger?.debug({ dieId: this.tracker.id, err: String(e) }, "poll failed"));
      this.#schedulePoll();
    });
  }

  #lost(reason: string): void {
    this.logger?.warn({ dieId: this.tracker.id, reason }, "die disconnected");
    this.tracker.gate.linkLost();
    this.#poll?.cancel();
    const s = this.#session;
    this.#session = null;
    void s?.close();
    this.#droppedAt = this.clock.now();
    this.#latest = null;
    this.#wait(`disconnected (${reason})`);
  }

  #retry(reason: string): void {
    this.logger?.info({ dieId: this.tracker.id, reason, retries: this.#backoff.attempt }, "die connect attempt failed");
    this.#droppedAt = this.clock.now();
    this.#latest = null;
    this.#wait(reason);
  }

  /** The adapter holds all the links it can: hand over to the advert path, or wait for a free link. */
  #limited(): void {
    this.logger?.info({ dieId: this.tracker.id }, "the adapter's link limit is reached");
    if (this.onLinkLimit?.()) {
      this.#state = "stopped";
      return;
    }
    this.#droppedAt = this.clock.now();
    this.#latest = null;
    this.#wait("", "waiting for a link", "Waiting for a free Bluetooth link: the adapter's link limit is reached");
  }

  #wait(reason: string, status = "reconnecting", message?: string): void {
    this.#state = "waiting";
    const delay = this.#backoff.next();
    this.tracker.setLink(status, false, message ?? `Reconnecting in ${Math.round(delay / 1000)} s: ${reason}`);
    this.#timer = this.clock.after(delay, () => {
      if (this.#state === "waiting") this.#search();
    });
  }
}
