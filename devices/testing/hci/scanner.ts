/**
 * The controller's LE scan (Vol 4 Part E §7.8.11): while it is on, each die in range that advertises is reported
 * every advertising interval, and again at once when its advert changes — its advert and scan response as LE
 * Advertising Reports; with duplicate filtering, a die is reported again only when what it sends has changed.
 */
import type { Clock, TimerHandle } from "../../common/clock.ts";
import type { EmulatedBleDevice } from "../ble/device.ts";
import { ADV_IND, advertisingReport, advertPayloads, SCAN_RSP } from "./le-scanning.ts";

export class LeScanner {
  #scan: { filterDuplicates: boolean; seen: Map<string, string> } | null = null;
  #timer: TimerHandle | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly devices: () => readonly EmulatedBleDevice[],
    /** Hands an event to the host; false when the controller is silent (nothing is reported). */
    private readonly write: (bytes: Uint8Array) => boolean,
  ) {}

  start(filterDuplicates: boolean): void {
    this.#scan = { filterDuplicates, seen: new Map() };
    const tick = () => {
      for (const d of this.devices()) this.advertise(d);
      this.#timer = this.clock.after(this.intervalMs, tick);
    };
    tick();
  }

  stop(): void {
    this.#scan = null;
    this.#timer?.cancel();
    this.#timer = null;
  }

  /** Reports die `d`'s advert, when scanning and it advertises (and, filtering duplicates, it changed). */
  advertise(d: EmulatedBleDevice): void {
    const scan = this.#scan;
    if (!scan || !d.advertising()) return;
    const { advert, scanResponse } = advertPayloads(d.advertData());
    const key = `${advert.join(",")}|${scanResponse.join(",")}`;
    if (scan.filterDuplicates && scan.seen.get(d.address) === key) return;
    if (!this.write(advertisingReport(ADV_IND, d.address, advert, d.rssi))) return;
    scan.seen.set(d.address, key);
    if (scanResponse.length > 0) this.write(advertisingReport(SCAN_RSP, d.address, scanResponse, d.rssi));
  }
}
