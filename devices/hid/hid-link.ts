/**
 * Keeps one HID device open: finds it by vendor/product id, opens it, and when it goes away reports `missing`
 * and looks for it again with backoff (the loop is the shared `common/reopening-link.ts`). A backend that cannot
 * load at all is `unavailable`, with its message.
 */
import { type AttemptOutcome, ReopeningLink, type ReopeningLinkOptions, type ReopeningLinkState } from "../common/reopening-link.ts";
import { type HidBackend, type HidMatch, type HidTransport, HidUnavailableError, matches, vidPid } from "./transport.ts";

export type HidLinkState = ReopeningLinkState<"unavailable">;

export interface HidLinkOptions extends ReopeningLinkOptions {
  readonly match: HidMatch;
  readonly backend: () => Promise<HidBackend>;
}

export class HidLink extends ReopeningLink<"unavailable", HidTransport> {
  readonly #o: HidLinkOptions;

  constructor(options: HidLinkOptions) {
    super(options);
    this.#o = options;
  }

  protected async attempt(settled: () => void, stopped: Promise<void>): Promise<AttemptOutcome> {
    let transport: HidTransport;
    try {
      const backend = await this.#o.backend();
      const info = (await backend.devices()).find((d) => matches(d, this.#o.match));
      if (!info) throw new Error(`No HID device ${vidPid(this.#o.match)} is plugged in (or it is not readable: see the udev rule).`);
      transport = await backend.open(info.path);
    } catch (e) {
      const unavailable = e instanceof HidUnavailableError;
      this.set({ status: unavailable ? "unavailable" : "missing", message: (e as Error).message });
      settled();
      return "failed";
    }
    this.open = transport;
    const offData = transport.onData((r) => this.emitData(r));
    const lost = new Promise<string>((resolve) => transport.onDisconnect((reason) => resolve(reason.message)));
    this.set({ status: "connected" });
    settled();
    const why = await Promise.race([lost, stopped.then(() => "stopped")]);
    offData();
    this.open = null;
    if (this.running) {
      this.logger?.warn({ device: vidPid(this.#o.match), why }, "HID device lost");
      this.set({ status: "missing", message: `HID device ${vidPid(this.#o.match)} disconnected: ${why}` });
    }
    return "lost";
  }
}
