/**
 * Keeps noble scanning while someone wants it. Two things of noble's it works around:
 * - noble#191: connecting stops the scan and nothing restarts it, so a wanted scan is started again after every
 *   `scanStop` (a moment later, once the connection is under way).
 * - noble keeps one completion callback per event (its `onceExclusive`): a second `startScanningAsync` before the
 *   first has its `scanStart` (this restart, while a dice source's start waits) drops the first caller's callback,
 *   and that promise never settles — the dice source would wait for ever and never start its dice. So a start or
 *   stop here settles on noble's `scanStart` / `scanStop` event itself, whoever asked for it.
 */
import type { Logger } from "pino";
import type { Clock } from "../common/clock.ts";
import { describeError } from "./noble-state.ts";
import type { Noble } from "./noble-types.ts";
import { type BleScanOptions, uuidKey } from "./seam.ts";

/** How long after a `scanStop` a wanted scan is started again. */
export const RESTART_AFTER_MS = 250;

/** The scan over one loaded noble. */
export class NobleScan {
  #wanted: BleScanOptions | null = null;
  #closed = false;
  readonly #onScanStop = () => this.#restartSoon();

  constructor(
    private readonly noble: Noble,
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {
    noble.on("scanStop", this.#onScanStop as (...args: never[]) => void);
  }

  /** Starts scanning (and keeps it on until {@link stop}); resolves once noble scans. */
  start(scan: BleScanOptions): Promise<void> {
    this.#wanted = scan;
    return this.#settleOn("scanStart", () => this.noble.startScanningAsync(uuidsOf(scan), scan.allowDuplicates));
  }

  /** Stops scanning; resolves once noble has stopped. */
  stop(): Promise<void> {
    this.#wanted = null;
    return this.#settleOn("scanStop", () => this.noble.stopScanningAsync());
  }

  /** The scan is no longer wanted, with nothing to stop (the adapter went away): no restart after this. */
  forget(): void {
    this.#wanted = null;
  }

  /** No more restarts; the `scanStop` listener is removed. */
  close(): void {
    this.#closed = true;
    this.noble.removeListener("scanStop", this.#onScanStop as (...args: never[]) => void);
  }

  #restartSoon(): void {
    const scan = this.#wanted;
    if (!scan || this.#closed) return;
    this.clock.after(RESTART_AFTER_MS, () => {
      if (this.#wanted !== scan || this.#closed) return;
      this.noble.startScanningAsync(uuidsOf(scan), scan.allowDuplicates).catch((e: unknown) => {
        this.log?.warn({ err: describeError(e) }, "restarting the BLE scan failed");
      });
    });
  }

  /** Runs noble's call; settles when it does or when noble emits `event`, whichever is first. */
  #settleOn(event: "scanStart" | "scanStop", call: () => Promise<void>): Promise<void> {
    const noble = this.noble;
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        noble.removeListener(event, done);
        resolve();
      };
      noble.on(event, done);
      call().then(done, (e: unknown) => {
        noble.removeListener(event, done);
        reject(e);
      });
    });
  }
}

function uuidsOf(scan: BleScanOptions): string[] {
  return scan.serviceUuids?.map(uuidKey) ?? [];
}
