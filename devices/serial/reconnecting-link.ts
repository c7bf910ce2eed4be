/**
 * Keeps one serial device open: opens it, runs the device's handshake, and when the port disappears
 * reports `missing` and retries with exponential backoff until it is back (the loop is the shared
 * `common/reopening-link.ts`). The device's state machine (presence of a tag…) lives above this and survives
 * reconnects, so events are neither lost nor doubled.
 */
import { type AttemptOutcome, ReopeningLink, type ReopeningLinkOptions, type ReopeningLinkState } from "../common/reopening-link.ts";
import type { SerialOptions, SerialTransport, SerialTransportFactory, TransportClosed } from "./transport.ts";

/** Link state as health shows it. `unresponsive`: the port opened but the device did not complete its handshake. */
export type LinkState = ReopeningLinkState<"unresponsive">;

export interface ReconnectingLinkOptions extends ReopeningLinkOptions {
  readonly serial: SerialOptions;
  readonly factory: SerialTransportFactory;
  /** Runs after every successful open (wake-up, configuration); a rejection closes and retries. */
  readonly handshake?: (transport: SerialTransport) => Promise<void>;
}

export class ReconnectingLink extends ReopeningLink<"unresponsive", SerialTransport> {
  readonly #o: ReconnectingLinkOptions;

  constructor(options: ReconnectingLinkOptions) {
    super(options);
    this.#o = options;
  }

  /** The open transport, or null while the device is missing. */
  get transport(): SerialTransport | null {
    return this.open;
  }

  async write(bytes: Uint8Array): Promise<void> {
    const t = this.open;
    if (!t) throw new Error(`${this.#o.serial.path} is not connected`);
    await t.write(bytes);
  }

  /** One attempt: open, handshake, then wait until the link drops. */
  protected async attempt(settled: () => void, stopped: Promise<void>): Promise<AttemptOutcome> {
    const { path } = this.#o.serial;
    const transport = this.#o.factory(this.#o.serial);
    const offData = transport.onData((chunk) => this.emitData(chunk));
    let lost: (reason: TransportClosed) => void = () => undefined;
    const lostPromise = new Promise<TransportClosed>((resolve) => {
      lost = resolve;
    });
    const offLost = transport.onDisconnect((reason) => lost(reason));
    let opened = false;
    try {
      await transport.open();
      opened = true;
      this.open = transport;
      await this.#o.handshake?.(transport);
    } catch (e) {
      offData();
      offLost();
      this.open = null;
      await transport.close().catch(() => undefined);
      const message = (e as Error).message;
      if (this.running) this.set(opened ? { status: "unresponsive", message: `${path}: ${message}` } : { status: "missing", message });
      this.logger?.debug({ path, err: message }, "serial open failed");
      settled();
      return "failed";
    }
    this.set({ status: "connected" });
    settled();
    const reason = await Promise.race([lostPromise, stopped.then(() => ({ disconnected: false, message: "stopped" }))]);
    offData();
    offLost();
    this.open = null;
    if (this.running) {
      this.logger?.warn({ path, reason: reason.message }, "serial device lost");
      this.set({ status: "missing", message: `${path} disconnected: ${reason.message}` });
    }
    return "lost";
  }
}
