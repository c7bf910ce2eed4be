/**
 * Advert-only Pixels mode: rolls read from the manufacturer data the die broadcasts while NOT connected (dice-ble
 * §1.2), so any number of dice work without the adapter's link limit. The die rewrites the payload on every
 * roll-state or face change and repeats it every 187.5 ms; the roll gate turns that stream into one event per
 * roll (repeats are duplicates). No roll counter exists in the payload, so two rolls landing on the same face
 * with every in-between advert missed look like one (documented limit).
 */

import type { BleDiscovery } from "../../ble/seam.ts";
import type { Clock, TimerHandle } from "../../common/clock.ts";
import type { DieTracker } from "../die-tracker.ts";
import { decodePixelsAdvert } from "./advert.ts";
import { crookedMeansRolled, faceFromIndex, pixelsPhysicalKind } from "./faces.ts";
import { PIXELS_SERVICE_DATA_UUID } from "./ids.ts";

/** No advert for this long: the die is shown as missing (switched off, out of range, or connected elsewhere). */
export const ADVERT_SILENCE_MS = 10_000;

export class PixelsAdvertWatcher {
  #identified = false;
  #heardAt = 0;
  #missing = false;
  #timer: TimerHandle | null = null;

  constructor(
    private readonly tracker: DieTracker,
    private readonly clock: Clock,
    private readonly why = "Advert-only: waiting for the die's first advertisement",
  ) {}

  start(): void {
    if (!this.#identified) this.tracker.setLink("listening", false, this.why);
    this.#watch();
  }

  async stop(): Promise<void> {
    this.#timer?.cancel();
    this.#timer = null;
    this.tracker.setLink("stopped", false);
  }

  #watch(): void {
    this.#timer?.cancel();
    this.#timer = this.clock.after(ADVERT_SILENCE_MS / 2, () => {
      const silent = this.clock.now() - this.#heardAt;
      if (this.#identified && !this.#missing && silent >= ADVERT_SILENCE_MS) {
        this.#missing = true;
        this.tracker.setLink("missing", false, `No advertisement heard for ${Math.round(silent / 1000)} s`);
      }
      this.#watch();
    });
  }

  offer(d: BleDiscovery): void {
    const ad = d.advertisement;
    if (!ad.manufacturerData) return;
    const serviceData = ad.serviceData.find((s) => s.uuid === PIXELS_SERVICE_DATA_UUID)?.data;
    const decoded = decodePixelsAdvert(ad.manufacturerData, serviceData);
    if (!decoded.ok) {
      this.tracker.rejected(ad.manufacturerData, decoded.error);
      return;
    }
    const a = decoded.value;
    this.#heardAt = this.clock.now();
    this.tracker.seen(ad.rssi);
    if (this.#missing) {
      this.#missing = false;
      this.tracker.setLink("listening", true);
    }
    if (!this.#identified) {
      this.#identified = true;
      this.tracker.identified(pixelsPhysicalKind(a.dieType), {
        dieType: a.dieType,
        pixelId: a.pixelId,
        colorway: a.colorway,
        advertOnly: true,
      });
      this.tracker.setLink("listening", true);
    }
    this.tracker.battery(a.batteryLevel, a.charging);
    const state = a.rollState === "crooked" && crookedMeansRolled(a.ledCount, a.buildTimestamp) ? "rolled" : a.rollState;
    const kind = pixelsPhysicalKind(a.dieType) ?? this.tracker.kind();
    this.tracker.observe({ state, face: faceFromIndex(kind, a.dieType, a.faceIndex, a.buildTimestamp), via: "advert" });
  }
}
